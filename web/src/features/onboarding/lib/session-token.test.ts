import { describe, expect, it } from 'vitest';
import { createMemoryStorage, SESSION_KEY } from './storage';
import { getOrCreateSessionToken } from './session-token';

describe('onboarding session token', () => {
  it('is made once from random bytes, base64url, and kept under issuerOnboardingSession', async () => {
    const storage = createMemoryStorage();
    const token = await getOrCreateSessionToken(storage);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await storage.get(SESSION_KEY)).toBe(token);
    expect(await getOrCreateSessionToken(storage)).toBe(token);
  });

  it('replaces a stored value of the wrong shape', async () => {
    const storage = createMemoryStorage();
    await storage.put(SESSION_KEY, 'short');
    const token = await getOrCreateSessionToken(storage, (n) => new Uint8Array(n).fill(1));
    expect(token).toBe('B'.repeat(32));
    expect(await storage.get(SESSION_KEY)).toBe(token);
  });
});
