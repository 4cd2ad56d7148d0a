/**
 * How scan ranks the reels it keeps before `limit` applies: `traction` is the SPEC's order
 * (plays, then likes); `outlier` and `relevance` are additive choices.
 */
export const SCAN_SORTS = ['traction', 'outlier', 'relevance'] as const;
export type ScanSort = (typeof SCAN_SORTS)[number];
