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

/** What every command's options map holds: flag name (as written, without `--`) to value. */
export type Flags = Record<string, string | true | undefined>;

/**
 * The one place the CLI's exit codes are decided (docs/cli.md): 0 done, 1 the work failed
 * (a domain error, a database not migrated), 2 bad arguments. Each command implements
 * `execute`; whatever it throws is reported here and ends as `CommandExit`.
 */
export abstract class OperatorCommand extends CommandRunner {
  @Inject(CLI_IO) protected readonly io!: CliIo;

  /** Flags the command cannot run without (their help says "required"). */
  protected readonly requiredFlags: readonly string[] = [];

  protected abstract execute(flags: Flags): Promise<void>;

  async run(_params: string[], flags: Flags = {}): Promise<void> {
    try {
      const missing = this.requiredFlags.find((name) => flags[name] === undefined);
      if (missing) throw new UsageError(`${this.command.name()} needs --${missing}`);
      await this.execute(flags);
    } catch (error) {
      if (error instanceof CommandExit) throw error;
      if (error instanceof UsageError) {
        this.io.err(`error: ${error.message}\n\n${this.command.helpInformation().trimEnd()}`);
        throw new CommandExit(2);
      }
      if (error instanceof NotMigratedError || error instanceof DomainError) {
        this.io.err(error.message);
      } else {
        this.io.err(`Failed: ${(error as Error).message}`);
      }
      throw new CommandExit(1);
    }
  }
}

/** A value flag as a string; absent (or a bare boolean) is undefined. */
export const str = (value: string | true | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;
