import argon2 from 'argon2';

type HashOptions = { type: typeof argon2.argon2id; memoryCost: number; timeCost: number; parallelism: number };

/** OWASP's minimum for argon2id (m=19456 KiB, t=2, p=1): what every server hashes with. */
export const ARGON2_OPTIONS: HashOptions = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * Test harnesses only (api/src/test/test-app.ts, tests/e2e/serve.ts): argon2id at its smallest cost,
 * so suites that create and sign in hundreds of users do not spend minutes hashing. It is a call in the
 * harness's own process, never a setting the server reads, so no environment can weaken a real server;
 * production-parameters.test.ts starts the real server and checks that it hashes at ARGON2_OPTIONS.
 */
const TEST_ONLY_OPTIONS: HashOptions = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 };

let current: HashOptions = ARGON2_OPTIONS;

export function useCheapPasswordHashingInThisTestProcess(): void {
  current = TEST_ONLY_OPTIONS;
}

/** The parameters new hashes get in this process. */
export function passwordHashOptions(): Readonly<HashOptions> {
  return current;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, current);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // argon2 throws on a malformed stored hash; such a hash matches no password.
    return false;
  }
}

export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, current);
}

let dummyHash: { options: HashOptions; hash: Promise<string> } | undefined;

/** Spends the same time as a real check, so an unknown username answers no faster than a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  if (dummyHash?.options !== current)
    dummyHash = { options: current, hash: hashPassword('dummy password for timing equality') };
  await verifyPassword(await dummyHash.hash, password);
  return false;
}
