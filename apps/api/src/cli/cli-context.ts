import { Injectable, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DomainError } from '@reelscout/domain';
import { isEmail } from 'class-validator';
import { AccountsService, normaliseEmail } from '../accounts/accounts.service';
import { databaseUrlOf } from '../config';
import { DatabaseRepository } from '../repositories/database.repository';
import { CliModule } from './cli.module';
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

/**
 * The database-backed services, started only for the commands that need them (openapi,
 * providers:check and migrate run without a database) and only after the arguments were
 * checked. Refuses to run anything while the database has pending migrations.
 */
@Injectable()
export class CliContext {
  constructor(private readonly environment: CliEnvironment) {}

  async run<T>(work: (app: INestApplicationContext) => Promise<T>): Promise<T> {
    const environment = this.environment.get();
    databaseUrlOf(environment);
    const app = await NestFactory.createApplicationContext(CliModule.register(environment), {
      logger: ['error'],
      abortOnError: false,
    });
    try {
      const pending = await app.get(DatabaseRepository).getPendingMigrations();
      if (pending.length) {
        throw new NotMigratedError(
          `The database has ${pending.length} pending migration(s) (${pending.join(', ')}); ` +
            'nothing was changed. Run `npm run migrate` first.',
        );
      }
      return await work(app);
    } finally {
      await app.close();
    }
  }
}
