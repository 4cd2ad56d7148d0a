/** Metadata on /v1 routes that leave no usage record (they are not calls of a billed operation). */
export const NO_USAGE_RECORD = 'reelscout:no-usage-record';
