import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adviceDeliveries } from '@ledgerwell/db/ledger-schema';
import { shareholders } from '@ledgerwell/db/schema';
import { adviceDocumentId } from '@ledgerwell/shared/portal-documents';
import { queuedEmails } from '../../test/outbox';
import { adviceFixtures } from '../../test/advice-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('announcing transaction advices by the holder’s delivery choice', () => {
  let t: TestApp;
  const { state, post, setUp, holder, transfer } = adviceFixtures(() => t);

  const deliveries = (transactionId: string) =>
    t.deps.db
      .select({ accountId: adviceDeliveries.accountId, channel: adviceDeliveries.channel })
      .from(adviceDeliveries)
      .where(eq(adviceDeliveries.transactionId, transactionId));

  beforeEach(async () => {
    t = await createTestApp();
    await setUp();
  });
  afterEach(() => t.close());

  it('e-mails each consenting holder of a staff transfer once, and marks the others for paper', async () => {
    const seller = await holder('ELE01', 'ELE0100001234', 500, true);
    const buyer = await holder('ELE02', 'ELE0200005678', 0, true);
    const paper = await holder('PAP01', 'PAP0100009012', 0, false);
    const never = await holder('NEV01', 'NEV0100003456', 0);
    const noAddress = await holder('NOA01', 'NOA0100007890', 0, true);
    await t.deps.db.update(shareholders).set({ email: '' }).where(eq(shareholders.id, noAddress.shareholderId));
    // Opening balances carry a holding onto our books: no transaction of the holder's, nothing to announce.
    expect(await t.deps.db.select().from(adviceDeliveries)).toEqual([]);

    // The one-statement path (no Idempotency-Key) and the general one (with a key) announce alike.
    const plain = await transfer(seller.accountId, buyer.accountId, '10');
    expect(plain.status, plain.text).toBe(201);
    const keyed = await transfer(seller.accountId, buyer.accountId, '5', { 'Idempotency-Key': 'advice-test-1' });
    expect(keyed.status, keyed.text).toBe(201);
    expect(
      (await transfer(seller.accountId, buyer.accountId, '5', { 'Idempotency-Key': 'advice-test-1' })).status,
    ).toBe(201);
    const emails = await queuedEmails(t, 'TRANSACTION_ADVICE');
    expect(emails.map((e) => [e.to, e.relatedId]).sort()).toEqual(
      [
        ['ele01@example.com', adviceDocumentId(plain.json.data.id, seller.accountId)],
        ['ele01@example.com', adviceDocumentId(keyed.json.data.id, seller.accountId)],
        ['ele02@example.com', adviceDocumentId(plain.json.data.id, buyer.accountId)],
        ['ele02@example.com', adviceDocumentId(keyed.json.data.id, buyer.accountId)],
      ].sort(),
    );
    const toSeller = emails.find((e) => e.relatedId === adviceDocumentId(plain.json.data.id, seller.accountId))!;
    expect(toSeller.subject).toBe('Transaction advice: Transfer, account ending 1234');
    expect(toSeller.body).toContain('Issuer: Acme Corp');
    expect(toSeller.body).toContain('Class: Common');
    expect(toSeller.body).toContain(`Effective date: ${state.today}`);
    expect(toSeller.body).toContain(`${t.deps.config.publicUrl}/shareholder-requests`);
    for (const email of emails) {
      // Never a full account number, never the other side of the posting.
      for (const number of ['ELE0100001234', 'ELE0200005678', 'ELE0100001', 'ELE0200005']) {
        expect(email.body).not.toContain(number);
        expect(email.subject).not.toContain(number);
      }
      const counterparty = email.to === 'ele01@example.com' ? 'ELE02' : 'ELE01';
      expect(email.body).not.toContain(counterparty);
    }

    // Paper: a holder who chose it, one who never chose, one who consented but has no address.
    for (const other of [paper, never, noAddress]) {
      const sent = await transfer(seller.accountId, other.accountId, '1');
      expect(sent.status, sent.text).toBe(201);
      expect(await deliveries(sent.json.data.id)).toEqual(
        expect.arrayContaining([
          { accountId: seller.accountId, channel: 'EMAIL' },
          { accountId: other.accountId, channel: 'PAPER' },
        ]),
      );
    }
    const after = await queuedEmails(t, 'TRANSACTION_ADVICE');
    expect(after.map((e) => e.to).filter((to) => to !== 'ele01@example.com')).toEqual([
      'ele02@example.com',
      'ele02@example.com',
    ]);
    expect(after).toHaveLength(4 + 3);
  });

  it('announces a reversal and an issuance to the holders they touch, once each', async () => {
    const seller = await holder('REV01', 'REV0100004321', 100, true);
    const buyer = await holder('REV02', 'REV0200008765', 0, false);
    const mistake = await transfer(seller.accountId, buyer.accountId, '40');
    const undone = await post(`/ledger/transactions/${mistake.json.data.id}/reverse`, { reason: 'Wrong account' });
    expect(undone.status, undone.text).toBe(201);
    expect(await deliveries(undone.json.data.id)).toEqual(
      expect.arrayContaining([
        { accountId: seller.accountId, channel: 'EMAIL' },
        { accountId: buyer.accountId, channel: 'PAPER' },
      ]),
    );
    const issued = await post('/ledger/issuances', {
      classId: state.classId,
      accountId: seller.accountId,
      shares: '7',
      form: 'DRS',
      effectiveDate: state.today,
    });
    expect(issued.status, issued.text).toBe(201);
    const emails = await queuedEmails(t, 'TRANSACTION_ADVICE');
    expect(emails.map((e) => e.relatedId)).toEqual([
      adviceDocumentId(mistake.json.data.id, seller.accountId),
      adviceDocumentId(undone.json.data.id, seller.accountId),
      adviceDocumentId(issued.json.data.id, seller.accountId),
    ]);
    expect(emails[1]!.subject).toBe(
      'Transaction advice: Transfer (reversal of an earlier posting), account ending 4321',
    );
    expect(emails[2]!.subject).toBe('Transaction advice: Issuance, account ending 4321');
  });

  it('keeps the delivery record as written: UPDATE and DELETE fail', async () => {
    const seller = await holder('APP01', 'APP0100001111', 10, false);
    const buyer = await holder('APP02', 'APP0200002222', 0, false);
    const sent = await transfer(seller.accountId, buyer.accountId, '1');
    await expect(t.deps.db.update(adviceDeliveries).set({ channel: 'EMAIL' })).rejects.toThrow();
    await expect(t.deps.db.delete(adviceDeliveries)).rejects.toThrow();
    expect(await deliveries(sent.json.data.id)).toHaveLength(2);
  });
});
