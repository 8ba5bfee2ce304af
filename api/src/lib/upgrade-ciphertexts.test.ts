import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, shareholders } from '@ledgerwell/db/schema';
import { seedDemoRegistry } from '../features/registry/demo-registry';
import { legacyV1 } from '../test/legacy-ciphertext';
import { createTestApp, type TestApp } from '../test/test-app';
import { fieldContext } from './field-encryption';
import { upgradeLegacyCiphertexts } from './upgrade-ciphertexts';

describe('upgrading v1 field ciphertexts at start', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await seedDemoRegistry(t.deps);
  });
  afterEach(() => t.close());

  it('rewrites every v1 value as v2 bound to its row, once, even with two processes at it together', async () => {
    const holders = await t.deps.db.select().from(shareholders);
    for (const holder of holders) {
      await t.deps.db
        .update(shareholders)
        .set({ taxIdEncrypted: legacyV1(t.encryptionKey, `tax-${holder.code}`) })
        .where(eq(shareholders.id, holder.id));
    }
    const mailId = randomUUID();
    await t.deps.db.insert(emailOutbox).values({
      id: mailId,
      toAddress: 'a@example.com',
      subject: 's',
      bodyEncrypted: legacyV1(t.encryptionKey, 'old body'),
      kind: 'REQUEST_CONFIRMATION',
    });
    // Written by another key: never readable, so left as it is and counted.
    const foreignId = randomUUID();
    await t.deps.db.insert(emailOutbox).values({
      id: foreignId,
      toAddress: 'b@example.com',
      subject: 's',
      bodyEncrypted: legacyV1(Buffer.alloc(32, 7), 'x'),
      kind: 'REQUEST_CONFIRMATION',
    });

    const [a, b] = await Promise.all([
      upgradeLegacyCiphertexts(t.deps.db, t.deps.cipher),
      upgradeLegacyCiphertexts(t.deps.db, t.deps.cipher),
    ]);
    expect(a.upgraded + b.upgraded).toBe(holders.length + 1);
    expect(a.unreadable).toBe(1);

    for (const holder of await t.deps.db.select().from(shareholders)) {
      expect(holder.taxIdEncrypted).toMatch(/^v2:/);
      expect(t.deps.cipher.decrypt(holder.taxIdEncrypted!, fieldContext.shareholderTaxId(holder.id))).toBe(
        `tax-${holder.code}`,
      );
    }
    const [mail] = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, mailId));
    expect(t.deps.cipher.decrypt(mail!.bodyEncrypted, fieldContext.emailBody(mailId))).toBe('old body');
    expect(await upgradeLegacyCiphertexts(t.deps.db, t.deps.cipher)).toEqual({ upgraded: 0, unreadable: 1 });
  });

  it('leaves a ciphertext moved into another row unreadable there', async () => {
    const [first, second] = await t.deps.db.select().from(shareholders).orderBy(shareholders.code);
    await t.deps.db
      .update(shareholders)
      .set({ taxIdEncrypted: first!.taxIdEncrypted })
      .where(eq(shareholders.id, second!.id));
    const [moved] = await t.deps.db.select().from(shareholders).where(eq(shareholders.id, second!.id));
    expect(t.deps.cipher.decrypt(first!.taxIdEncrypted!, fieldContext.shareholderTaxId(first!.id))).toBe('123-45-6789');
    expect(() => t.deps.cipher.decrypt(moved!.taxIdEncrypted!, fieldContext.shareholderTaxId(moved!.id))).toThrow();
  });
});
