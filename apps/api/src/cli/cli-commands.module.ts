import { type DynamicModule, Module } from '@nestjs/common';
import { InitializeOnPreviewAllowlist } from '@nestjs/core';
import { CommandRunnerModule } from 'nest-commander';
import { AppModule } from '../app.module';
import type { Environment } from '../config';
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
 *
 * The `openapi` run (`scan: true`) holds the API's own modules instead of the database services,
 * scanned but not started: its container is built in Nest's preview mode, in which only the
 * modules of `PREVIEW_STARTED` are instantiated (the commands and nest-commander's runner).
 */
@Module({})
export class CliCommandsModule {
  static register(
    io: CliIo,
    environment: CliEnvironment,
    run: { scan?: boolean } = {},
  ): DynamicModule {
    const valid = environment.valid;
    const services = !valid
      ? []
      : run.scan
        ? [AppModule.register(previewEnvironment(valid))]
        : [CliModule.register(valid)];
    return {
      module: CliCommandsModule,
      imports: services,
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

/** An empty DATABASE_URL counts as unset, as everywhere else (scripts/lib/database.js). */
function previewEnvironment(environment: Environment): Environment {
  return {
    ...environment,
    DATABASE_URL: environment.DATABASE_URL || 'postgres://preview@127.0.0.1:5432/preview',
  };
}

/**
 * The modules a preview-mode run still instantiates: ours, nest-commander's runner and the
 * discovery module that runner imports to find the commands (Nest's own core module is always
 * instantiated).
 */
export function startInPreview(): void {
  const runner = CommandRunnerModule.forModule();
  for (const module of [CliCommandsModule, CommandRunnerModule, ...(runner.imports ?? [])]) {
    if (typeof module === 'function') InitializeOnPreviewAllowlist.add(module);
  }
}
