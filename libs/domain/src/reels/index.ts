export * from './outlier';
export * from './scan-sort';
