import { isSessionToken as isSessionTokenText, makeSessionToken } from '@ledgerwell/shared/issuer-onboarding-rules';
import { SESSION_KEY, type OnboardingStorage } from './storage';

/** 32 random bytes: 32 base64url characters, well inside the server's 22..128. */
export const SESSION_TOKEN_BYTES = 32;

const randomBytes = (length: number) => crypto.getRandomValues(new Uint8Array(length));

const isSessionToken = (value: unknown): value is string => typeof value === 'string' && isSessionTokenText(value);

/**
 * The visitor's onboarding session token (spec 6: anonymous visitors are known only by it), kept under
 * issuerOnboardingSession; made once from crypto.getRandomValues. A stored value of the wrong shape
 * is replaced. When the device cannot store it, the page still gets one for its own life.
 */
export async function getOrCreateSessionToken(
  storage: OnboardingStorage,
  random: (length: number) => Uint8Array = randomBytes,
): Promise<string> {
  const stored = await storage.get(SESSION_KEY).catch(() => undefined);
  if (isSessionToken(stored)) return stored;
  const token = makeSessionToken(random(SESSION_TOKEN_BYTES));
  await storage.put(SESSION_KEY, token).catch(() => undefined);
  return token;
}
