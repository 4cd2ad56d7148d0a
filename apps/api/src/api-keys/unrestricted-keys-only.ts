/** Metadata: a key restricted to some operations is refused here (403 `resource_not_allowed`). */
export const UNRESTRICTED_KEYS_ONLY = 'reelscout:unrestricted-keys-only';
