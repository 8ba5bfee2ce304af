import { openDatabase, type Database } from '@ledgerwell/db/client';
import type { AppConfig } from '../config/env';
import type { AppDeps } from '../lib/context';
import { systemClock } from '../lib/clock';
import { encryptedStorage, FILE_KEY_PURPOSE } from '../lib/encrypted-storage';
import { createFieldCipher, loadEncryptionKey } from '../lib/field-encryption';
import { createFileStorage } from '../lib/file-storage';
import type { Logger } from '../lib/logger';
import type { FileStorage } from '../lib/storage';

/** What a process opens before it works: the database, the field cipher and the file store (bare and encrypted). */
export interface ProcessResources {
  database: Database;
  rawStorage: FileStorage & { close?: () => void };
  fileKey: Buffer;
  /** The dependencies of everything but the request path's caches and lifecycle. */
  deps: AppDeps;
}

export async function openResources(config: AppConfig, logger: Logger): Promise<ProcessResources> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
    onPoolError: (error) => logger.warn({ err: error }, 'an idle database connection failed; the pool replaces it'),
  });
  const cipher = createFieldCipher(loadEncryptionKey(config.ENCRYPTION_KEY, config.dataDir));
  const rawStorage = await createFileStorage(config);
  const fileKey = cipher.deriveKey(FILE_KEY_PURPOSE);
  const storage = encryptedStorage(rawStorage, fileKey);
  return {
    database,
    rawStorage,
    fileKey,
    deps: { db: database.db, engine: database.engine, config, logger, clock: systemClock, cipher, storage },
  };
}

/** Closes what openResources opened; the pool last but one, then the file store's connections. */
export async function closeResources(resources: ProcessResources): Promise<void> {
  await resources.database.close();
  resources.rawStorage.close?.();
}
