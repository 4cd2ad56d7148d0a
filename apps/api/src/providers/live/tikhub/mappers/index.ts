/**
 * Pure mapping from the TikHub-compatible provider's payloads (docs/configuration.md) to our domain
 * types. Every known shape is accepted: the networks' app format ("aweme"), network_a's web
 * format (`itemStruct`, `statsV2` strings preferred), the creative-center sound chart, and the
 * Instagram and YouTube lookups. Missing values are `null`.
 */

export * from './common';
export * from './app';
export * from './web';
export * from './chart';
export * from './instagram';
export * from './youtube';
export * from './lists';
export * from './status';
export * from './captions';
