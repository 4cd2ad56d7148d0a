import { MODES, isMode } from '@reelscout/domain';
import { Command, Option } from 'nest-commander';
import { AccountsService } from '../accounts/accounts.service';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { CliContext, accountByEmail } from './cli-context';
import {
  KeySettingsCommand,
  describeKey,
  keyName,
  keySettingsFromFlags,
} from './key-settings.options';
import { UsageError, str, type Flags } from './operator-command';

@Command({
  name: 'keys:create',
  description: 'create a key; the key is the last line printed',
})
export class KeysCreateCommand extends KeySettingsCommand {
  protected override readonly requiredFlags = ['email'];

  constructor(private readonly context: CliContext) {
    super();
  }

  @Option({
    flags: '--email <address>',
    name: 'email',
    description: "the owner's address (required)",
  })
  email(value: string): string {
    return value;
  }

  @Option({
    flags: '--name <name>',
    name: 'name',
    description: 'the key\'s name (default "<mode> key")',
  })
  name(value: string): string {
    return value;
  }

  @Option({
    flags: '--mode <mode>',
    name: 'mode',
    description: `${MODES.join(' or ')} (default test)`,
  })
  mode(value: string): string {
    return value;
  }

  protected async execute(flags: Flags): Promise<void> {
    const mode = str(flags.mode) ?? 'test';
    if (!isMode(mode)) throw new UsageError(`--mode must be one of ${MODES.join(', ')}`);
    const name = keyName(str(flags.name) ?? `${mode} key`);
    const settings = keySettingsFromFlags(flags);
    const { account, key } = await this.context.run(async (app) => {
      const owner = await accountByEmail(app.get(AccountsService), str(flags.email)!);
      const created = await app
        .get(ApiKeysService)
        .create(owner.id, { ...settings, name, mode }, 'operator');
      return { account: owner, key: created };
    });
    this.io.out(
      `Created ${mode} key "${key.name}" (${key.id}) for ${account.email}${account.apiAccess ? '' : ' (the account has no API access yet: calls get 403)'}.`,
    );
    this.io.out(describeKey(key));
    this.io.out('Store it now: it is shown once and cannot be recovered.');
    this.io.out(key.key);
  }
}
