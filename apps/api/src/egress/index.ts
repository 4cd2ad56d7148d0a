export * from './egress.errors';
export * from './egress-policy';
export * from './egress-guard';
export * from './egress.module';
