import { Command, Option } from 'nest-commander';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { CliContext } from './cli-context';
import { OperatorCommand } from './operator-command';

interface KeysRevokeOptions {
  keyId: string;
}

@Command({ name: 'keys:revoke', description: 'revoke a key' })
export class KeysRevokeCommand extends OperatorCommand<KeysRevokeOptions> {
  constructor(private readonly context: CliContext) {
    super();
  }

  @Option({
    flags: '--key-id <id>',
    name: 'keyId',
    description: "the key's id (required)",
    required: true,
  })
  keyId(value: string): string {
    return value;
  }

  protected async execute(options: KeysRevokeOptions): Promise<void> {
    const key = await this.context.run((app) => app.get(ApiKeysService).revokeById(options.keyId));
    this.io.out(`Revoked key ${key.id} (${key.start})`);
  }
}
