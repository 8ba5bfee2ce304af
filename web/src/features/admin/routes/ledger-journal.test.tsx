import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LEDGER_MESSAGES as M } from '@ledgerwell/shared/ledger';
import { ApiRequestError } from '../../../lib/api-client';
import * as api from '../api/ledger';
import type { TransactionView } from '../api/ledger';
import { issuers } from '../test/ledger-fixtures';
import { LedgerJournalPage } from './ledger-journal';

vi.mock('../api/ledger', async (original) => ({
  ...(await original<typeof api>()),
  fetchIssuers: vi.fn(),
  fetchJournal: vi.fn(),
}));

const FIRST_LOAD = { timeout: 10_000 };

const transfer: TransactionView = {
  id: 'tx-2',
  type: 'TRANSFER',
  classId: 'class-common',
  effectiveDate: '2026-11-27',
  postedAt: '2026-11-27T18:00:00.000Z',
  postedBy: 'registrar',
  sourceRequestId: 'request-1',
  memo: null,
  reversesId: null,
  authorizedShares: null,
  legs: [
    {
      accountId: 'a-1',
      accountNumber: '100200300',
      registrationName: 'Dana Whitfield',
      shares: '-30',
      form: 'CERTIFICATE',
      certificateNumber: 'C-1001',
    },
    {
      accountId: 'a-2',
      accountNumber: '400500600',
      registrationName: 'Okafor Capital LLC',
      shares: '30',
      form: 'DRS',
      certificateNumber: null,
    },
  ],
};

const adjustment: TransactionView = {
  ...transfer,
  id: 'tx-1',
  type: 'AUTHORIZED_ADJUSTMENT',
  effectiveDate: '2026-01-02',
  sourceRequestId: null,
  memo: 'Board resolution 2026-01',
  authorizedShares: '1000000',
  legs: [],
};

const page = (rows: TransactionView[]) => ({
  rows,
  pagination: { page: 1, totalPages: 1, totalCount: rows.length },
});

beforeEach(() => {
  vi.mocked(api.fetchIssuers).mockResolvedValue(issuers);
  vi.mocked(api.fetchJournal).mockImplementation(async (filters) =>
    filters.type === 'REISSUANCE' ? page([]) : page([transfer, adjustment]),
  );
});

const lastQuery = () => vi.mocked(api.fetchJournal).mock.calls.at(-1)![0];

function renderPage() {
  return render(
    <MemoryRouter>
      <LedgerJournalPage />
    </MemoryRouter>,
  );
}

describe('the journal', () => {
  it('shows each posting with its class, legs linked to their accounts, memo and source request', async () => {
    renderPage();
    const table = await screen.findByRole('table', {}, FIRST_LOAD);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Nov 27, 2026', 'Jan 2, 2026']);
    await waitFor(() => expect(within(rows[0]!).getByText('Acme Corp, Common')).toBeTruthy());
    expect(within(rows[0]!).getByText('\u221230')).toBeTruthy();
    expect(within(rows[0]!).getByText(/certificate C-1001/)).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: '400500600 (Okafor Capital LLC)' }).getAttribute('href')).toBe(
      '/admin/ledger/accounts/a-2',
    );
    expect(within(rows[0]!).getByRole('link', { name: 'The request it posts' }).getAttribute('href')).toBe(
      '/admin/requests/request-1',
    );
    expect(within(rows[1]!).getByText('Authorized shares set to 1,000,000')).toBeTruthy();
    expect(within(rows[1]!).getByText('Board resolution 2026-01')).toBeTruthy();
  });

  it('narrows by issuer or class, type, dates and account number, and says when nothing matches', async () => {
    renderPage();
    await screen.findByRole('table', {}, FIRST_LOAD);
    expect(lastQuery()).toEqual({});
    await screen.findByRole('option', { name: 'Acme Corp, every class' });
    fireEvent.change(screen.getByLabelText('Issuer or class'), { target: { value: 'issuer:issuer-1' } });
    await waitFor(() => expect(lastQuery()).toEqual({ issuerId: 'issuer-1' }));
    fireEvent.change(screen.getByLabelText('Issuer or class'), { target: { value: 'class:class-common' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() => expect(lastQuery()).toEqual({ classId: 'class-common', from: '2026-11-01', to: '2026-11-30' }));
    // Each end of the range offers only days on its side of the other.
    expect(screen.getByLabelText('To').getAttribute('min')).toBe('2026-11-01');
    expect(screen.getByLabelText('From').getAttribute('max')).toBe('2026-11-30');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '100200300' } });
    await waitFor(() => expect(lastQuery()).toMatchObject({ accountNumber: '100200300' }));
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'REISSUANCE' } });
    expect(await screen.findByText('No posting matches these filters.')).toBeTruthy();
    expect(lastQuery()).toEqual({
      classId: 'class-common',
      from: '2026-11-01',
      to: '2026-11-30',
      accountNumber: '100200300',
      type: 'REISSUANCE',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(lastQuery()).toEqual({}));
  });

  it("shows the server's message when the journal cannot be read, with a way to try again", async () => {
    vi.mocked(api.fetchJournal).mockRejectedValue(
      new ApiRequestError({ status: 400, code: 'VALIDATION_ERROR', message: M.dateRangeReversed, fromServer: true }),
    );
    renderPage();
    expect((await screen.findByRole('alert', {}, FIRST_LOAD)).textContent).toContain(M.dateRangeReversed);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
