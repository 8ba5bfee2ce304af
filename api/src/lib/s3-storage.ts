import { createHash } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { checkStorageKey, type FileStorage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** For S3-compatible stores (MinIO, R2, s3rver); unset: AWS itself. */
  endpoint?: string | undefined;
  region: string;
  /** Unset: the SDK's default chain (environment, shared files, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: what MinIO and s3rver expect. */
  forcePathStyle?: boolean;
  /** Until the first byte of the answer; a store that hangs fails the call instead of holding the request. */
  requestTimeoutMs?: number;
  /** Tries per call, the first included; the SDK retries throttling, 5xx and network errors with backoff. */
  maxAttempts?: number;
}

/** A missing object; a missing bucket is a misconfiguration and stays an error. */
function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || (error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket');
}

/** The operator's reading of a failed HeadBucket: missing, refused, or unreachable. */
function bucketProblem(bucket: string, error: unknown): string {
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  if (status === 404)
    return `S3_BUCKET: the bucket "${bucket}" does not exist on this store; create it first (photos are written there)`;
  if (status === 401 || status === 403)
    return `S3_BUCKET: the store refused access to the bucket "${bucket}"; check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`;
  const code = (error as { code?: unknown } | null)?.code;
  const reason = typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown error';
  return `S3_BUCKET: could not reach the bucket "${bucket}" (${reason}); check S3_ENDPOINT and S3_REGION`;
}

/**
 * Files in an S3-compatible bucket, so several API processes or machines share them. A put sends the
 * SHA-256 of the bytes: the store refuses a body that arrived different, and the call resolves only
 * once the store has answered that the object is written.
 */
export function s3Storage(options: S3StorageOptions): FileStorage & { close(): void; checkBucket(): Promise<void> } {
  const { bucket } = options;
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.credentials,
    maxAttempts: options.maxAttempts ?? 3,
    requestHandler: {
      connectionTimeout: 5_000,
      requestTimeout,
      throwOnRequestTimeout: true,
      // A body that stops arriving halfway (the answer's headers already in) fails the stream too.
      socketTimeout: requestTimeout,
    },
  });

  const get = async (key: string) => {
    try {
      return await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: checkStorageKey(key), ChecksumMode: 'ENABLED' }),
      );
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    async put(key, data) {
      const sha256 = createHash('sha256').update(data).digest();
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: checkStorageKey(key),
          Body: data,
          ContentLength: data.length,
          ContentType: 'application/octet-stream',
          ChecksumSHA256: sha256.toString('base64'),
        }),
      );
      return { key, sha256: sha256.toString('hex'), size: data.length };
    },

    async read(key) {
      const object = await get(key);
      if (!object?.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    },

    async stream(key) {
      const object = await get(key);
      if (!object?.Body) return null;
      if (object.ContentLength === undefined) {
        // The route sends the length before the body; without it the file cannot be sent as a stream.
        await object.Body.transformToWebStream().cancel();
        throw new Error(`the store gave no length for ${key}`);
      }
      return { body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: object.ContentLength };
    },

    async remove(key) {
      // S3 answers 204 for a key that does not exist; some compatible stores answer 404.
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkStorageKey(key) }));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    /**
     * Proves at start-up that the bucket exists and these credentials may use it (HeadBucket), so a
     * typo in S3_BUCKET stops the server with one clear line instead of failing the first upload.
     */
    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        throw new Error(bucketProblem(bucket, error), { cause: error });
      }
    },

    close: () => client.destroy(),
  };
}
