export * from './errors';
export * from './money';
export * from './prices';
export * from './modes';
export * from './markets';
export * from './api-keys';
export * from './views';
export * from './watches';
