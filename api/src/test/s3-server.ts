import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { s3Storage } from '../lib/s3-storage';

// s3rver's own account; it does not check v4 signatures, but the SDK must sign with something.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * An S3-compatible server for the tests, on a free loopback port with its objects in a temporary
 * folder, and an empty bucket made through the S3 API as an operator would. Nothing outside the machine.
 */
export async function startS3Server(bucket = 'ledgerwell-test') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lw-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const options = { bucket, endpoint, region: 'us-east-1', credentials: CREDENTIALS, forcePathStyle: true };

  const admin = new S3Client({ region: options.region, endpoint, credentials: CREDENTIALS, forcePathStyle: true });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  admin.destroy();

  const stores: { close(): void }[] = [];
  return {
    endpoint,
    bucket,
    /** The S3_* variables that point the app's config at this server. */
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    },
    /** Where the server keeps the bytes, to check what is at rest. */
    directory,
    /** A store on this server's bucket; closed with the server. */
    storage(overrides: Partial<Parameters<typeof s3Storage>[0]> = {}) {
      const store = s3Storage({ ...options, ...overrides });
      stores.push(store);
      return store;
    },
    async close() {
      for (const store of stores) store.close();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;
