// Starts the real server for the end-to-end tests on a database of its own: a fresh PGlite folder,
// or, when DATABASE_URL is set, a fresh database on that PostgreSQL server.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../db/src/client';
import { createTestDatabase, newTestRunId } from '../../db/src/test-databases';
import { adminUsers } from '../../db/src/schema';
import { loadConfig } from '../../api/src/config/env';
import { bootstrapAdmin } from '../../api/src/features/admin-auth/bootstrap';
import { hashPassword, useCheapPasswordHashingInThisTestProcess } from '../../api/src/identity/passwords';
import { systemClock } from '../../api/src/lib/clock';
import { createFieldCipher } from '../../api/src/lib/field-encryption';
import { createLogger } from '../../api/src/lib/logger';
import { createFileStorage } from '../../api/src/lib/file-storage';
import { E2E_ADMIN, E2E_NEWCOMER, E2E_READER, E2E_ROTATOR } from './fixtures';

process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'lw-e2e-'));
process.env.ADMIN_USERNAME = E2E_ADMIN.username;
process.env.ADMIN_PASSWORD = E2E_ADMIN.password;
process.env.ADMIN_EMAIL = E2E_ADMIN.email;
process.env.LOG_LEVEL ??= 'warn';
// The specs sign in SUPER_ADMIN and ADMIN users without a second factor: the requirement is off here.
// The second factor has its own tests (api/src/features/admin-mfa, tests/e2e/admin-mfa.spec.ts), which set up a factor
// explicitly; the forced enrolment runs on a server of its own (support/extra-server.ts) that sets E2E_ADMIN_MFA_ROLES.
process.env.ADMIN_MFA_ROLES = process.env.E2E_ADMIN_MFA_ROLES ?? '';
// Proof-of-work challenges cheap enough to solve in a moment; the same code paths as the real cost.
process.env.CHALLENGE_COST ??= '10';
// As behind one load balancer: a request without X-Forwarded-For is still counted under its socket's
// address (127.0.0.1, every test), and a test that trips an address's throttle (proof-of-work.spec.ts)
// sends an address of its own in the header, so the failures it leaves challenge no other test.
process.env.TRUST_PROXY ??= '1';
// Passwords hashed at argon2id's smallest cost in this test server (passwords.ts says why that is safe).
useCheapPasswordHashingInThisTestProcess();

if (process.env.DATABASE_URL) {
  // Named for the run (LW_TEST_RUN, set by `pnpm test`), which drops it when the browser tests end.
  const run = process.env.LW_TEST_RUN || newTestRunId();
  process.env.DATABASE_URL = (await createTestDatabase(process.env.DATABASE_URL, 'e2e', run)).url;
}

// The SUPER_ADMIN comes from the real first-start bootstrap (ADMIN_* above); the newcomer and the
// reader are fixtures no API can create yet. The server's own bootstrap then finds admins and does nothing.
const config = loadConfig(process.env);
const seed = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
await seed.migrate();
await bootstrapAdmin({
  db: seed.db,
  engine: seed.engine,
  config,
  logger: createLogger('warn'),
  clock: systemClock,
  cipher: createFieldCipher(randomBytes(32)),
  storage: await createFileStorage(config),
});
await seed.db.insert(adminUsers).values({
  username: E2E_NEWCOMER.username,
  email: E2E_NEWCOMER.email,
  firstName: 'New',
  lastName: 'Comer',
  role: 'REVIEWER',
  mustChangePassword: true,
  passwordHash: await hashPassword(E2E_NEWCOMER.password),
});
await seed.db.insert(adminUsers).values({
  username: E2E_READER.username,
  email: E2E_READER.email,
  firstName: 'Read',
  lastName: 'Only',
  role: 'READ_ONLY',
  passwordHash: await hashPassword(E2E_READER.password),
});
await seed.db.insert(adminUsers).values({
  username: E2E_ROTATOR.username,
  email: E2E_ROTATOR.email,
  firstName: 'Rota',
  lastName: 'Tor',
  role: 'REVIEWER',
  passwordHash: await hashPassword(E2E_ROTATOR.password),
});
await seed.close();

// --- TOTP time under the tests' control (support/totp-clock.ts says how) ---------------------------
// This server checks TOTP codes against a time kept in a file named by its port, which the browser
// tests move on one 30-second step when they need a fresh code (support/totp.ts) instead of waiting
// for real time. Only the TOTP checks use it (deps.totpClock, set in this process before the server
// module is imported): sessions, throttles and step-up windows keep the real clock. No HTTP route.
{
  const { startTotpTime } = await import('./support/totp-clock');
  const { setInProcessOverrides } = await import('../../api/src/start/in-process-overrides');
  setInProcessOverrides({ totpClock: startTotpTime(config.PORT) });
}
// ----------------------------------------------------------------------------------------------------

await import('../../api/src/server');
