import { Command, Option } from 'nest-commander';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { CliContext } from './cli-context';
import {
  KeySettingsCommand,
  describeKey,
  keyName,
  keySettingsFromFlags,
} from './key-settings.options';
import { UsageError, str, type Flags } from './operator-command';

@Command({
  name: 'keys:update',
  description: "change a key's settings (audited as operator); none clears a setting",
})
export class KeysUpdateCommand extends KeySettingsCommand {
  protected override readonly requiredFlags = ['id'];

  constructor(private readonly context: CliContext) {
    super();
  }

  @Option({
    flags: '--id <id>',
    name: 'id',
    description: "the key's id (required)",
  })
  id(value: string): string {
    return value;
  }

  @Option({ flags: '--name <name>', name: 'name', description: 'a new name' })
  name(value: string): string {
    return value;
  }

  protected async execute(flags: Flags): Promise<void> {
    const settings = keySettingsFromFlags(flags);
    const name = str(flags.name);
    if (name !== undefined) settings.name = keyName(name);
    if (!Object.keys(settings).length)
      throw new UsageError('keys:update needs at least one setting to change');
    const key = await this.context.run((app) =>
      app.get(ApiKeysService).updateById(str(flags.id)!, settings),
    );
    this.io.out(`Updated key "${key.name}" (${key.id}, ${key.start}, ${key.status})`);
    this.io.out(describeKey(key));
  }
}
