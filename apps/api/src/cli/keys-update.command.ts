import { Command, Option } from 'nest-commander';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { CliContext } from './cli-context';
import {
  KeySettingsCommand,
  describeKey,
  keyName,
  keySettingsFromOptions,
  type KeySettingsOptions,
} from './key-settings.options';
import { UsageError } from './operator-command';

interface KeysUpdateOptions extends KeySettingsOptions {
  id: string;
  name?: string;
}

@Command({
  name: 'keys:update',
  description: "change a key's settings (audited as operator); none clears a setting",
})
export class KeysUpdateCommand extends KeySettingsCommand<KeysUpdateOptions> {
  constructor(private readonly context: CliContext) {
    super();
  }

  @Option({
    flags: '--id <id>',
    name: 'id',
    description: "the key's id (required)",
    required: true,
  })
  id(value: string): string {
    return value;
  }

  @Option({ flags: '--name <name>', name: 'name', description: 'a new name' })
  name(value: string): string {
    return this.parsed(() => keyName(value));
  }

  protected async execute(options: KeysUpdateOptions): Promise<void> {
    const settings = keySettingsFromOptions(options);
    if (options.name !== undefined) settings.name = options.name;
    if (!Object.keys(settings).length)
      throw new UsageError('keys:update needs at least one setting to change');
    const key = await this.context.run((app) =>
      app.get(ApiKeysService).updateById(options.id, settings),
    );
    this.io.out(`Updated key "${key.name}" (${key.id}, ${key.start}, ${key.status})`);
    this.io.out(describeKey(key));
  }
}
