export * from './sandbox-media.module';
export * from './sandbox-media.types';
export * from './sandbox-media.renderer';
