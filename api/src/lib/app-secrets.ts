import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { appSecrets } from '@ledgerwell/db/schema';

/**
 * A 32-byte secret generated once into the database, so every API process uses the same one
 * (CSRF signing, verification-code hashing). Cached per process after the first read.
 */
export function appSecret(db: Db, name: string): () => Promise<Buffer> {
  let cached: Promise<Buffer> | undefined;
  const load = async () => {
    await db.insert(appSecrets).values({ name, value: randomBytes(32).toString('base64') }).onConflictDoNothing();
    const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
    if (!row) throw new Error(`app secret ${name} missing after insert`);
    return Buffer.from(row.value, 'base64');
  };
  return () => {
    cached ??= load().catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    return cached;
  };
}
