import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { MediaEnvironment } from './environment/media.env';

/**
 * Every setting Reelscout reads from the environment, validated once at start-up.
 * `.env.example` lists each with its default; keep the two in step. The rules are kept by area
 * in `environment/` (one class extending the next, so one pass validates them all); modules read
 * them through the typed namespaces in `namespaces.ts`, never by name.
 */
export class Environment extends MediaEnvironment {}

/** Used by ConfigModule: returns the typed config or throws one readable error listing every problem. */
export function validateEnvironment(raw: Record<string, unknown>): Environment {
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
  if (!env.DATABASE_URL) {
    problems.push(
      '  - DATABASE_URL: not set. `npm start` runs an embedded Postgres and sets it for you; ' +
        'when running the API directly, point it at a Postgres database.',
    );
  }
  if (problems.length > 0) {
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return env;
}
