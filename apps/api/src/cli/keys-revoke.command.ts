import { Command, Option } from 'nest-commander';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { CliContext } from './cli-context';
import { OperatorCommand, str, type Flags } from './operator-command';

@Command({ name: 'keys:revoke', description: 'revoke a key' })
export class KeysRevokeCommand extends OperatorCommand {
  protected override readonly requiredFlags = ['key-id'];

  constructor(private readonly context: CliContext) {
    super();
  }

  @Option({
    flags: '--key-id <id>',
    name: 'key-id',
    description: "the key's id (required)",
  })
  keyId(value: string): string {
    return value;
  }

  protected async execute(flags: Flags): Promise<void> {
    const key = await this.context.run((app) =>
      app.get(ApiKeysService).revokeById(str(flags['key-id'])!),
    );
    this.io.out(`Revoked key ${key.id} (${key.start})`);
  }
}
