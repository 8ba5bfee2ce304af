/** The admin session token lives in localStorage under 'adminToken' (admin-request-review spec 6). */
export const ADMIN_TOKEN_KEY = 'adminToken';

// localStorage throws in some privacy modes and sandboxed frames: treat that as "no token".
export function getAdminToken(): string | null {
  try {
    return window.localStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setAdminToken(token: string): void {
  try {
    window.localStorage.setItem(ADMIN_TOKEN_KEY, token);
  } catch {
    // Without storage the session lasts until the tab is reloaded.
  }
}

export function clearAdminToken(): void {
  try {
    window.localStorage.removeItem(ADMIN_TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
