import { generate } from 'otplib';
import { readTotpTime, writeTotpTime } from './totp-clock';

/** The authenticator app's side of RFC 6238, as the server reads it: SHA-1, 30-second steps, 6 digits. */
const STEP_SECONDS = 30;
export const codeAt = (secret: string, step: number) =>
  generate({ secret, algorithm: 'sha1', digits: 6, period: STEP_SECONDS, epoch: step * STEP_SECONDS });

/** The port of the e2e server at `baseURL`, which names its TOTP time (support/totp-clock.ts). */
function portOf(baseURL: string | undefined): number {
  const port = Number(baseURL ? new URL(baseURL).port : NaN);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error(`the TOTP helpers need the e2e server's baseURL with its port, not ${baseURL}`);
  return port;
}

/** The time step the server's TOTP clock is at (it stands still until a test moves it). */
const serverStep = (port: number) => Math.floor(readTotpTime(port) / 1000 / STEP_SECONDS);

/**
 * The app's code for a time step the server at `baseURL` has not seen yet: the current one, or the
 * next (one step of drift is accepted) when the current one was used already. The server refuses a
 * step twice; when both were used, the server's TOTP clock is moved on one step (no waiting).
 */
export async function nextCode(baseURL: string | undefined, secret: string, used: { step: number }): Promise<string> {
  const port = portOf(baseURL);
  for (;;) {
    const current = serverStep(port);
    const step = Math.max(current, used.step + 1);
    if (step <= current + 1) {
      used.step = step;
      return codeAt(secret, step);
    }
    writeTotpTime(port, readTotpTime(port) + STEP_SECONDS * 1000);
  }
}

/** Six digits that no step around the server's TOTP time produces (so it is refused for the right reason). */
export async function wrongCode(baseURL: string | undefined, secret: string): Promise<string> {
  const current = serverStep(portOf(baseURL));
  const near = await Promise.all([-1, 0, 1, 2].map((offset) => codeAt(secret, current + offset)));
  return ['000000', '111111', '222222', '333333', '444444'].find((candidate) => !near.includes(candidate))!;
}
