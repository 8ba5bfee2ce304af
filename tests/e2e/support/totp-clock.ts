import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Clock } from '../../../api/src/lib/clock';

/*
 * The TOTP time of an e2e server, which its browser tests move on instead of waiting for real time:
 * the server (serve.ts) checks TOTP codes against the time in a file, and the tests (support/totp.ts)
 * read it to compute the app's code and write it to move on a 30-second step when they need a fresh
 * one (the server refuses a step it has seen). The time stands still until a test moves it, so a code
 * is never caught by a step boundary. Only the TOTP checks read it (deps.totpClock): sessions,
 * throttles and step-up windows keep the real clock.
 *
 * The file is named by the server's port, the one thing a test knows of its server (its baseURL), and
 * is local to the machine, as both processes are: no request can reach it. One server holds a port at
 * a time, and each start writes the file afresh, so a file left by a killed run is never read.
 */
export const totpTimeFile = (port: number) => path.join(os.tmpdir(), `ledgerwell-e2e-totp-time-${port}`);

export function readTotpTime(port: number): number {
  const file = totpTimeFile(port);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new Error(
      `no TOTP time for the e2e server on port ${port} (${file}): is it one that tests/e2e/serve.ts started?`,
    );
  }
  const ms = Number(text);
  if (!Number.isSafeInteger(ms)) throw new Error(`${file} holds no time: ${JSON.stringify(text)}`);
  return ms;
}

/** Written whole or not at all (a rename), so the server never reads half a number. */
export function writeTotpTime(port: number, ms: number): void {
  const file = totpTimeFile(port);
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, String(ms));
  fs.renameSync(partial, file);
}

/**
 * For serve.ts: the TOTP time starts at the real time, and the server's TOTP clock reads the file at
 * each check. The file stays when the server ends (a few bytes a port, next to its DATA_DIR): a server
 * that failed to take the port must not delete the one of the server that has it.
 */
export function startTotpTime(port: number): Clock {
  writeTotpTime(port, Date.now());
  return { now: () => new Date(readTotpTime(port)) };
}
