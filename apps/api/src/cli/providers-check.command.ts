import {
  missingCheckSettings,
  runProviderCheck,
  type ProviderCheckOptions,
} from '../providers/live/provider-check';
import type { CliIo } from './cli.runner';

/**
 * `providers:check`: the live video-data endpoints, once each, with the operator's credentials
 * from the environment. Exit 0 when every endpoint that could be called answered; 1 when one
 * failed; 2 when a setting is missing.
 */
export async function providersCheck(
  flags: { instagramUrl?: string; youtubeId?: string },
  io: CliIo,
  overrides: Partial<ProviderCheckOptions> = {},
): Promise<number> {
  const options: ProviderCheckOptions = {
    baseUrl: process.env.VIDEO_PROVIDER_BASE_URL?.trim() || undefined,
    apiKey: process.env.VIDEO_PROVIDER_API_KEY?.trim() || undefined,
    region: process.env.VIDEO_PROVIDER_REGION?.trim().toUpperCase() || 'US',
    ...flags,
    ...overrides,
  };
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
