import type { ConfigService } from '@nestjs/config';
import type { Environment } from './environment';

/** The validated environment, typed: `config.get('API_PORT', { infer: true })`. */
export type AppConfigService = ConfigService<Environment, true>;
