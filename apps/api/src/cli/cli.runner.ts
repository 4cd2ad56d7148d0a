import { CommandFactory, CommandRunnerService } from 'nest-commander';
import { CliCommandsModule, startInPreview } from './cli-commands.module';
import { CliEnvironment } from './cli-environment';
import { CliProgram, type Program } from './cli-program';
import { OPENAPI_COMMAND } from './openapi.command';
import { CommandExit, type CliIo } from './operator-command';

export { isAccountEmail } from './cli-context';
export {
  keySettingsFromOptions,
  parseExpiresAt,
  parseOperations,
  parseUsdLimit,
} from './key-settings.options';
export type { CliIo } from './operator-command';

const PROGRAM = 'npm run cli --';

const ROOT_HELP = `
--email takes an e-mail address (the rule the dashboard's sign-in form applies).
\`npm run cli -- <command> --help\` lists a command's options.

Exit codes: 0 done; 1 the command failed (nothing found, a provider check failed, the database
has pending migrations); 2 bad arguments (with the command's help); 130/143 interrupted.

Database: DATABASE_URL when set, else the embedded Postgres in .data/postgres.
The embedded database is migrated before each command. A DATABASE_URL database is never
migrated implicitly: commands refuse to run while it has pending migrations; run
\`npm run migrate\` first.`;

/** Commander's own exits: asked-for help and version end well; anything else is a usage error. */
function exitCodeOf(error: unknown): number {
  if (error instanceof CommandExit) return error.exitCode;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('commander.')) {
    return code === 'commander.helpDisplayed' || code === 'commander.version' ? 0 : 2;
  }
  throw error;
}

/**
 * Commander's refusal of a run without a required option, in the CLI's own words (docs/cli.md):
 * `error: keys:create needs --email`.
 */
const MISSING_REQUIRED = /^error: required option '(--[a-z-]+)[^']*' not specified/;

/** Every command, the root included, writes through `io` and reports instead of exiting. */
function configure(command: Program, io: CliIo): void {
  const line = (write: (line: string) => void) => (text: string) => write(text.replace(/\n$/, ''));
  command.configureOutput({
    writeOut: line(io.out),
    writeErr: line(io.err),
    outputError: (text, write) =>
      write(
        text.replace(
          MISSING_REQUIRED,
          (_, flag: string) => `error: ${command.name()} needs ${flag}`,
        ),
      ),
  });
  command.exitOverride();
  command.showHelpAfterError();
  for (const sub of command.commands) configure(sub, io);
}

/**
 * Runs one CLI command (argv without node and the script); returns the process exit code.
 * Help is generated from the command classes (nest-commander over commander).
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let failure: unknown = null;
  // One container for the run: the commands and, when the environment validated, their services;
  // for `openapi`, the API's modules, scanned in Nest's preview mode (CliCommandsModule).
  const environment = CliEnvironment.load();
  const scan = argv[0] === OPENAPI_COMMAND;
  if (scan) startInPreview();
  const app = await CommandFactory.createWithoutRunning(
    CliCommandsModule.register(io, environment, { scan }),
    {
      logger: ['error'],
      abortOnError: false,
      preview: scan,
      serviceErrorHandler: (error) => {
        failure = error;
      },
    },
  );
  try {
    const program = app.get(CliProgram).root;
    program.name(PROGRAM).addHelpText('after', ROOT_HELP);
    configure(program, io);
    await app.get(CommandRunnerService).run(['node', 'cli', ...argv]);
    return failure === null ? 0 : exitCodeOf(failure);
  } finally {
    await app.close();
  }
}
