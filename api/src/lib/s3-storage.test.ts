import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { s3Storage } from './s3-storage';

// What only the S3 store has: checksums on the wire, a store that never answers, a missing bucket.
// The calls every store shares are in storage-contract.test.ts.
describe('S3 storage', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('fails a call to a store that never answers within the request timeout, after its attempts, and sent the length and SHA-256', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const hung = http.createServer((request) => {
      seen.push(request.headers);
      request.resume(); // reads the body, answers nothing
    });
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const store = s3Storage({
      bucket: 'photos',
      endpoint: `http://127.0.0.1:${(hung.address() as AddressInfo).port}`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      forcePathStyle: true,
      requestTimeoutMs: 300,
      maxAttempts: 2,
    });
    try {
      const data = Buffer.from('photo bytes');
      const started = Date.now();
      await expect(store.put('verification/2026/11/hung.jpg', data)).rejects.toThrow(/timed out|requestTimeout/);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(seen).toHaveLength(2);
      expect(seen[0]).toMatchObject({
        'content-length': String(data.length),
        'x-amz-checksum-sha256': createHash('sha256').update(data).digest('base64'),
      });
      await expect(store.read('verification/2026/11/hung.jpg')).rejects.toThrow(/timed out|requestTimeout/);
    } finally {
      store.close();
      hung.closeAllConnections();
      await new Promise((resolve) => hung.close(resolve));
    }
  });

  it('treats a missing bucket as an error, not as a missing file', async () => {
    const store = s3.storage({ bucket: 'no-such-bucket' });
    await expect(store.read('verification/2026/11/a.jpg')).rejects.toThrow(/bucket/i);
    await expect(store.stream('verification/2026/11/a.jpg')).rejects.toThrow(/bucket/i);
  });
});
