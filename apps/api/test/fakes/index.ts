/**
 * Fakes of Reelscout's outside systems for tests, all on 127.0.0.1 with a random port.
 * See README.md in this folder.
 */
export * from './fake-http';
export * from './fake-provider';
export * from './fake-openai';
export * from './provider-payloads';
export * from './stub-sandbox-renderer';
export * from './tikhub-contract';
