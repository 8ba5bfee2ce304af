import path from 'node:path';
import type { AppConfig } from '../config/env';
import { localDiskStorage, type FileStorage } from './storage';

type StorageConfig = Pick<
  AppConfig,
  | 'dataDir'
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/**
 * The store the configuration names, without encryption (callers wrap it in encryptedStorage): the
 * S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads. The S3 client is loaded only
 * when used, so the embedded default and the command-line tools start without it. A bucket that is
 * missing or refused fails here, at start, with a message naming the setting. `close` (S3 only)
 * drops the client's open connections, for a clean stop.
 */
export async function createFileStorage(config: StorageConfig): Promise<FileStorage & { close?: () => void }> {
  if (!config.S3_BUCKET) return localDiskStorage(path.join(config.dataDir, 'uploads'));
  const { s3Storage } = await import('./s3-storage');
  const store = s3Storage({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
  try {
    await store.checkBucket();
  } catch (error) {
    store.close();
    throw error;
  }
  return store;
}

/** Where files go, for the start-up log line: the bucket and the endpoint's host, never a key. */
export function describeFileStorage(config: StorageConfig): Record<string, string> {
  if (!config.S3_BUCKET) return { fileStore: 'local disk', folder: path.join(config.dataDir, 'uploads') };
  return {
    fileStore: 's3',
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT ? new URL(config.S3_ENDPOINT).host : 'AWS',
    region: config.S3_REGION,
  };
}
