export { configModule } from './config.module';
export {
  databaseUrlOf,
  loadEnvironment,
  validateEnvironment,
  type Environment,
} from './environment';
export * from './namespaces';
