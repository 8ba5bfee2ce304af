import { generate } from 'otplib';

/** The authenticator app's side of RFC 6238, as the server reads it: SHA-1, 30-second steps, 6 digits. */
const STEP_SECONDS = 30;
export const codeAt = (secret: string, step: number) => generate({ secret, algorithm: 'sha1', digits: 6, period: STEP_SECONDS, epoch: step * STEP_SECONDS });

/**
 * The app's code for a time step the server has not seen yet: the current one, or the next (one
 * step of drift is accepted) when the current one was used already. The server refuses a step twice.
 */
export async function nextCode(secret: string, used: { step: number }): Promise<string> {
  for (;;) {
    const current = Math.floor(Date.now() / 1000 / STEP_SECONDS);
    const step = Math.max(current, used.step + 1);
    if (step <= current + 1) {
      used.step = step;
      return codeAt(secret, step);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Six digits that no step around now produces (so it is refused for the right reason). */
export async function wrongCode(secret: string): Promise<string> {
  const current = Math.floor(Date.now() / 1000 / STEP_SECONDS);
  const near = await Promise.all([-1, 0, 1, 2].map((offset) => codeAt(secret, current + offset)));
  return ['000000', '111111', '222222', '333333', '444444'].find((candidate) => !near.includes(candidate))!;
}
