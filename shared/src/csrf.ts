export const CSRF_HEADER = 'X-CSRF-Token';
/** The client caches a token for 1500 s (spec 9); the server accepts it for an hour so a cached one never fails. */
export const CSRF_CLIENT_CACHE_MS = 1500 * 1000;
export const CSRF_TOKEN_TTL_MS = 60 * 60 * 1000;
