import { Command, Option } from 'nest-commander';
import {
  missingCheckSettings,
  runProviderCheck,
  type ProviderCheckOptions,
} from '../providers/live/provider-check';
import type { Environment } from '../config';
import { CliEnvironment } from './cli-environment';
import { CommandExit, OperatorCommand, type CliIo } from './operator-command';

interface ProvidersCheckOptions {
  instagramUrl?: string;
  youtubeId?: string;
}

/** The settings `providers:check` takes from the validated environment. */
export function checkSettingsOf(
  env: Pick<
    Environment,
    'VIDEO_PROVIDER_BASE_URL' | 'VIDEO_PROVIDER_API_KEY' | 'VIDEO_PROVIDER_REGION'
  >,
): Pick<ProviderCheckOptions, 'baseUrl' | 'apiKey' | 'region'> {
  return {
    baseUrl: env.VIDEO_PROVIDER_BASE_URL?.trim() || undefined,
    apiKey: env.VIDEO_PROVIDER_API_KEY?.trim() || undefined,
    region: env.VIDEO_PROVIDER_REGION || 'US',
  };
}

/**
 * `providers:check`: the live video-data endpoints, once each, with the operator's credentials
 * from the environment (`settings`). Exit 0 when every endpoint that could be called answered;
 * 1 when one failed; 2 when a setting is missing.
 */
export async function providersCheck(
  flags: { instagramUrl?: string; youtubeId?: string },
  io: CliIo,
  settings: Partial<ProviderCheckOptions> = {},
): Promise<number> {
  const options: ProviderCheckOptions = { region: 'US', ...flags, ...settings };
  const missing = missingCheckSettings(options);
  if (missing.length > 0) {
    io.err(
      `providers:check needs ${missing.join(' and ')} (set in the environment or .env); ` +
        'nothing was called.',
    );
    return 2;
  }
  io.out(`Checking ${options.baseUrl} (region ${options.region}) …`);
  const started = Date.now();
  const results = await runProviderCheck(options, (result) => {
    const latency =
      result.latencyMs === null ? '     -' : `${String(result.latencyMs).padStart(5)} ms`;
    io.out(
      `${result.outcome.padEnd(7)} ${latency}  ${result.endpoint}  ${result.outcome === 'ok' ? '' : result.detail}`.trimEnd(),
    );
  });
  const failed = results.filter((result) => result.outcome === 'failed').length;
  const skipped = results.filter((result) => result.outcome === 'skipped').length;
  io.out(
    `${results.length - failed - skipped} ok, ${failed} failed, ${skipped} skipped ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return failed > 0 ? 1 : 0;
}

@Command({
  name: 'providers:check',
  description:
    'call every video-data endpoint the live adapter uses once, with VIDEO_PROVIDER_* ' +
    'credentials; prints ok or the error and the latency per endpoint (no database)',
})
export class ProvidersCheckCommand extends OperatorCommand<ProvidersCheckOptions> {
  constructor(private readonly environment: CliEnvironment) {
    super();
  }

  @Option({
    flags: '--instagram-url <url>',
    name: 'instagramUrl',
    description: 'an Instagram post to fetch',
  })
  instagramUrl(value: string): string {
    return value;
  }

  @Option({
    flags: '--youtube-id <id>',
    name: 'youtubeId',
    description: 'a YouTube video to fetch',
  })
  youtubeId(value: string): string {
    return value;
  }

  protected async execute(options: ProvidersCheckOptions): Promise<void> {
    const code = await providersCheck(
      { instagramUrl: options.instagramUrl, youtubeId: options.youtubeId },
      this.io,
      checkSettingsOf(this.environment.get()),
    );
    if (code !== 0) throw new CommandExit(code);
  }
}
