import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/**
 * The one description of our database for TypeORM. Schema changes only through
 * MIGRATIONS; `synchronize` stays off everywhere.
 */
export function dataSourceOptions(url: string, overrides: Partial<DataSourceOptions> = {}) {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    logging: ['error', 'warn', 'migration'],
    extra: { max: 20, connectionTimeoutMillis: 5_000, application_name: 'reelscout' },
    ...overrides,
  } as DataSourceOptions;
}
