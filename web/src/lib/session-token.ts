/**
 * Signed-in areas keep their bearer token in localStorage, one key per kind of account: staff under
 * 'adminToken' (admin-request-review spec 6), issuer users under 'issuerToken'. A browser can hold
 * both sessions at once; neither area ever sends the other's token.
 */
export type SessionKind = 'admin' | 'issuer';

const STORAGE_KEYS: Record<SessionKind, string> = { admin: 'adminToken', issuer: 'issuerToken' };

export interface SessionTokenStore {
  readonly key: string;
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

// localStorage throws in some privacy modes and sandboxed frames: treat that as "no token".
function tokenStore(key: string): SessionTokenStore {
  return {
    key,
    get() {
      try {
        return window.localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    set(token) {
      try {
        window.localStorage.setItem(key, token);
      } catch {
        // Without storage the session lasts until the tab is reloaded.
      }
    },
    clear() {
      try {
        window.localStorage.removeItem(key);
      } catch {
        // Nothing stored, nothing to clear.
      }
    },
  };
}

export const sessionTokens: Record<SessionKind, SessionTokenStore> = {
  admin: tokenStore(STORAGE_KEYS.admin),
  issuer: tokenStore(STORAGE_KEYS.issuer),
};
