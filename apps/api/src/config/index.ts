export { configModule } from './config.module';
export { validateEnvironment, type Environment } from './environment';
export * from './namespaces';
