import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from '../../../lib/save-blob';
import { expectLoadFailure } from '../../../test/load-failure';
import { localDay } from '../components/file-names';
import { RECORD_DATE_MESSAGES } from '../components/record-date-field';
import { failure, issuerUser, LOADED, ok, stubIssuerApi, type Answer, type ApiCall } from '../test/stub-api';
import { CSV_VIEWER_TEXT, HoldersPage } from './holders';

vi.mock('../../../lib/save-blob', () => ({ saveBlob: vi.fn() }));

const TODAY = '2026-11-27';

const capTable = ok({
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
        issuedShares: '1600.5',
        cancelledShares: '0',
        outstandingShares: '1600.5',
        holdersCount: 2,
        holders: [],
        page: 1,
        limit: 1,
      },
    ],
  },
});

const holders = (asOf: string, page: number, total: number, rows: { accountNumber: string; shares: string }[]) =>
  ok({
    success: true,
    asOf,
    total,
    totalShares: '1600.5',
    page,
    limit: 50,
    data: rows.map((row) => ({
      accountId: `account-${row.accountNumber}`,
      registrationName: `Holder ${row.accountNumber}`,
      ...row,
    })),
  });

/** The class, its holders and the signed-in user (an administrator unless `role` says otherwise). */
function server(
  overrides: Partial<Record<string, (call: ApiCall) => Answer>> = {},
  role: 'ISSUER_ADMIN' | 'ISSUER_VIEWER' = 'ISSUER_ADMIN',
) {
  return (call: ApiCall): Answer => {
    const override = overrides[call.path];
    if (override) return override(call);
    if (call.path === '/api/issuer/me') return ok(issuerUser(role));
    if (call.path === '/api/issuer/cap-table') return capTable;
    if (call.path === '/api/issuer/classes/class-common/holders') {
      if (call.query.asOf === '2026-01-01') return holders('2026-01-01', 1, 0, []);
      return holders(call.query.asOf ?? TODAY, Number(call.query.page), 51, [
        { accountNumber: '100200300', shares: '1500' },
        { accountNumber: '400500600', shares: '100.5' },
      ]);
    }
    return failure(404, 'NOT_FOUND', 'Share class not found');
  };
}

/** Shows the address the page is at, as reload and Back would see it. */
function LocationProbe() {
  const here = useLocation();
  return <output data-testid="location">{`${here.pathname}${here.search}`}</output>;
}
const location = () => screen.getByTestId('location').textContent;

const renderPage = (at = '/issuer/classes/class-common/holders') =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/issuer/classes/:classId/holders" element={<HoldersPage />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );

const holdersCalls = (calls: ApiCall[]) => calls.filter((call) => call.path.endsWith('/holders'));

beforeEach(() => {
  vi.mocked(saveBlob).mockClear();
  // The browser's today, which the record date may not pass.
  vi.useFakeTimers({ now: new Date(2026, 10, 27, 12), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a class's holders of record", () => {
  it("lists today's holders of the class with exact shares, pages on, and keeps the page in the address", async () => {
    const calls = stubIssuerApi(server());
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Holders of record: Common' }, LOADED)).toBeTruthy();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent))).toEqual([
      ['100200300', 'Holder 100200300', '1,500'],
      ['400500600', 'Holder 400500600', '100.5'],
    ]);
    // An issuer has no account ledger to open: account numbers are not links.
    expect(within(table).queryByRole('link')).toBeNull();
    expect(screen.getByText(/shares at the end of/).textContent).toBe(
      '51 holders of 1,600.5 shares at the end of Nov 27, 2026.',
    );
    // Without a date the server answers for the issuer's today.
    expect(holdersCalls(calls)[0]!.query).toEqual({ page: '1', limit: '50' });

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(holdersCalls(calls).at(-1)!.query).toEqual({ page: '2', limit: '50' }));
    expect(location()).toBe('/issuer/classes/class-common/holders?page=2');
  });

  it('reads the list of a past record date from the address and the date field, and says when no one held shares', async () => {
    const calls = stubIssuerApi(server());
    renderPage('/issuer/classes/class-common/holders?asOf=2026-06-30');
    await screen.findByRole('table', {}, LOADED);
    expect(holdersCalls(calls)[0]!.query).toEqual({ asOf: '2026-06-30', page: '1', limit: '50' });
    expect((screen.getByLabelText('Record date') as HTMLInputElement).value).toBe('2026-06-30');

    fireEvent.change(screen.getByLabelText('Record date'), { target: { value: '2026-01-01' } });
    expect(await screen.findByText('No holder held shares of this class on that day.')).toBeTruthy();
    expect(location()).toBe('/issuer/classes/class-common/holders?asOf=2026-01-01');
  });

  it('refuses a future record date at the field and asks the server nothing for it', async () => {
    const calls = stubIssuerApi(server());
    renderPage();
    await screen.findByRole('table', {}, LOADED);
    const field = screen.getByLabelText('Record date');
    expect(field.getAttribute('max')).toBe(localDay(new Date()));
    const before = holdersCalls(calls).length;

    fireEvent.change(field, { target: { value: '2026-11-28' } });
    expect(screen.getByText(RECORD_DATE_MESSAGES.future)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(holdersCalls(calls)).toHaveLength(before);
    expect(location()).toBe('/issuer/classes/class-common/holders');

    fireEvent.change(field, { target: { value: TODAY } });
    expect(screen.queryByText(RECORD_DATE_MESSAGES.future)).toBeNull();
    await waitFor(() => expect(holdersCalls(calls).at(-1)!.query.asOf).toBe(TODAY));
  });

  it("shows the server's message for a date it refuses at the field, not as a failed page", async () => {
    stubIssuerApi(
      server({
        '/api/issuer/classes/class-common/holders': () =>
          failure(400, 'VALIDATION_ERROR', 'Validation failed', { asOf: 'Please enter a valid date (YYYY-MM-DD)' }),
      }),
    );
    renderPage('/issuer/classes/class-common/holders?asOf=2026-02-30');
    expect(await screen.findByText('Please enter a valid date (YYYY-MM-DD)', {}, LOADED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('downloads the CSV of the date shown, named after the class and the date', async () => {
    const calls = stubIssuerApi(
      server({
        '/api/issuer/classes/class-common/holders/export/csv': () => ({
          status: 200,
          bytes: 'account_number,tax_id\n100200300,***-**-6789\n',
          type: 'text/csv',
        }),
      }),
    );
    renderPage('/issuer/classes/class-common/holders?asOf=2026-06-30');
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }, LOADED));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveBlob).mock.calls[0]![1]).toBe('holders-common-2026-06-30.csv');
    expect(calls.at(-1)).toMatchObject({
      path: '/api/issuer/classes/class-common/holders/export/csv',
      query: { asOf: '2026-06-30' },
    });
  });

  it('says when the download fails, and keeps the list', async () => {
    stubIssuerApi(
      server({
        '/api/issuer/classes/class-common/holders/export/csv': () => ({ status: 500, body: 'oops' }),
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }, LOADED));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to download the holders');
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it('tells a viewer who can download the CSV instead of offering the button', async () => {
    stubIssuerApi(server({}, 'ISSUER_VIEWER'));
    renderPage();
    expect(await screen.findByText(CSV_VIEWER_TEXT, {}, LOADED)).toBeTruthy();
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it("shows a class that is not the issuer's as not found, with Try again", async () => {
    stubIssuerApi(server());
    renderPage('/issuer/classes/class-other/holders');
    expect(await screen.findByRole('status', { name: 'Loading holders' })).toBeTruthy();
    expectLoadFailure(await screen.findByRole('alert', {}, LOADED), 'Share class not found');
  });
});
