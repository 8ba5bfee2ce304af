import { generateSecret, generateURI, verify } from 'otplib';
import { TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS } from '@ledgerwell/shared/admin-mfa';
import type { AppDeps } from '../lib/context';

/** 160 random bits, base32, as RFC 4226 recommends and every authenticator app reads. */
export const newTotpSecret = () => generateSecret({ length: 20 });

export const otpauthUrl = (username: string, secret: string) =>
  generateURI({
    issuer: TOTP_ISSUER,
    label: username,
    secret,
    algorithm: 'sha1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });

/**
 * The 30-second step a 6-digit code belongs to, or null when it matches none. One step of drift either
 * way; only steps after `afterStep` (the last one used) count, so a code is never accepted twice.
 * The time is deps.totpClock's (an e2e harness's), else deps.clock's.
 */
export async function matchTotp(
  deps: Pick<AppDeps, 'clock' | 'totpClock'>,
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | null> {
  const clock = deps.totpClock ?? deps.clock;
  const result = await verify({
    secret,
    token: code,
    algorithm: 'sha1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    epoch: Math.floor(clock.now().getTime() / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
