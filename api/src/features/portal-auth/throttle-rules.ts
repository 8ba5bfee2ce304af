import { PORTAL_AUTH_MESSAGES as M, PORTAL_THROTTLE } from '@ledgerwell/shared/portal-auth';
import type { ThrottleRule } from '../../lib/attempt-guard';
import { throttleAddress } from '../../lib/client-address';

/** The portal sign-in's throttle keys and rules: the sign-in counts under them, the sign-in link reads the day's cap. */
export const keys = {
  codeFailuresByIp: (ip: string) => `portal:code-fail:ip:${throttleAddress(ip)}`,
  /** Decision 018: wrong account numbers per code in 24 hours, never cleared by a success. */
  accountGuessesByCode: (code: string) => `portal:account-guesses:code:${code.toUpperCase()}`,
  accountFailuresByCode: (code: string) => `portal:account-fail:code:${code.toUpperCase()}`,
  accountFailuresByIp: (ip: string) => `portal:account-fail:ip:${throttleAddress(ip)}`,
  allFailures: 'portal:fail:all',
};

export const rule = (key: string, limit: number, message: string): ThrottleRule => ({
  key,
  limit,
  windowMs: PORTAL_THROTTLE.windowMs,
  message,
});
/** Decision 018: the hard cap on evaluated account-number guesses per code, all addresses together. */
export const dailyGuessRule = (code: string): ThrottleRule => ({
  key: keys.accountGuessesByCode(code),
  limit: PORTAL_THROTTLE.accountGuessesPerCodePerDay,
  windowMs: PORTAL_THROTTLE.guessWindowMs,
  message: M.guessesExhausted,
});
