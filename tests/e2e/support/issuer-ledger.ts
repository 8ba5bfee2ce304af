import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { calendarDateIn } from '../../../shared/src/ledger';
import { adminToken } from './admin-helpers';

const DAY = 24 * 60 * 60 * 1000;

/** A calendar date `days` before `date` (both YYYY-MM-DD). */
export const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) - days * DAY).toISOString().slice(0, 10);

/** The staff API as the e2e SUPER_ADMIN: the JSON answer's `data`, after checking the status. */
async function staff(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  return async (method: 'GET' | 'POST', path: string, body?: unknown, status = method === 'GET' ? 200 : 201) => {
    const response = await request.fetch(`/api/admin${path}`, { method, headers, ...(body ? { data: body } : {}) });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(status);
    return (await response.json()).data;
  };
}

/** The issuer staff approval created (or linked) for an application, as the staff ledger lists it. */
export async function issuerOfApplication(
  request: APIRequestContext,
  applicationId: string,
): Promise<{ id: string; legalName: string; timeZone: string }> {
  const admin = await staff(request);
  const issuers = (await admin('GET', '/issuers')) as {
    id: string;
    legalName: string;
    timeZone: string;
    issuerApplicationId: string | null;
  }[];
  const issuer = issuers.find((row) => row.issuerApplicationId === applicationId);
  expect(issuer, `the issuer of application ${applicationId}`).toBeDefined();
  return issuer!;
}

export interface SeededHolder {
  name: string;
  accountNumber: string;
  taxId: string;
  /** What the holder held at the end of `beforeTransfer`, and holds today. */
  before: number;
  today: number;
}

export interface SeededLedger {
  classId: string;
  className: string;
  /** The day the founders' shares were issued, a day between then and the transfer, and today (issuer's zone). */
  issued: string;
  beforeTransfer: string;
  today: string;
  holders: SeededHolder[];
  /** The transfer's shares, from the first holder to the third. */
  transferred: number;
}

/**
 * One class of 1,000,000 authorized shares for an issuer, posted as staff post it: three holders issued 6,000,
 * 3,000 and 1,000 shares twenty days ago, and 1,500 moved from the first to the third five days ago. So today's
 * cap table reads 45 %, 30 %, 25 %, and a record date between the two postings lists 6,000 / 3,000 / 1,000.
 */
export async function seedIssuerLedger(
  request: APIRequestContext,
  issuer: { id: string; legalName: string; timeZone: string },
): Promise<SeededLedger> {
  const admin = await staff(request);
  const className = 'Common';
  const shareClass = await admin('POST', `/issuers/${issuer.id}/classes`, {
    name: className,
    authorizedShares: '1000000',
  });
  const today = calendarDateIn(issuer.timeZone, new Date());
  const issued = daysBefore(today, 20);
  const beforeTransfer = daysBefore(today, 10);
  const transferred = 1500;
  // Codes and account numbers are unique across the registry: a run of its own in every test.
  const run = String(randomInt(10_000_000, 99_999_999));
  const specs = [
    { name: 'Imogen Vale', taxId: '123-45-6781', before: 6000, today: 4500 },
    { name: 'Rufus Okoye', taxId: '234-56-7892', before: 3000, today: 3000 },
    { name: 'Teodora Lind', taxId: '345-67-8903', before: 1000, today: 2500 },
  ];
  const holders: SeededHolder[] = [];
  const accountIds: string[] = [];
  for (const [index, spec] of specs.entries()) {
    const accountNumber = `${run}${index}`;
    const created = await admin('POST', '/shareholders', {
      code: `E${run}${index}`,
      name: spec.name,
      email: `holder${index}.${run}@example.com`,
      taxId: spec.taxId,
      address: { line1: '1 Main St', city: 'Fresno', state: 'CA', postalCode: '93721' },
      accounts: [
        {
          accountNumber,
          registrationName: spec.name,
          issuer: issuer.legalName,
          shareClass: className,
          sharesHeld: 0,
          holdingType: 'DRS',
          certificateNumbers: [],
        },
      ],
    });
    accountIds.push(created.accounts[0].id);
    holders.push({ ...spec, accountNumber });
  }
  for (const [index, spec] of specs.entries())
    await admin('POST', '/ledger/issuances', {
      classId: shareClass.id,
      accountId: accountIds[index],
      shares: String(spec.before),
      form: 'DRS',
      effectiveDate: issued,
      memo: 'Founders issuance',
    });
  await admin('POST', '/ledger/transfers', {
    classId: shareClass.id,
    fromAccountId: accountIds[0],
    toAccountId: accountIds[2],
    shares: String(transferred),
    toForm: 'DRS',
    effectiveDate: daysBefore(today, 5),
    memo: 'Private sale',
  });
  return { classId: shareClass.id, className, issued, beforeTransfer, today, holders, transferred };
}
