// The mixed load of `pnpm test:faults`: portal submissions (with Idempotency-Keys), contact messages,
// verification uploads, admin decisions and ledger transfers (with Idempotency-Keys), each retried by the client (client.ts); every 2xx goes
// into the ledger that the checks compare with the database, the SMTP sink and the photo store.
import { randomUUID } from 'node:crypto';
import { SAMPLE_DWAC_TRANSFER } from '@ledgerwell/shared/portal-requests.fixtures';
import { call, jsonInit } from './client';

export interface Ledger {
  /** Acknowledged portal submissions, by Idempotency-Key. */
  requests: { key: string; id: string; referenceNumber: string; type: 'INQUIRY' | 'TRANSFER'; code?: string }[];
  /** Contact messages sent (by marker) and acknowledged (their ids). */
  contacts: { marker: string; attempts: number; id?: string }[];
  /** Acknowledged photo uploads. */
  uploads: { requestId: string; documentType: string }[];
  /** Acknowledged status changes, with the marker they carry in their notes. */
  decisions: { requestId: string; status: string; marker: string }[];
  /** Acknowledged ledger transfers (each sent with its own Idempotency-Key), with the marker in their memo. */
  postings: { transactionId: string; marker: string }[];
  /** Calls refused in a way the load did not expect (a 4xx other than a retry's 409): listed, not failures. */
  refusals: string[];
}

export const ledger: Ledger = { requests: [], contacts: [], uploads: [], decisions: [], postings: [], refusals: [] };

const DOCUMENT_TYPES = ['selfie', 'id_front', 'id_back'] as const;
const INQUIRY_HOLDER = { code: 'DEMO01', accountNumber: '100200301' };
const TRANSFER_HOLDER = { code: 'DEMO02', accountNumber: '200300400' };

/** A loopback client's own address as seen through TRUST_PROXY=1, so the per-address throttles count each apart. */
const forwardedFor = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

export interface LoadTarget {
  base: string;
  admin: { username: string; password: string };
  photo: Buffer;
  /** Two DRS holders of one demo class, between whom the load posts one-share transfers. */
  transfers: { classId: string; accountIds: [string, string]; effectiveDate: string };
}

function refuse(what: string, status: number, body: Record<string, unknown>) {
  ledger.refusals.push(`${what}: ${status} ${JSON.stringify(body).slice(0, 160)}`);
}

/** One load client: its own portal sessions and admin session, renewed on a 401. */
export function loadClient(target: LoadTarget, index: number) {
  const address = forwardedFor();
  const tokens = new Map<string, string>();
  let adminToken: string | undefined;
  const pendingUploads: Ledger['requests'] = [];
  const pendingDecisions: Ledger['requests'] = [];

  async function portalToken(holder: { code: string; accountNumber: string }, renew = false): Promise<string | null> {
    if (!renew && tokens.has(holder.code)) return tokens.get(holder.code)!;
    const step1 = await call(
      target.base,
      '/api/shareholder-portal/validate-code',
      jsonInit('POST', { code: holder.code }, { 'X-Forwarded-For': address }),
    );
    if (step1?.status !== 200) return null;
    const step2 = await call(
      target.base,
      '/api/shareholder-portal/validate-account',
      jsonInit(
        'POST',
        { accountNumber: holder.accountNumber },
        { 'X-Forwarded-For': address },
        step1.json.token as string,
      ),
    );
    if (step2?.status !== 200) return null;
    tokens.set(holder.code, step2.json.token as string);
    return step2.json.token as string;
  }

  async function admin(renew = false): Promise<string | null> {
    if (!renew && adminToken) return adminToken;
    const login = await call(
      target.base,
      '/api/admin/login',
      jsonInit('POST', target.admin, { 'X-Forwarded-For': address }),
    );
    if (login?.status !== 200) return null;
    adminToken = login.json.token as string;
    return adminToken;
  }

  async function submit(type: 'INQUIRY' | 'TRANSFER') {
    const holder = type === 'INQUIRY' ? INQUIRY_HOLDER : TRANSFER_HOLDER;
    const key = `faults-${randomUUID()}`;
    const formData =
      type === 'INQUIRY'
        ? { inquiry_message: `Fault run question ${key}` }
        : {
            ...SAMPLE_DWAC_TRANSFER,
            receiving_account_name: 'Marcus Bell',
            transfer_shares_text: '5',
            transfer_shares_count: 5,
          };
    for (let session = 0; session < 3; session++) {
      const token = await portalToken(holder, session > 0);
      if (!token) return;
      const answer = await call(
        target.base,
        '/api/shareholder-portal/submit-request',
        jsonInit(
          'POST',
          { requestType: type, formData },
          { 'Idempotency-Key': key, 'X-Forwarded-For': address },
          token,
        ),
      );
      if (!answer) return;
      if (answer.status === 401) continue;
      if (answer.status !== 201) return refuse(`submit ${type}`, answer.status, answer.json);
      const data = answer.json.data as { id: string; verificationCode?: string };
      const filed = {
        key,
        id: data.id,
        referenceNumber: answer.json.referenceNumber as string,
        type,
        ...(data.verificationCode ? { code: data.verificationCode } : {}),
      };
      ledger.requests.push(filed);
      (type === 'TRANSFER' ? pendingUploads : pendingDecisions).push(filed);
      return;
    }
  }

  async function contact() {
    const marker = `faults-${randomUUID()}`;
    const entry: Ledger['contacts'][number] = { marker, attempts: 0 };
    ledger.contacts.push(entry);
    const body = {
      name: `Fault Client ${index}`,
      email: `client${index}@example.com`,
      message: `A question from the fault run, marker ${marker}.`,
    };
    const init = jsonInit('POST', body, { 'X-Forwarded-For': forwardedFor() });
    const answer = await call(target.base, '/api/contact', () => {
      entry.attempts++;
      return init();
    });
    if (!answer) return;
    if (answer.status === 201 || answer.status === 207) entry.id = answer.json.id as string;
    else refuse('contact', answer.status, answer.json);
  }

  async function uploads() {
    const filed = pendingUploads.shift();
    if (!filed?.code) return submit('TRANSFER');
    for (const documentType of DOCUMENT_TYPES) {
      const answer = await call(target.base, '/api/shareholder-portal/upload-verification', () => {
        const form = new FormData();
        form.set('documentType', documentType);
        form.set('verificationCode', filed.code!);
        form.set('document', new File([new Uint8Array(target.photo)], `${documentType}.jpg`, { type: 'image/jpeg' }));
        return { method: 'POST', body: form, headers: { 'X-Forwarded-For': address } };
      });
      if (!answer) return;
      if (answer.status !== 200) {
        // A retry of a call that did reach the server may find its work done (409): not acknowledged.
        if (!(answer.retried && answer.status === 409)) refuse(`upload ${documentType}`, answer.status, answer.json);
        return;
      }
      ledger.uploads.push({ requestId: filed.id, documentType });
    }
  }

  async function decide() {
    const filed = pendingDecisions.shift();
    if (!filed) return submit('INQUIRY');
    const marker = `faults-${randomUUID()}`;
    for (let session = 0; session < 3; session++) {
      const token = await admin(session > 0);
      if (!token) return;
      const answer = await call(
        target.base,
        `/api/admin/requests/${filed.id}/status`,
        jsonInit('PUT', { status: 'PROCESSING', notes: marker }, {}, token),
      );
      if (!answer) return;
      if (answer.status === 401) continue;
      if (answer.status === 200) ledger.decisions.push({ requestId: filed.id, status: 'PROCESSING', marker });
      else if (!(answer.retried && answer.status === 409)) refuse('status change', answer.status, answer.json);
      return;
    }
  }

  /** One share from one holder to the other, retried with the same Idempotency-Key: posted once whatever happens. */
  async function postTransfer() {
    const marker = `faults-ledger-${randomUUID()}`;
    const { classId, accountIds, effectiveDate } = target.transfers;
    const [from, to] = Math.random() < 0.5 ? accountIds : [accountIds[1], accountIds[0]];
    const body = {
      classId,
      fromAccountId: from,
      toAccountId: to,
      shares: '1',
      toForm: 'DRS',
      effectiveDate,
      memo: marker,
    };
    const key = `ledger-${randomUUID()}`;
    for (let session = 0; session < 3; session++) {
      const token = await admin(session > 0);
      if (!token) return;
      const answer = await call(
        target.base,
        '/api/admin/ledger/transfers',
        jsonInit('POST', body, { 'Idempotency-Key': key }, token),
      );
      if (!answer) return;
      if (answer.status === 401) continue;
      if (answer.status !== 201) return refuse('ledger transfer', answer.status, answer.json);
      ledger.postings.push({ transactionId: (answer.json.data as { id: string }).id, marker });
      return;
    }
  }

  /** Runs mixed operations until `until` (ms since the epoch). */
  async function run(until: number) {
    while (Date.now() < until) {
      const roll = Math.random();
      if (roll < 0.25) await submit('INQUIRY');
      else if (roll < 0.42) await submit('TRANSFER');
      else if (roll < 0.55) await contact();
      else if (roll < 0.7) await uploads();
      else if (roll < 0.85) await decide();
      else await postTransfer();
    }
  }

  return { run, admin };
}
