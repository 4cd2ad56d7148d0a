export * from './short-link-resolver';
export * from './redirect-transport';
export * from './safe-redirect-follower';
export * from './markets.service';
export * from './link-resolution.module';
