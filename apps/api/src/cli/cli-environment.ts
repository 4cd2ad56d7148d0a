import { loadEnvironment, type Environment } from '../config';

/**
 * The run's environment (and `.env`), validated once when the run starts, without requiring
 * DATABASE_URL: the commands that touch no database (openapi, providers:check, migrate's own
 * check) run without it. An environment that fails validation does not stop help or argument
 * checks; a command that needs a setting reports the validation's error (exit 1).
 */
export class CliEnvironment {
  private constructor(
    private readonly validated: Environment | null,
    private readonly problem: unknown,
  ) {}

  static load(): CliEnvironment {
    try {
      return new CliEnvironment(loadEnvironment({}, { requireDatabase: false }), null);
    } catch (error) {
      return new CliEnvironment(null, error);
    }
  }

  /** The validated environment, when it validated. */
  get valid(): Environment | null {
    return this.validated;
  }

  get(): Environment {
    if (!this.validated) throw this.problem;
    return this.validated;
  }
}
