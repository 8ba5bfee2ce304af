import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminRole } from '@ledgerwell/shared/admin-auth';
import { LEDGER_MESSAGES as M } from '@ledgerwell/shared/ledger';
import * as api from '../api/ledger';
import type { CertificateView, PostingView, RecordDifferenceView } from '../api/ledger';
import { controlBooks, issuers } from '../test/ledger-fixtures';
import { LedgerPage } from './ledger';

vi.mock('../api/ledger', async (original) => ({
  ...(await original<typeof api>()),
  fetchIssuers: vi.fn(),
  fetchControlBook: vi.fn(),
  searchCertificates: vi.fn(),
  placeStopOrder: vi.fn(),
  releaseStopOrder: vi.fn(),
  reissueCertificate: vi.fn(),
  fetchLedgerPostings: vi.fn(),
  fetchRecordDifferences: vi.fn(),
  reconcileNow: vi.fn(),
}));

const FIRST_LOAD = { timeout: 10_000 };

function certificate(overrides: Partial<CertificateView>): CertificateView {
  return {
    id: 'cert-1',
    number: 'C-100',
    issuer: 'Acme Corp',
    shareClass: 'Common',
    classId: 'class-common',
    accountId: 'account-1',
    accountNumber: '100200300',
    registration: 'Dana Whitfield',
    shares: '1500',
    status: 'OUTSTANDING',
    issueDate: '2026-01-05',
    issuedBy: 'tx-issue',
    cancellationDate: null,
    cancelledBy: null,
    sourceCertificateNumber: null,
    derivedCertificateNumbers: [],
    stopOrders: [],
    ...overrides,
  };
}

const cancelled = certificate({
  id: 'cert-cancelled',
  status: 'CANCELLED',
  cancellationDate: '2026-03-10',
  cancelledBy: 'tx-cancel',
  sourceCertificateNumber: 'C-050',
  derivedCertificateNumbers: ['C-101', 'C-102'],
});
const stopped = certificate({
  id: 'cert-stopped',
  issuer: 'Borealis Mining Inc.',
  shareClass: 'Class B',
  registration: 'Lee Ortega',
  accountNumber: '900800700',
  status: 'STOPPED',
  stopOrders: [
    {
      action: 'PLACED',
      reason: 'LOST',
      note: 'Reported lost in the mail',
      by: 'carol',
      at: '2026-04-01T16:30:00.000Z',
    },
  ],
});
const outstanding = certificate({ id: 'cert-outstanding', number: 'C-200', shares: '2500' });

const waiting: PostingView = {
  id: 'posting-1',
  requestId: 'request-7',
  referenceNumber: 'TR-20260401-0007',
  classId: 'class-common',
  shares: '25000',
  effectiveDate: null,
  memo: null,
  status: 'PROPOSED',
  proposedBy: 'dave',
  proposedAt: '2026-04-02T09:15:00.000Z',
  confirmedBy: null,
  confirmedAt: null,
  transactionId: null,
};

beforeEach(() => {
  vi.mocked(api.fetchIssuers).mockResolvedValue(issuers);
  vi.mocked(api.fetchControlBook).mockImplementation(async (classId) => controlBooks[classId]!);
  vi.mocked(api.searchCertificates).mockImplementation(async (number) =>
    number === 'C-100' ? [cancelled, stopped] : number === 'C-200' ? [outstanding] : [],
  );
  vi.mocked(api.fetchLedgerPostings).mockResolvedValue([]);
  vi.mocked(api.fetchRecordDifferences).mockResolvedValue([]);
  vi.mocked(api.reconcileNow).mockReset();
  vi.mocked(api.placeStopOrder).mockReset();
  vi.mocked(api.releaseStopOrder).mockReset();
  vi.mocked(api.reissueCertificate).mockReset();
});

function renderPage(role: AdminRole) {
  return render(
    <MemoryRouter>
      <LedgerPage role={role} />
    </MemoryRouter>,
  );
}

async function searchFor(number: string) {
  const user = userEvent.setup();
  const register = await screen.findByRole('region', { name: 'Certificate register' }, FIRST_LOAD);
  await user.clear(within(register).getByLabelText('Certificate number'));
  await user.type(within(register).getByLabelText('Certificate number'), number);
  await user.click(within(register).getByRole('button', { name: 'Search' }));
  return { user, register };
}

const card = (number: string, issuer: string) =>
  screen
    .getAllByRole('article', { name: `Certificate ${number}` })
    .find((article) => within(article).queryByText(new RegExp(issuer)))!;

describe('the ledger screen', () => {
  it('lists each class with its authorized shares, or "Not recorded", and its control book', async () => {
    renderPage('READ_ONLY');
    const classes = await screen.findByRole('region', { name: 'Acme Corp' }, FIRST_LOAD);
    const common = within(classes).getByRole('row', { name: /^Common/ });
    expect(within(common).getByText('10,000,000')).toBeTruthy();
    expect(await within(common).findByText('In balance')).toBeTruthy();
    // Outstanding from the issuer list, and the master-file total from the control book.
    expect(within(common).getAllByText('1,250,000.5')).toHaveLength(2);
    const preferred = within(classes).getByRole('row', { name: /^Series A Preferred/ });
    expect(within(preferred).getByText('Not recorded')).toBeTruthy();
    expect(await within(preferred).findByText('In balance')).toBeTruthy();
    expect(api.fetchControlBook).toHaveBeenCalledWith('class-common', expect.anything());
  });

  it('highlights a class whose master file does not match its shares outstanding', async () => {
    vi.mocked(api.fetchControlBook).mockImplementation(async (classId) => ({
      ...controlBooks[classId]!,
      difference: classId === 'class-common' ? '-12.5' : '0',
    }));
    renderPage('READ_ONLY');
    const classes = await screen.findByRole('region', { name: 'Acme Corp' }, FIRST_LOAD);
    const common = within(classes).getByRole('row', { name: /^Common/ });
    expect(await within(common).findByText('Difference -12.5')).toBeTruthy();
    expect(within(common).queryByText('In balance')).toBeNull();
  });

  it('finds a cancelled certificate with its lineage and a stopped one with its stop order', async () => {
    renderPage('READ_ONLY');
    await searchFor('c-100');
    expect(await screen.findByText('2 certificates numbered C-100.')).toBeTruthy();
    expect(api.searchCertificates).toHaveBeenCalledWith('C-100', expect.anything());

    const old = card('C-100', 'Acme Corp');
    expect(within(old).getByText('Cancelled')).toBeTruthy();
    expect(within(old).getByText('Cut from C-050; Replaced by C-101, C-102')).toBeTruthy();
    expect(within(old).getByText('Mar 10, 2026')).toBeTruthy();
    expect(within(old).getByText('Dana Whitfield')).toBeTruthy();

    const held = card('C-100', 'Borealis Mining');
    expect(within(held).getByText('Stopped')).toBeTruthy();
    expect(within(held).getByText(/^Placed \(Lost\) on .* by carol: Reported lost in the mail$/)).toBeTruthy();
    expect(within(held).getByText('1,500')).toBeTruthy();
  });

  it('says so when no certificate has the number, and asks for one when the field is empty', async () => {
    renderPage('READ_ONLY');
    const { user, register } = await searchFor('X-9');
    expect(await screen.findByText('No certificate numbered X-9 was found.')).toBeTruthy();
    await user.clear(within(register).getByLabelText('Certificate number'));
    await user.click(within(register).getByRole('button', { name: 'Search' }));
    expect(within(register).getByText('Enter a certificate number to search for')).toBeTruthy();
  });

  it('lets an ADMIN place a stop order with the chosen reason, and the certificate becomes Stopped', async () => {
    vi.mocked(api.placeStopOrder).mockImplementation(async (_id, input) => ({
      ...outstanding,
      status: 'STOPPED',
      stopOrders: [
        { action: 'PLACED', reason: input.reason, note: input.note ?? null, by: 'erin', at: '2026-04-03T12:00:00Z' },
      ],
    }));
    renderPage('ADMIN');
    const { user } = await searchFor('C-200');
    const article = await screen.findByRole('article', { name: 'Certificate C-200' });
    expect(within(article).getByText('Outstanding')).toBeTruthy();

    await user.click(within(article).getByRole('button', { name: 'Place stop order' }));
    expect(within(article).getByText('Choose why the stop order is placed')).toBeTruthy();
    expect(api.placeStopOrder).not.toHaveBeenCalled();

    await user.selectOptions(within(article).getByLabelText('Reason'), 'Stolen');
    await user.type(within(article).getByLabelText(/Note/), 'Holder reported a burglary');
    await user.click(within(article).getByRole('button', { name: 'Place stop order' }));

    expect(api.placeStopOrder).toHaveBeenCalledWith('cert-outstanding', {
      reason: 'STOLEN',
      note: 'Holder reported a burglary',
    });
    expect(await within(article).findByText('Stopped')).toBeTruthy();
    expect(within(article).queryByRole('button', { name: 'Place stop order' })).toBeNull();
    expect(within(article).getByRole('button', { name: 'Release stop order' })).toBeTruthy();
    expect(within(article).getByText(/^Placed \(Stolen\) on .* by erin: Holder reported a burglary$/)).toBeTruthy();
    expect(await screen.findByText('Stop order placed on certificate C-200')).toBeTruthy();
  });

  it("shows the server's message when a stop order is refused", async () => {
    const { ApiRequestError } = await import('../../../lib/api-client');
    vi.mocked(api.placeStopOrder).mockRejectedValue(
      new ApiRequestError({
        status: 409,
        code: 'CONFLICT',
        message: 'A stop order is already in place on this certificate',
        fromServer: true,
      }),
    );
    renderPage('SUPER_ADMIN');
    const { user } = await searchFor('C-200');
    const article = await screen.findByRole('article', { name: 'Certificate C-200' });
    await user.selectOptions(within(article).getByLabelText('Reason'), 'Adverse claim');
    await user.click(within(article).getByRole('button', { name: 'Place stop order' }));
    expect(await screen.findByText('A stop order is already in place on this certificate')).toBeTruthy();
    expect(within(article).getByText('Outstanding')).toBeTruthy();
  });

  it.each(['READ_ONLY', 'REVIEWER'] as const)('shows %s no stop or release controls', async (role) => {
    vi.mocked(api.searchCertificates).mockResolvedValue([outstanding, stopped]);
    renderPage(role);
    await searchFor('C-200');
    expect(await screen.findByText('2 certificates numbered C-200.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Place stop order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Release stop order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Issue replacement' })).toBeNull();
    expect(screen.queryByLabelText('Reason')).toBeNull();
  });

  it('replaces a stopped certificate on a new certificate or as DRS, and the old one shows cancelled with its replacement', async () => {
    vi.mocked(api.reissueCertificate).mockImplementation(async (old) => ({
      ...old,
      status: 'CANCELLED',
      cancellationDate: '2026-04-05',
      derivedCertificateNumbers: ['LW000042'],
    }));
    renderPage('ADMIN');
    const { user } = await searchFor('C-100');
    const article = card('C-100', 'Borealis');
    // Nothing is offered for an outstanding or cancelled certificate.
    expect(within(card('C-100', 'Acme')).queryByRole('button', { name: 'Issue replacement' })).toBeNull();
    await user.type(within(article).getByLabelText(/Memo/), 'Affidavit and bond on file');
    await user.click(within(article).getByRole('button', { name: 'Issue replacement' }));
    expect(api.reissueCertificate).toHaveBeenCalledWith(stopped, {
      certificateId: 'cert-stopped',
      replacementForm: 'CERTIFICATE',
      memo: 'Affidavit and bond on file',
    });
    expect(await screen.findByText('Certificate C-100 replaced on certificate LW000042')).toBeTruthy();
    expect(within(article).getByText('Cancelled')).toBeTruthy();
    expect(within(article).getByText('Replaced by LW000042')).toBeTruthy();
    expect(within(article).queryByRole('button', { name: 'Issue replacement' })).toBeNull();
  });

  it("shows the server's reason when a replacement is refused, such as an adverse claim", async () => {
    const { ApiRequestError } = await import('../../../lib/api-client');
    vi.mocked(api.reissueCertificate).mockRejectedValue(
      new ApiRequestError({
        status: 409,
        code: 'CERTIFICATE_NOT_STOPPED',
        message: M.reissueAdverseClaim,
        fromServer: true,
      }),
    );
    renderPage('ADMIN');
    const { user } = await searchFor('C-100');
    const article = card('C-100', 'Borealis');
    await user.selectOptions(within(article).getByLabelText('Replace as'), 'DRS shares');
    await user.click(within(article).getByRole('button', { name: 'Issue replacement' }));
    expect(vi.mocked(api.reissueCertificate).mock.calls[0]![1]).toEqual({
      certificateId: 'cert-stopped',
      replacementForm: 'DRS',
    });
    expect(await screen.findByText(M.reissueAdverseClaim)).toBeTruthy();
    expect(within(article).getByText('Stopped')).toBeTruthy();
  });

  it('lists a posting waiting for a second person, linked to its request', async () => {
    vi.mocked(api.fetchLedgerPostings).mockResolvedValue([waiting]);
    renderPage('REVIEWER');
    const queue = await screen.findByRole('region', { name: 'Postings awaiting confirmation' }, FIRST_LOAD);
    const link = await within(queue).findByRole('link', { name: 'TR-20260401-0007' });
    expect(link.getAttribute('href')).toBe('/admin/requests/request-7');
    const row = link.closest('tr')!;
    expect(within(row).getByText('25,000')).toBeTruthy();
    expect(within(row).getByText('dave')).toBeTruthy();
    expect(within(row).getByText(/Apr 2, 2026/)).toBeTruthy();
    expect(within(row).getByText('The day it is confirmed')).toBeTruthy();
  });

  it('says when no posting is waiting', async () => {
    renderPage('READ_ONLY');
    expect(await screen.findByText('No postings are waiting.', {}, FIRST_LOAD)).toBeTruthy();
  });

  it('lists a record difference with its age, aged past 30 days, and lets an ADMIN reconcile now', async () => {
    const difference: RecordDifferenceView = {
      id: 'diff-1',
      classId: 'class-common',
      issuer: 'Acme Corp',
      shareClass: 'Common',
      outstandingShares: '1250000.5',
      masterFileTotal: '1250005.5',
      journalTotal: '1250000.5',
      difference: '5',
      firstFoundAt: '2026-03-01T10:00:00.000Z',
      lastCheckedAt: '2026-04-02T10:00:00.000Z',
      ageDays: 32,
      aged: true,
      resolvedAt: null,
    };
    vi.mocked(api.fetchRecordDifferences).mockResolvedValue([difference]);
    vi.mocked(api.reconcileNow).mockResolvedValue({
      id: 'run-1',
      trigger: 'MANUAL',
      runDate: '2026-04-02',
      classesChecked: 2,
      differencesFound: 1,
      startedAt: '2026-04-02T10:00:00.000Z',
      finishedAt: '2026-04-02T10:00:01.000Z',
      differences: [difference],
    });
    renderPage('ADMIN');
    const section = await screen.findByRole('region', { name: 'Reconciliation' }, FIRST_LOAD);
    const row = (await within(section).findByText('Acme Corp, Common')).closest('tr')!;
    expect(within(row).getByText('5')).toBeTruthy();
    expect(within(row).getByText('1,250,005.5')).toBeTruthy();
    expect(row.textContent).toContain('32 days');
    expect(within(row).getByText('Aged')).toBeTruthy();
    const loads = vi.mocked(api.fetchRecordDifferences).mock.calls.length;
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Reconcile now' }));
    expect(await screen.findByText('2 classes checked: 1 out of balance')).toBeTruthy();
    // The list is read again after the run.
    await vi.waitFor(() => expect(vi.mocked(api.fetchRecordDifferences).mock.calls.length).toBe(loads + 1));
  });

  it('offers Reconcile now only to ADMIN and up, and says when every class is in balance', async () => {
    renderPage('READ_ONLY');
    const section = await screen.findByRole('region', { name: 'Reconciliation' }, FIRST_LOAD);
    expect(await within(section).findByText(/No record differences/)).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Reconcile now' })).toBeNull();
  });
});
