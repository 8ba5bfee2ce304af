import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminRole } from '@ledgerwell/shared/admin-auth';
import * as api from '../api/ledger';
import type { HolderList } from '../api/ledger';
import { issuers } from '../test/ledger-fixtures';
import { LedgerClassPage } from './ledger-class';

vi.mock('../api/ledger', async (original) => ({
  ...(await original<typeof api>()),
  fetchIssuers: vi.fn(),
  fetchClassHolders: vi.fn(),
  exportClassHolders: vi.fn(),
}));

const FIRST_LOAD = { timeout: 10_000 };

const list = (asOf: string, rows: HolderList['data']): HolderList => ({
  success: true,
  asOf,
  data: rows,
  total: rows.length,
  totalShares: rows.length ? '1600.5' : '0',
  page: 1,
  limit: 50,
});

beforeEach(() => {
  vi.mocked(api.fetchIssuers).mockResolvedValue(issuers);
  vi.mocked(api.fetchClassHolders).mockImplementation(async (_classId, query) =>
    query.asOf === '2026-01-01'
      ? list('2026-01-01', [])
      : list('2026-11-27', [
          { accountId: 'a-1', accountNumber: '100200300', registrationName: 'Dana Whitfield', shares: '1500' },
          { accountId: 'a-2', accountNumber: '400500600', registrationName: 'Okafor Capital LLC', shares: '100.5' },
        ]),
  );
});

function renderPage(role: AdminRole) {
  return render(
    <MemoryRouter initialEntries={['/admin/ledger/classes/class-common']}>
      <Routes>
        <Route path="/admin/ledger/classes/:classId" element={<LedgerClassPage role={role} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("a class's record-date list", () => {
  it('lists the holders of record with their shares and the totals, and reads another day when the date changes', async () => {
    renderPage('ADMIN');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Corp, Common' }, FIRST_LOAD)).toBeTruthy();
    const table = await screen.findByRole('table');
    const dana = within(table).getByText('100200300').closest('tr')!;
    expect(within(dana).getByText('Dana Whitfield')).toBeTruthy();
    expect(within(dana).getByText('1,500')).toBeTruthy();
    expect(screen.getByText(/shares at the end of/).textContent).toMatch(/2 holders of 1,600.5 shares at the end of/);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Record date'), { target: { value: '2026-01-01' } });
    expect(await screen.findByText('No holder held shares of this class on that day.')).toBeTruthy();
    expect(api.fetchClassHolders).toHaveBeenLastCalledWith(
      'class-common',
      { asOf: '2026-01-01', page: 1 },
      expect.anything(),
    );
  });

  it('offers the CSV export only to ADMIN and up', async () => {
    renderPage('READ_ONLY');
    expect(await screen.findByRole('table', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });
});
