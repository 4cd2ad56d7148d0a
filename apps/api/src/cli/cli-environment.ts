import { Injectable } from '@nestjs/common';
import { loadEnvironment, type Environment } from '../config';

/**
 * The run's environment (and `.env`), validated once, on first use: the commands that touch no
 * database (openapi, providers:check, migrate's own check) run without DATABASE_URL, and the
 * database commands build their services from this same validation.
 */
@Injectable()
export class CliEnvironment {
  private validated?: Environment;

  get(): Environment {
    this.validated ??= loadEnvironment({}, { requireDatabase: false });
    return this.validated;
  }
}
