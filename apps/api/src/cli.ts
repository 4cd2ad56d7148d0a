import 'reflect-metadata';
import { runCli } from './cli/cli.runner';

/**
 * The operator CLI (`npm run cli -- <command>`); `npm run migrate` runs `migrate`.
 * scripts/cli.js sets DATABASE_URL (embedded Postgres) when the caller has none.
 */
runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
