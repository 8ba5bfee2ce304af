import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { createFileStorage, describeFileStorage } from './file-storage';

describe('createFileStorage', () => {
  let s3: S3TestServer;
  let dataDir: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lw-data-'));
  });
  afterAll(async () => {
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps files in DATA_DIR/uploads when S3_BUCKET is unset', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    await (await createFileStorage(config)).put('verification/2026/11/a.jpg', Buffer.from('local'));
    expect(fs.readFileSync(path.join(dataDir, 'uploads/verification/2026/11/a.jpg'), 'utf8')).toBe('local');
    expect(describeFileStorage(config)).toEqual({ fileStore: 'local disk', folder: path.join(dataDir, 'uploads') });
  });

  it('keeps files in the bucket when S3_BUCKET is set, and names the bucket and host but no key in its description', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, ...s3.env });
    const store = await createFileStorage(config);
    try {
      await store.put('verification/2026/11/b.jpg', Buffer.from('in the bucket'));
      expect((await s3.storage().read('verification/2026/11/b.jpg'))?.toString()).toBe('in the bucket');
      expect(fs.existsSync(path.join(dataDir, 'uploads/verification/2026/11/b.jpg'))).toBe(false);
    } finally {
      store.close?.();
    }
    const description = describeFileStorage(config);
    expect(description).toEqual({
      fileStore: 's3',
      bucket: s3.bucket,
      endpoint: new URL(s3.endpoint).host,
      region: 'us-east-1',
    });
    expect(JSON.stringify(description)).not.toContain(s3.env.S3_SECRET_ACCESS_KEY);
  });

  it('refuses to start on a bucket that does not exist, naming the setting and the bucket', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, ...s3.env, S3_BUCKET: 'no-such-bucket' });
    await expect(createFileStorage(config)).rejects.toThrow(/^S3_BUCKET: the bucket "no-such-bucket" does not exist/);
  });

  it('refuses to start on a store it cannot reach, naming the endpoint setting', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9' });
    await expect(createFileStorage(config)).rejects.toThrow(
      /^S3_BUCKET: could not reach the bucket "ledgerwell-test" \(ECONNREFUSED\); check S3_ENDPOINT/,
    );
  }, 60_000);
});
