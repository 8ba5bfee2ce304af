import type { Clock } from '../lib/clock';

/**
 * Test aid: what a test harness that starts the server in its own process sets before it imports
 * server.ts (tests/e2e/serve.ts sets a TOTP clock, so that browser tests move TOTP time forward instead
 * of waiting 30 s for a fresh step). Only code in the server's process can set it: no request, setting
 * or environment variable reaches it, and a start with NODE_ENV=production refuses it.
 */
export interface InProcessOverrides {
  /** The clock TOTP codes are checked against (deps.totpClock); sessions, throttles and the rest keep deps.clock. */
  totpClock?: Clock;
}

let overrides: InProcessOverrides = {};

export function setInProcessOverrides(values: InProcessOverrides): void {
  overrides = { ...values };
}

export const inProcessOverrides = (): Readonly<InProcessOverrides> => overrides;
