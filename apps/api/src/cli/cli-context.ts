import { Injectable, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { DomainError } from '@reelscout/domain';
import { isEmail } from 'class-validator';
import { AccountsService, normaliseEmail } from '../accounts/accounts.service';
import { databaseUrlOf } from '../config';
import { DatabaseRepository } from '../repositories/database.repository';
import { CliEnvironment } from './cli-environment';
import { NotMigratedError, UsageError } from './operator-command';

/**
 * The rule the dashboard applies at sign-in (SignInDto: IsEmail, at most 254 characters) to the
 * address as stored (normalised). An account whose e-mail fails it could never sign in.
 */
export function isAccountEmail(value: string): boolean {
  const email = normaliseEmail(value);
  return email.length <= 254 && isEmail(email);
}

export const invalidEmail = (value: string) =>
  new UsageError(`--email must be an e-mail address such as ada@example.com, got "${value}"`);

/** The account with this e-mail; a miss on an address that is not one is a usage error. */
export async function accountByEmail(accounts: AccountsService, email: string) {
  const account = await accounts.findByEmail(email);
  if (account) return account;
  if (!isAccountEmail(email)) throw invalidEmail(email);
  throw new DomainError('not_found', `No account with e-mail ${email}.`);
}

/** The run's services, as a command's work reaches them. */
export interface CliServices {
  get<T>(type: Type<T>): T;
}

/**
 * The database-backed services of the run's container, opened only for the commands that need
 * them (openapi, providers:check and migrate run without a database) and only after the
 * arguments were checked. Refuses to run anything while the database has pending migrations.
 */
@Injectable()
export class CliContext {
  constructor(
    private readonly environment: CliEnvironment,
    private readonly moduleRef: ModuleRef,
  ) {}

  async run<T>(work: (services: CliServices) => Promise<T>): Promise<T> {
    databaseUrlOf(this.environment.get());
    // The services live in CliModule, imported beside the commands: look past this module.
    const services: CliServices = { get: (type) => this.moduleRef.get(type, { strict: false }) };
    const dataSource = services.get(DataSource);
    await dataSource.initialize();
    try {
      const pending = await services.get(DatabaseRepository).getPendingMigrations();
      if (pending.length) {
        throw new NotMigratedError(
          `The database has ${pending.length} pending migration(s) (${pending.join(', ')}); ` +
            'nothing was changed. Run `npm run migrate` first.',
        );
      }
      return await work(services);
    } finally {
      await dataSource.destroy();
    }
  }
}
