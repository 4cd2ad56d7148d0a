export * from './short-link-resolver';
export * from './markets.service';
export * from './link-resolution.module';
