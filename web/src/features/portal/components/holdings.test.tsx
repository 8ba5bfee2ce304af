import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PORTAL_HOLDINGS_MESSAGES as M,
  type PortalHolding,
  type PortalPosting,
} from '@ledgerwell/shared/portal-holdings';
import { ApiRequestError } from '../../../lib/api-client';
import { expectLoadFailure } from '../../../test/load-failure';
import { fetchAccountPostings, fetchHoldings } from '../holdings-api';
import { Holdings } from './holdings';

vi.mock('../portal-session', () => ({ getPortalToken: () => 'token' }));
vi.mock('../holdings-api', () => ({ fetchHoldings: vi.fn(), fetchAccountPostings: vi.fn() }));

const holdings = vi.mocked(fetchHoldings);
const postings = vi.mocked(fetchAccountPostings);

const COMMON: PortalHolding = {
  accountId: 'a1',
  accountNumberEnding: '0300',
  registrationName: 'Dana Whitfield',
  issuerName: 'Acme Robotics Inc.',
  className: 'Common',
  drsShares: '1000',
  certificatedShares: '0',
  totalShares: '1000',
  certificates: [],
  signedInAccount: true,
  issuerToday: '2026-11-28',
};
const PREFERRED: PortalHolding = {
  ...COMMON,
  accountId: 'a2',
  accountNumberEnding: '0301',
  className: 'Series A Preferred',
  drsShares: '0',
  certificatedShares: '250',
  totalShares: '250',
  signedInAccount: false,
  certificates: [
    {
      number: 'PA-0012',
      shares: '125',
      status: 'STOPPED',
      issueDate: '2026-01-02',
      cancellationDate: null,
      stopReason: 'LOST',
    },
    {
      number: 'PA-0013',
      shares: '125',
      status: 'OUTSTANDING',
      issueDate: '2026-01-02',
      cancellationDate: null,
      stopReason: null,
    },
  ],
};

const posting = (id: string, balanceAfter: string, sharesOut = '0'): PortalPosting => ({
  id,
  type: 'TRANSFER',
  effectiveDate: '2026-11-20',
  postedAt: '2026-11-20T18:00:00.000Z',
  sharesIn: '0',
  sharesOut,
  balanceAfter,
  certificates: [],
  requestReference: 'TR-2026-000042',
});

const renderHoldings = (onSessionExpired = vi.fn()) => {
  render(<Holdings onSessionExpired={onSessionExpired} />);
  return onSessionExpired;
};

describe('the holdings section (issue 30)', () => {
  beforeEach(() => {
    holdings.mockReset();
    postings.mockReset();
  });

  it("shows every account's figures and certificates, a stopped one as stopped", async () => {
    holdings.mockResolvedValue([COMMON, PREFERRED]);
    renderHoldings();
    const preferred = await screen.findByRole('article', { name: 'Acme Robotics Inc., Series A Preferred' });
    expect(within(preferred).getByText('Dana Whitfield, account ending 0301')).toBeTruthy();
    const rows = within(preferred).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'NumberSharesStatus',
      'PA-0012125Stopped',
      'PA-0013125HeldReport lost',
    ]);
    // Only a certificate still held can be reported: a stopped one already is.
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(within(rows[2]!).getByRole('button', { name: 'Report lost, stolen or destroyed: PA-0013' })).toBeTruthy();
    const common = screen.getByRole('article', { name: 'Acme Robotics Inc., Common' });
    expect(within(common).getByText('Signed in with this account')).toBeTruthy();
    expect(within(common).getByText('Total').nextSibling?.textContent).toBe('1,000');
    expect(within(common).queryByRole('table')).toBeNull();
  });

  it('says the holdings failed, in the shared failure box, and Try again loads them again', async () => {
    holdings.mockRejectedValueOnce(new ApiRequestError({ status: 500, code: 'INTERNAL_ERROR', message: 'x' }));
    holdings.mockResolvedValueOnce([COMMON]);
    renderHoldings();
    const alert = await screen.findByRole('alert');
    expectLoadFailure(alert, M.holdingsFailed);
    expect(screen.queryByRole('list')).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Acme Robotics Inc., Common' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(holdings).toHaveBeenCalledTimes(2);
  });

  it('hands a 401 to the dashboard: the session is gone', async () => {
    holdings.mockRejectedValue(new ApiRequestError({ status: 401, code: 'UNAUTHENTICATED', message: 'x' }));
    const expired = renderHoldings();
    await vi.waitFor(() => expect(expired).toHaveBeenCalled());
  });

  it('loads the history when first opened, then older pages on request', async () => {
    holdings.mockResolvedValue([COMMON]);
    postings
      .mockResolvedValueOnce({ data: [posting('t2', '1000', '400')], total: 2, page: 1, limit: 1 })
      .mockResolvedValueOnce({
        data: [{ ...posting('t1', '1400', '100'), requestReference: null }],
        total: 2,
        page: 2,
        limit: 1,
      });
    renderHoldings();
    const show = await screen.findByRole('button', { name: 'Show history of Acme Robotics Inc., Common' });
    expect(postings).not.toHaveBeenCalled();
    await userEvent.click(show);
    expect(show.getAttribute('aria-expanded')).toBe('true');
    const list = await screen.findByRole('list', { name: 'History of Acme Robotics Inc., Common, newest first' });
    expect(within(list).getByText('−400')).toBeTruthy();
    expect(within(list).getByText('Balance 1,000')).toBeTruthy();
    expect(within(list).getByText('(TR-2026-000042)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show older postings' }));
    expect(await within(list).findByText('Balance 1,400')).toBeTruthy();
    expect(postings).toHaveBeenLastCalledWith('token', 'a1', 2, expect.anything());
    expect(screen.queryByRole('button', { name: 'Show older postings' })).toBeNull();
  });

  it('says the history failed, in the shared failure box, and Try again loads it', async () => {
    holdings.mockResolvedValue([COMMON]);
    postings
      .mockRejectedValueOnce(new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: 'x' }))
      .mockResolvedValueOnce({ data: [], total: 0, page: 1, limit: 20 });
    renderHoldings();
    await userEvent.click(await screen.findByRole('button', { name: /Show history/ }));
    const alert = await screen.findByRole('alert');
    expectLoadFailure(alert, M.historyFailed);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(M.noHistory)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the postings shown when an older page fails, and Try again asks for that page again', async () => {
    holdings.mockResolvedValue([COMMON]);
    postings
      .mockResolvedValueOnce({ data: [posting('t2', '1000', '400')], total: 2, page: 1, limit: 1 })
      .mockRejectedValueOnce(new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: 'x' }))
      .mockResolvedValueOnce({ data: [posting('t1', '1400', '100')], total: 2, page: 2, limit: 1 });
    renderHoldings();
    await userEvent.click(await screen.findByRole('button', { name: /Show history/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Show older postings' }));
    const alert = await screen.findByRole('alert');
    expectLoadFailure(alert, M.historyFailed);
    const list = screen.getByRole('list', { name: /^History of/ });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(list).findByText('Balance 1,400')).toBeTruthy();
    expect(postings).toHaveBeenLastCalledWith('token', 'a1', 2, expect.anything());
  });
});
