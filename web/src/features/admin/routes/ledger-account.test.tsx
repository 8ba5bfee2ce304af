import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../api/ledger';
import type { CertificateView, PositionView, TransactionView } from '../api/ledger';
import { LedgerAccountPage } from './ledger-account';

vi.mock('../api/ledger', async (original) => ({
  ...(await original<typeof api>()),
  fetchAccountPosition: vi.fn(),
  fetchAccountTransactions: vi.fn(),
  fetchAccountCertificates: vi.fn(),
}));

const FIRST_LOAD = { timeout: 10_000 };

const position = (asOf: string, total: string): PositionView => ({
  accountId: 'a-1',
  accountNumber: '100200300',
  registrationName: 'Dana Whitfield',
  classId: 'class-common',
  className: 'Common',
  issuerId: 'issuer-1',
  issuerName: 'Acme Corp',
  asOf,
  drsShares: total,
  certificatedShares: '0',
  totalShares: total,
});

const leg = (accountId: string, accountNumber: string, shares: string) => ({
  accountId,
  accountNumber,
  registrationName: accountId === 'a-1' ? 'Dana Whitfield' : 'Bo Lindqvist',
  shares,
  form: 'DRS' as const,
  certificateNumber: null,
});

const transactions: TransactionView[] = [
  {
    id: 'tx-2',
    type: 'TRANSFER',
    classId: 'class-common',
    effectiveDate: '2026-11-27',
    postedAt: '2026-11-27T18:00:00.000Z',
    postedBy: 'registrar',
    sourceRequestId: null,
    memo: null,
    reversesId: null,
    authorizedShares: null,
    legs: [leg('a-1', '100200300', '-30'), leg('a-1', '100200300', '-0.5'), leg('b-1', '300400500', '30.5')],
    balanceAfter: '1469.5',
  },
  {
    id: 'tx-1',
    type: 'ISSUANCE',
    classId: 'class-common',
    effectiveDate: '2026-01-02',
    postedAt: '2026-01-02T18:00:00.000Z',
    postedBy: null,
    sourceRequestId: null,
    memo: 'Opening balance',
    reversesId: null,
    authorizedShares: null,
    legs: [leg('a-1', '100200300', '1500')],
    balanceAfter: '1500',
  },
];

const certificate: CertificateView = {
  id: 'cert-2',
  number: 'C-1002',
  issuer: 'Acme Corp',
  shareClass: 'Common',
  classId: 'class-common',
  accountId: 'a-1',
  accountNumber: '100200300',
  registration: 'Dana Whitfield',
  shares: '200',
  status: 'CANCELLED',
  issueDate: '2026-03-01',
  issuedBy: 'registrar',
  cancellationDate: '2026-06-01',
  cancelledBy: 'registrar',
  sourceCertificateNumber: 'C-1001',
  derivedCertificateNumbers: ['C-1003'],
  stopOrders: [],
};

const page = <T,>(rows: T[]) => ({ rows, pagination: { page: 1, totalPages: 1, totalCount: rows.length } });

beforeEach(() => {
  vi.mocked(api.fetchAccountPosition).mockImplementation(async (_id, asOf) =>
    asOf === '2026-01-01' ? position('2026-01-01', '0') : position('2026-11-27', '1469.5'),
  );
  vi.mocked(api.fetchAccountTransactions).mockResolvedValue(page(transactions));
  vi.mocked(api.fetchAccountCertificates).mockResolvedValue(page([certificate]));
});

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/admin/ledger/accounts/a-1']}>
      <Routes>
        <Route path="/admin/ledger/accounts/:accountId" element={<LedgerAccountPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("an account's ledger", () => {
  it('shows the registration, the position on any day, each transaction with the balance after it, and the certificates', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Account 100200300' }, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Acme Corp, Common' }).getAttribute('href')).toBe(
      '/admin/ledger/classes/class-common',
    );
    expect(within(screen.getByRole('region', { name: 'Position' })).getAllByText('1,469.5')).toHaveLength(2);

    const moves = within(await screen.findByRole('table', { name: /Transactions/ }));
    const [transfer, issuance] = moves.getAllByRole('row').slice(1);
    // Two legs of the account in one transfer (a certificate cut and its balance) add up exactly.
    expect(within(transfer!).getAllByText('\u221230.5')).toHaveLength(1);
    expect(within(transfer!).getByText('1,469.5')).toBeTruthy();
    expect(within(transfer!).getByRole('link', { name: '300400500 (Bo Lindqvist)' })).toBeTruthy();
    expect(within(transfer!).getAllByText('this account')).toHaveLength(2);
    expect(within(issuance!).getAllByText('+1,500')).toHaveLength(2);
    expect(within(issuance!).getByText('by the system')).toBeTruthy();

    const certificates = within(screen.getByRole('table', { name: /Certificates/ }));
    const row = certificates.getByRole('rowheader', { name: 'C-1002' }).closest('tr')!;
    expect(within(row).getByText('Cancelled')).toBeTruthy();
    expect(within(row).getByText('Cut from C-1001; Replaced by C-1003')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('At the end of'), { target: { value: '2026-01-01' } });
    await waitFor(() =>
      expect(api.fetchAccountPosition).toHaveBeenLastCalledWith('a-1', '2026-01-01', expect.anything()),
    );
    expect(await screen.findByText('Jan 1, 2026')).toBeTruthy();
  });

  it('says so when nothing was ever posted or registered to the account', async () => {
    vi.mocked(api.fetchAccountTransactions).mockResolvedValue(page([]));
    vi.mocked(api.fetchAccountCertificates).mockResolvedValue(page([]));
    renderPage();
    expect(await screen.findByText('Nothing has been posted to this account.', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('No certificate has been registered to this account.')).toBeTruthy();
  });
});
