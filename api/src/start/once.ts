import { bootstrapAdmin } from '../features/admin-auth/bootstrap';
import { encryptLegacyPhotos } from '../features/verification/encrypt-legacy-photos';
import { seedDemoData } from '../demo-data';
import { retireAppSecrets } from '../lib/app-secrets';
import type { AppDeps } from '../lib/context';
import { describeFileStorage } from '../lib/file-storage';
import { upgradeLegacyCiphertexts } from '../lib/upgrade-ciphertexts';
import type { ProcessResources } from './resources';

/** Rewrites v1 field ciphertexts in the row-bound format; at start, and hourly for rows an older process wrote meanwhile. */
export async function upgradeCiphertexts(deps: Pick<AppDeps, 'db' | 'cipher' | 'logger'>): Promise<void> {
  const { upgraded, unreadable } = await upgradeLegacyCiphertexts(deps.db, deps.cipher);
  if (upgraded > 0) deps.logger.info({ upgraded }, 'field ciphertexts rewritten in the row-bound format (v2)');
  if (unreadable > 0)
    deps.logger.warn({ unreadable }, 'field ciphertexts that this ENCRYPTION_KEY cannot read were left as they are');
}

/** Deletes the older versions of keys kept in the database once they have served their time. */
export async function retireSecrets(deps: Pick<AppDeps, 'db' | 'clock' | 'logger'>): Promise<void> {
  const retired = await retireAppSecrets(deps);
  if (retired.length > 0) deps.logger.info({ retired }, 'keys older versions kept in the database were deleted');
}

/**
 * The start work that runs once per start, not once per process (issue 18): migrations, the
 * ciphertext and photo upgrades, the first SUPER_ADMIN (its generated password printed once) and the
 * demo data. The single process runs it before serving; a cluster's primary before it forks.
 */
export async function runStartWork({ database, rawStorage, fileKey, deps }: ProcessResources): Promise<void> {
  const { config, logger } = deps;
  await database.migrate();
  await upgradeCiphertexts(deps);
  logger.info(describeFileStorage(config), 'identity photos are stored, encrypted, in this file store');
  const legacyPhotos = await encryptLegacyPhotos(database.db, rawStorage, fileKey);
  if (legacyPhotos > 0)
    logger.info({ files: legacyPhotos }, 'identity photos stored before encryption were encrypted in place');
  await retireSecrets(deps);

  const bootstrap = await bootstrapAdmin(deps);
  if (bootstrap.created && bootstrap.generatedPassword) {
    // Printed once, outside the structured log: the log must never hold a password.
    process.stdout.write(
      [
        '',
        '  First start: created the SUPER_ADMIN account.',
        `    username: ${bootstrap.username}`,
        `    password: ${bootstrap.generatedPassword}`,
        '  Sign in at /admin/login; you will be asked to choose a new password. This is shown only once.',
        '',
      ].join('\n') + '\n',
    );
  } else if (bootstrap.created) {
    logger.info(
      { username: bootstrap.username },
      'created the SUPER_ADMIN account from ADMIN_USERNAME and ADMIN_PASSWORD',
    );
  }

  if (config.DEMO_DATA) {
    const added = await seedDemoData(deps);
    logger.info({ added }, 'demo registry, ledger postings and sample requests loaded (DEMO_DATA=1)');
  }
}
