export { TikhubVideoDataProvider } from './tikhub-video-data.provider';
export type { TikhubVideoDataSettings } from './client';
export { SEARCH_STRATEGIES, type SearchStrategy } from './search';
export type { PageState } from './search-page';
