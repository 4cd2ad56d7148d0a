import { type DynamicModule, Module } from '@nestjs/common';
import { AccessGrantCommand, AccessRevokeCommand } from './access.command';
import { AccountsCreateCommand } from './accounts-create.command';
import { AccountsListCommand } from './accounts-list.command';
import { BalanceCommand } from './balance.command';
import { CliContext } from './cli-context';
import { CliModule } from './cli.module';
import { CliEnvironment } from './cli-environment';
import { CliProgram } from './cli-program';
import { CreditAddCommand } from './credit-add.command';
import { DisputesCloseCommand } from './disputes-close.command';
import { InvitesCreateCommand } from './invites-create.command';
import { KeysCreateCommand } from './keys-create.command';
import { KeysRevokeCommand } from './keys-revoke.command';
import { KeysUpdateCommand } from './keys-update.command';
import { MigrateCommand } from './migrate.command';
import { OpenApiCommand } from './openapi.command';
import { CLI_IO, type CliIo } from './operator-command';
import { ProvidersCheckCommand } from './providers-check.command';
import { ResetLinkCommand } from './reset-link.command';

/** The order `npm run cli -- --help` lists them in. */
export const COMMANDS = [
  MigrateCommand,
  InvitesCreateCommand,
  AccountsCreateCommand,
  AccountsListCommand,
  AccessGrantCommand,
  AccessRevokeCommand,
  KeysCreateCommand,
  KeysUpdateCommand,
  KeysRevokeCommand,
  CreditAddCommand,
  BalanceCommand,
  DisputesCloseCommand,
  ResetLinkCommand,
  ProvidersCheckCommand,
  OpenApiCommand,
];

/**
 * The operator CLI's commands, one class each, with the database services (CliModule) in the
 * same container: one per run. Starting it touches no database: commands that need one open it
 * through CliContext. An environment that did not validate leaves the services out (a command
 * that needs them reports why).
 */
@Module({})
export class CliCommandsModule {
  static register(io: CliIo, environment: CliEnvironment): DynamicModule {
    return {
      module: CliCommandsModule,
      imports: environment.valid ? [CliModule.register(environment.valid)] : [],
      providers: [
        { provide: CLI_IO, useValue: io },
        CliProgram,
        { provide: CliEnvironment, useValue: environment },
        CliContext,
        ...COMMANDS,
      ],
    };
  }
}
