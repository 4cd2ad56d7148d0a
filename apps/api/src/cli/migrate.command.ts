import { runMigrations } from '@reelscout/database';
import { Command } from 'nest-commander';
import { CliEnvironment } from './cli-environment';
import { OperatorCommand, UsageError } from './operator-command';

@Command({ name: 'migrate', description: 'apply pending database migrations' })
export class MigrateCommand extends OperatorCommand {
  constructor(private readonly environment: CliEnvironment) {
    super();
  }

  protected async execute(): Promise<void> {
    const url = this.environment.get().DATABASE_URL;
    if (!url) throw new UsageError('DATABASE_URL is not set.');
    const applied = await runMigrations(url);
    this.io.out(
      applied.length
        ? `Applied ${applied.length} migration(s): ${applied.join(', ')}`
        : 'Database is up to date.',
    );
  }
}
