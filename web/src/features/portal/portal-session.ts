import { signInLinkToken } from '@ledgerwell/shared/portal-sign-in-link';

/**
 * The portal token lives in sessionStorage under 'shareholderPortalToken' (public-site spec 3): it
 * ends with the tab. The step-one token and the signed-in token share the key; the second replaces
 * the first. The last reference number is kept beside it for the verification page.
 */
export const PORTAL_TOKEN_KEY = 'shareholderPortalToken';
export const LAST_REFERENCE_KEY = 'lastReferenceNumber';

// sessionStorage throws in some privacy modes and sandboxed frames: then the values live in memory,
// and the session lasts until the page is reloaded.
const memory = new Map<string, string>();

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    if (value === null) memory.delete(key);
    else memory.set(key, value);
  }
}

export const getPortalToken = () => read(PORTAL_TOKEN_KEY);
export const setPortalToken = (token: string) => write(PORTAL_TOKEN_KEY, token);
export const clearPortalToken = () => write(PORTAL_TOKEN_KEY, null);
export const setLastReferenceNumber = (referenceNumber: string) => write(LAST_REFERENCE_KEY, referenceNumber);

/**
 * Verification codes this tab was given, by request id: the portal can then link its banner to
 * /verify/{code}. A code is shown once by the server, so a new tab knows none (the e-mail has it).
 */
const VERIFICATION_CODES_KEY = 'verificationCodes';

function readCodes(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(read(VERIFICATION_CODES_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export const rememberVerificationCode = (requestId: string, code: string) =>
  write(VERIFICATION_CODES_KEY, JSON.stringify({ ...readCodes(), [requestId]: code }));
export const verificationCodeFor = (requestId: string): string | null => readCodes()[requestId] ?? null;
export const clearVerificationCodes = () => write(VERIFICATION_CODES_KEY, null);

/** The token of an e-mailed sign-in link in this page's address (#sign-in-link=...), or null. */
// Null while prerendering, where there is no address.
export const signInLinkInAddress = (): string | null =>
  typeof window === 'undefined' ? null : signInLinkToken(window.location.hash);

/** The link's token leaves the address once read: not kept in history, not shared by a copied address. */
export function forgetSignInLinkInAddress(): void {
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}
