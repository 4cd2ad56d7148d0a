import { Inject } from '@nestjs/common';
import { DomainError } from '@reelscout/domain';
import { CommandRunner } from 'nest-commander';

/** Where a command writes: the process's stdout and stderr, or a test's lines. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export const CLI_IO = Symbol('CLI_IO');

/** Bad arguments: printed with the command's help, exit code 2. */
export class UsageError extends Error {}

/** A command that has said why it failed; the process ends with `exitCode`. */
export class CommandExit extends Error {
  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`);
  }
}

/** Not safe to run commands against this database: its schema is behind this code's. */
export class NotMigratedError extends Error {}

/**
 * The one place the CLI's exit codes are decided (docs/cli.md): 0 done, 1 the work failed
 * (a domain error, a database not migrated), 2 bad arguments. Each command implements
 * `execute` with its typed options (what its `@Option` parsers returned, by option name);
 * whatever it, or one of its parsers, throws is reported here and ends as `CommandExit`.
 * Required options are `@Option({ required: true })`: commander refuses a run without them.
 */
export abstract class OperatorCommand<Options extends object = object> extends CommandRunner {
  @Inject(CLI_IO) protected readonly io!: CliIo;

  protected abstract execute(options: Options): Promise<void>;

  async run(_params: string[], options: Record<string, unknown> = {}): Promise<void> {
    try {
      // nest-commander hands over what the @Option parsers returned, under their names.
      await this.execute(options as Options);
    } catch (error) {
      throw this.exitFor(error);
    }
  }

  /**
   * An option parser's value, from `parse`; a usage error there is reported as one from
   * `execute` is (commander passes on what a parser throws, other than its own error type).
   */
  protected parsed<T>(parse: () => T): T {
    try {
      return parse();
    } catch (error) {
      throw this.exitFor(error);
    }
  }

  private exitFor(error: unknown): CommandExit {
    if (error instanceof CommandExit) return error;
    if (error instanceof UsageError) {
      this.io.err(`error: ${error.message}\n\n${this.command.helpInformation().trimEnd()}`);
      return new CommandExit(2);
    }
    if (error instanceof NotMigratedError || error instanceof DomainError) {
      this.io.err(error.message);
    } else {
      this.io.err(`Failed: ${(error as Error).message}`);
    }
    return new CommandExit(1);
  }
}
