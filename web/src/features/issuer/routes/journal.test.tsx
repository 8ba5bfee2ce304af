import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEDGER_MESSAGES } from '@ledgerwell/shared/ledger';
import { expectLoadFailure } from '../../../test/load-failure';
import { failure, LOADED, ok, stubIssuerApi, type Answer, type ApiCall } from '../test/stub-api';
import { JournalPage } from './journal';

const leg = (accountNumber: string, shares: string, form: 'DRS' | 'CERTIFICATE' = 'DRS') => ({
  accountId: `account-${accountNumber}`,
  accountNumber,
  registrationName: `Holder ${accountNumber}`,
  shares,
  form,
  certificateNumber: form === 'CERTIFICATE' ? 'C-1001' : null,
});

const transfer = {
  id: 'tx-2',
  type: 'TRANSFER',
  classId: 'class-common',
  effectiveDate: '2026-11-27',
  postedAt: '2026-11-27T18:00:00.000Z',
  sourceRequestId: 'request-1',
  memo: null,
  reversesId: null,
  authorizedShares: null,
  legs: [leg('100200300', '-30.000001', 'CERTIFICATE'), leg('400500600', '30.000001')],
};
const adjustment = {
  ...transfer,
  id: 'tx-1',
  type: 'AUTHORIZED_ADJUSTMENT',
  effectiveDate: '2026-01-02',
  sourceRequestId: null,
  memo: 'Board resolution 2026-01',
  authorizedShares: '1000000',
  legs: [],
};

const classes = ok({
  success: true,
  data: {
    issuerId: 'issuer-1',
    legalName: 'Acme Corp',
    classes: [
      {
        classId: 'class-common',
        name: 'Common',
        cusip: null,
        parValue: null,
        authorizedShares: '1000000',
        issuedShares: '100',
        cancelledShares: '0',
        outstandingShares: '100',
        holdersCount: 2,
        holders: [],
        page: 1,
        limit: 1,
      },
    ],
  },
});

const page = (rows: unknown[], total = rows.length, pageNumber = 1) =>
  ok({ success: true, data: rows, total, page: pageNumber, limit: 25 });

function server(
  journal: (call: ApiCall) => Answer = (call) => page([transfer, adjustment], 30, Number(call.query.page)),
) {
  return (call: ApiCall): Answer => {
    if (call.path === '/api/issuer/cap-table') return classes;
    if (call.path === '/api/issuer/transactions') return journal(call);
    return failure(404, 'NOT_FOUND', 'Not found');
  };
}

function LocationProbe() {
  const here = useLocation();
  return <output data-testid="location">{here.search}</output>;
}
const search = () => screen.getByTestId('location').textContent;

const renderPage = (at = '/issuer/journal') =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <JournalPage />
      <LocationProbe />
    </MemoryRouter>,
  );

const journalCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/issuer/transactions');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the issuer's journal", () => {
  it('shows each posting with its class, its legs with exact signed shares, and no staff links', async () => {
    stubIssuerApi(server());
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Journal' }, LOADED)).toBeTruthy();
    const region = await screen.findByRole('region', { name: 'Journal of postings' });
    // The table scrolls in its own box (a focusable region), not the page, on a narrow screen.
    expect(region.className).toBe('table-scroll');
    expect(region.getAttribute('tabindex')).toBe('0');
    const rows = within(region).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Nov 27, 2026', 'Jan 2, 2026']);
    await waitFor(() => expect(within(rows[0]!).getByText('Common')).toBeTruthy());
    expect(within(rows[0]!).getByText('\u221230.000001')).toBeTruthy();
    expect(within(rows[0]!).getByText('+30.000001')).toBeTruthy();
    expect(within(rows[0]!).getByText(/certificate C-1001/)).toBeTruthy();
    expect(within(rows[1]!).getByText('Authorized shares set to 1,000,000')).toBeTruthy();
    expect(within(region).queryByRole('link')).toBeNull();
    expect(within(region).queryByText(/^by /)).toBeNull();
  });

  it('keeps the filters and the page in the address, and reads them from it on load', async () => {
    const calls = stubIssuerApi(server());
    renderPage('/issuer/journal?type=TRANSFER&from=2026-11-01&page=2');
    await screen.findByRole('table', {}, LOADED);
    expect(journalCalls(calls)[0]!.query).toEqual({ type: 'TRANSFER', from: '2026-11-01', page: '2', limit: '25' });
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('TRANSFER');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    // A new filter starts again at page 1.
    expect(search()).toBe('?type=TRANSFER&from=2026-11-01&to=2026-11-30');
    await waitFor(() =>
      expect(journalCalls(calls).at(-1)!.query).toEqual({
        type: 'TRANSFER',
        from: '2026-11-01',
        to: '2026-11-30',
        page: '1',
        limit: '25',
      }),
    );
    expect(screen.getByLabelText('To').getAttribute('min')).toBe('2026-11-01');
    await screen.findByRole('option', { name: 'Common' });
    fireEvent.change(screen.getByLabelText('Class'), { target: { value: 'class-common' } });
    expect(search()).toBe('?classId=class-common&type=TRANSFER&from=2026-11-01&to=2026-11-30');

    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(search()).toBe('?classId=class-common&type=TRANSFER&from=2026-11-01&to=2026-11-30&page=2');
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(search()).toBe('');
  });

  it('says when no posting matches, and when nothing was posted yet', async () => {
    stubIssuerApi(server(() => page([])));
    renderPage('/issuer/journal?type=REISSUANCE');
    expect(await screen.findByText('No posting matches these filters.', {}, LOADED)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText('Nothing has been posted in your classes yet.')).toBeTruthy();
  });

  it("shows the server's message when it refuses the filters, with Try again", async () => {
    stubIssuerApi(
      server(() =>
        failure(400, 'VALIDATION_ERROR', LEDGER_MESSAGES.dateRangeReversed, { to: LEDGER_MESSAGES.dateRangeReversed }),
      ),
    );
    renderPage('/issuer/journal?from=2026-11-30&to=2026-11-01');
    expect(await screen.findByRole('status', { name: 'Loading the journal' })).toBeTruthy();
    expectLoadFailure(await screen.findByRole('alert', {}, LOADED), LEDGER_MESSAGES.dateRangeReversed);
  });
});
