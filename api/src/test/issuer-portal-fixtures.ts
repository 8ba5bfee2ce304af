import { randomUUID } from 'node:crypto';
import { shareholderRequests } from '@ledgerwell/db/schema';
import { calendarDateIn } from '@ledgerwell/shared/ledger';
import type { RequestStatus, RequestType } from '@ledgerwell/shared/portal-requests';
import { createAdminUser, loginToken, type TestApp } from './test-app';

const PASSWORD = 'Correct-Horse-7';
const DAY = 24 * 60 * 60 * 1000;

/** A calendar date `days` before `date` (YYYY-MM-DD). */
export const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) - days * DAY).toISOString().slice(0, 10);

interface HolderSpec {
  code: string;
  name: string;
  taxId: string;
  accounts: { accountNumber: string; issuer: string; shareClass: string; sharesHeld: number }[];
}

/**
 * Two issuers with holders, postings and requests, written through the staff API as staff would: Acme Corp (Common
 * and Series A Preferred; Dana, Bo, and a holding back-dated ten days) and Globex Holdings (Common; Zora and Yuri).
 * Everything of Globex is named in `globex`, so a test can look for any of it in an answer meant for Acme.
 */
export async function seedTwoIssuers(t: TestApp) {
  await createAdminUser(t.deps, { username: 'ledger-admin', password: PASSWORD, role: 'ADMIN' });
  const token = await loginToken(t, 'ledger-admin', PASSWORD);
  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await t.request(method, `/api/admin${path}`, { token, body });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return res.json;
  };
  const today = calendarDateIn('America/Los_Angeles', t.clock.now());
  const tenDaysAgo = daysBefore(today, 10);

  const issuer = async (legalName: string, classes: [string, string][]) => {
    const created = await admin('POST', '/issuers', { legalName });
    const ids: string[] = [];
    for (const [name, authorizedShares] of classes)
      ids.push((await admin('POST', `/issuers/${created.data.id}/classes`, { name, authorizedShares })).data.id);
    return { id: created.data.id as string, classIds: ids };
  };
  const acme = await issuer('Acme Corp', [
    ['Common', '1000000'],
    ['Series A Preferred', '500000'],
  ]);
  const globex = await issuer('Globex Holdings', [['Common', '2000000']]);

  const holder = async (spec: HolderSpec) => {
    const created = await admin('POST', '/shareholders', {
      code: spec.code,
      name: spec.name,
      email: `${spec.code.toLowerCase()}@example.com`,
      taxId: spec.taxId,
      address: { line1: '1 Main St', city: 'Fresno', state: 'CA', postalCode: '93721' },
      accounts: spec.accounts.map((account) => ({
        ...account,
        registrationName: spec.name,
        holdingType: 'DRS',
        certificateNumbers: [],
      })),
    });
    return {
      id: created.data.id as string,
      accountIds: (created.data.accounts as { id: string }[]).map((account) => account.id),
    };
  };
  const dana = await holder({
    code: 'WH4821',
    name: 'Dana Whitfield',
    taxId: '123-45-6789',
    accounts: [
      { accountNumber: '100200300', issuer: 'Acme Corp', shareClass: 'Common', sharesHeld: 1500 },
      { accountNumber: '100200301', issuer: 'Acme Corp', shareClass: 'Series A Preferred', sharesHeld: 100 },
    ],
  });
  const bo = await holder({
    code: 'BO1234',
    name: 'Bo Lindqvist',
    taxId: '987-65-4321',
    accounts: [{ accountNumber: '300400500', issuer: 'Acme Corp', shareClass: 'Common', sharesHeld: 0 }],
  });
  const zora = await holder({
    code: 'ZQ7731',
    name: 'Zora Quill',
    taxId: '555-44-3333',
    accounts: [{ accountNumber: '700600500', issuer: 'Globex Holdings', shareClass: 'Common', sharesHeld: 5000 }],
  });
  const yuri = await holder({
    code: 'YB5518',
    name: 'Yuri Blake',
    taxId: '222-11-0077',
    accounts: [{ accountNumber: '700600501', issuer: 'Globex Holdings', shareClass: 'Common', sharesHeld: 0 }],
  });

  const [acmeCommon, acmePreferred] = acme.classIds as [string, string];
  const globexCommon = globex.classIds[0]!;
  const posted: string[] = [];
  const post = async (path: string, body: unknown) => posted.push((await admin('POST', path, body)).data.id);
  // Bo's 2,000 were issued ten days ago: a list as of five days ago holds them and not today's movements.
  await post('/ledger/issuances', {
    classId: acmeCommon,
    accountId: bo.accountIds[0],
    shares: '2000',
    form: 'DRS',
    effectiveDate: tenDaysAgo,
    memo: 'Founders issuance recorded late',
  });
  await post('/ledger/transfers', {
    classId: acmeCommon,
    fromAccountId: dana.accountIds[0],
    toAccountId: bo.accountIds[0],
    shares: '500.25',
    toForm: 'DRS',
    effectiveDate: today,
  });
  const [acmeIssuance, acmeTransfer] = posted as [string, string];
  await post('/ledger/transfers', {
    classId: globexCommon,
    fromAccountId: zora.accountIds[0],
    toAccountId: yuri.accountIds[0],
    shares: '700',
    toForm: 'DRS',
    effectiveDate: today,
  });
  const globexTransfer = posted[2]!;

  const now = t.clock.now().getTime();
  let sequence = 0;
  const request = async (
    owner: { id: string; accountIds: string[] },
    name: string,
    code: string,
    type: RequestType,
    status: RequestStatus,
    times: { verifiedAgo?: number; processedAgo?: number },
  ) => {
    const id = randomUUID();
    sequence += 1;
    const at = (ago: number | undefined) => (ago === undefined ? null : new Date(now - ago));
    await t.deps.db.insert(shareholderRequests).values({
      id,
      referenceNumber: `${type === 'TRANSFER' ? 'TR' : 'IN'}-2026-${String(900000 + sequence)}`,
      requestType: type,
      status,
      shareholderId: owner.id,
      accountId: owner.accountIds[0]!,
      formData: {},
      shareholderName: name,
      shareholderCode: code,
      transferType: type === 'TRANSFER' ? 'dwac' : null,
      sharesCount: type === 'TRANSFER' ? 10 : null,
      createdAt: new Date(now - (times.verifiedAgo ?? 0) - 60_000),
      verificationSubmittedAt: at(times.verifiedAgo),
      processedAt: at(times.processedAgo),
    });
    return id;
  };
  // Acme's transfers: one decided the day it came in, one decided twenty days after, one open for twenty days, one
  // just received; and an inquiry. Globex's: one decided in time, and an inquiry.
  const acmeRequests = {
    inTime: await request(dana, 'Dana Whitfield', 'WH4821', 'TRANSFER', 'APPROVED', {
      verifiedAgo: 30 * 60_000,
      processedAgo: 0,
    }),
    late: await request(dana, 'Dana Whitfield', 'WH4821', 'TRANSFER', 'REJECTED', {
      verifiedAgo: 20 * DAY,
      processedAgo: 0,
    }),
    openLate: await request(bo, 'Bo Lindqvist', 'BO1234', 'TRANSFER', 'VERIFICATION_SUBMITTED', {
      verifiedAgo: 20 * DAY,
    }),
    openFresh: await request(bo, 'Bo Lindqvist', 'BO1234', 'TRANSFER', 'VERIFIED', { verifiedAgo: 0 }),
    inquiry: await request(dana, 'Dana Whitfield', 'WH4821', 'INQUIRY', 'PENDING', {}),
  };
  const globexRequests = [
    await request(zora, 'Zora Quill', 'ZQ7731', 'TRANSFER', 'APPROVED', { verifiedAgo: 60_000, processedAgo: 0 }),
    await request(yuri, 'Yuri Blake', 'YB5518', 'INQUIRY', 'PENDING', {}),
  ];

  return {
    admin,
    /** The staff member's bearer token, for a staff call that answers no JSON. */
    adminToken: token,
    today,
    tenDaysAgo,
    acme: {
      id: acme.id,
      common: acmeCommon,
      preferred: acmePreferred,
      dana,
      bo,
      issuance: acmeIssuance,
      transfer: acmeTransfer,
      requests: acmeRequests,
    },
    /** Everything of Globex an answer for Acme must never contain: ids, names, account numbers, tax IDs. */
    globex: {
      id: globex.id,
      common: globexCommon,
      zora,
      yuri,
      transfer: globexTransfer,
      requests: globexRequests,
      secrets: [
        globex.id,
        globexCommon,
        zora.id,
        yuri.id,
        ...zora.accountIds,
        ...yuri.accountIds,
        globexTransfer,
        ...globexRequests,
        'Globex',
        'Zora',
        'Quill',
        'Yuri',
        'Blake',
        '700600500',
        '700600501',
        'ZQ7731',
        'YB5518',
        '3333',
        '0077',
      ],
    },
  };
}
export type TwoIssuers = Awaited<ReturnType<typeof seedTwoIssuers>>;
