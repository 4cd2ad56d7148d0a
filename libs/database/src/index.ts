export * from './data-source-options';
export * from './entities';
export * from './migrate';
export * from './prepared';
export { MIGRATIONS } from './migrations';
