export * from './outlier';
