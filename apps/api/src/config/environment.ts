import { existsSync } from 'node:fs';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ObservabilityEnvironment } from './environment/observability.env';

/**
 * Every setting Reelscout reads from the environment, validated once at start-up.
 * `.env.example` lists each with its default; keep the two in step. The rules are kept by area
 * in `environment/` (one class extending the next, so one pass validates them all); modules read
 * them through the typed namespaces in `namespaces.ts`, never by name.
 */
export class Environment extends ObservabilityEnvironment {}

const DATABASE_URL_MISSING =
  '  - DATABASE_URL: not set. `npm start` runs an embedded Postgres and sets it for you; ' +
  'when running the API directly, point it at a Postgres database.';

const invalid = (problems: string[]) => new Error(`Invalid configuration:\n${problems.join('\n')}`);

/**
 * Returns the typed config or throws one readable error listing every problem.
 * `requireDatabase: false` (CLI commands that touch no database) lets DATABASE_URL be unset;
 * `databaseUrlOf` then asks for it where it is needed.
 */
export function validateEnvironment(
  raw: Record<string, unknown>,
  options: { requireDatabase?: boolean } = {},
): Environment {
  const env = plainToInstance(Environment, raw, {
    enableImplicitConversion: true,
    excludeExtraneousValues: false,
  });
  const errors = validateSync(env, { skipMissingProperties: false, whitelist: false });
  const problems = errors.flatMap((error) =>
    Object.values(error.constraints ?? {}).map((message) => `  - ${error.property}: ${message}`),
  );
  if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
    problems.push('  - AUTH_SECRET: required when NODE_ENV=production');
  }
  if (options.requireDatabase !== false && !env.DATABASE_URL) problems.push(DATABASE_URL_MISSING);
  if (problems.length > 0) throw invalid(problems);
  return env;
}

/** DATABASE_URL of an environment validated without it, or the error validation would give. */
export function databaseUrlOf(env: Environment): string {
  if (!env.DATABASE_URL) throw invalid([DATABASE_URL_MISSING]);
  return env.DATABASE_URL;
}

/**
 * A process's one validation of its environment, at start-up: `.env` (when there is one; the
 * process environment wins over it) and the process environment, with `overrides` on top. The
 * process hands the result to `configModule` rather than having Nest validate again.
 */
export function loadEnvironment(
  overrides: Record<string, string> = {},
  options: { requireDatabase?: boolean } = {},
): Environment {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return validateEnvironment({ ...process.env, ...overrides }, options);
}
