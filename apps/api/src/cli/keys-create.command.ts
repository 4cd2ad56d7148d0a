import { MODES, type Mode } from '@reelscout/domain';
import { Command, Option } from 'nest-commander';
import { AccountsService } from '../accounts/accounts.service';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { CliContext, accountByEmail } from './cli-context';
import { parseMode } from './cli-options';
import {
  KeySettingsCommand,
  describeKey,
  keyName,
  keySettingsFromOptions,
  type KeySettingsOptions,
} from './key-settings.options';

interface KeysCreateOptions extends KeySettingsOptions {
  email: string;
  name?: string;
  mode?: Mode;
}

@Command({
  name: 'keys:create',
  description: 'create a key; the key is the last line printed',
})
export class KeysCreateCommand extends KeySettingsCommand<KeysCreateOptions> {
  constructor(private readonly context: CliContext) {
    super();
  }

  @Option({
    flags: '--email <address>',
    name: 'email',
    description: "the owner's address (required)",
    required: true,
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
    return this.parsed(() => keyName(value));
  }

  @Option({
    flags: '--mode <mode>',
    name: 'mode',
    description: `${MODES.join(' or ')} (default test)`,
  })
  mode(value: string): Mode {
    return this.parsed(() => parseMode(value));
  }

  protected async execute(options: KeysCreateOptions): Promise<void> {
    const mode = options.mode ?? 'test';
    const name = options.name ?? `${mode} key`;
    const settings = keySettingsFromOptions(options);
    const { account, key } = await this.context.run(async (app) => {
      const owner = await accountByEmail(app.get(AccountsService), options.email);
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
