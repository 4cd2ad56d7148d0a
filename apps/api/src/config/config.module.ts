import { type DynamicModule } from '@nestjs/common';
import { ConfigModule, registerAs } from '@nestjs/config';
import { validateEnvironment, type Environment } from './environment';
import { CONFIG_NAMESPACES } from './namespaces';

/**
 * The global configuration: the environment (and `.env`) validated once, and every namespace of
 * `namespaces.ts` mapped from that one validated copy. It is read when this is called (when an app
 * is created), not when the file is imported, so a process can create apps with different
 * environments (tests).
 *
 * `validated` (a process that validated its environment at start-up, `loadEnvironment`): use it
 * as it is, so the process validates once. `environment` (specs that build a module alone):
 * validate this object instead. Either way the process environment and `.env` are not read here.
 */
export function configModule(
  options: { environment?: Record<string, unknown>; validated?: Environment } = {},
): Promise<DynamicModule> {
  let validated: Environment | undefined;
  const environment = (): Environment => {
    if (!validated) throw new Error('the configuration was read before it was validated');
    return validated;
  };
  // Same tokens as the exported namespaces (so `@Inject(xConfig.KEY)` finds them), but bound to
  // this module's own validation rather than validating again.
  const load = CONFIG_NAMESPACES.map((ns) => registerAs(ns.token, () => ns.from(environment())));
  if (options.validated || options.environment) {
    validated = options.validated ?? validateEnvironment(options.environment!);
    return ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, ignoreEnvVars: true, load });
  }
  return ConfigModule.forRoot({
    isGlobal: true,
    cache: true,
    envFilePath: ['.env'],
    validate: (raw) => (validated = validateEnvironment(raw)),
    load,
  });
}
