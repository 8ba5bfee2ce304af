import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectLoadFailure } from '../../../test/load-failure';
import { failure, LOADED, ok, stubIssuerApi, type Answer, type ApiCall } from '../test/stub-api';
import { RequestsPage } from './requests';

const request = {
  id: 'request-1',
  referenceNumber: 'TR-2026-0001',
  requestType: 'TRANSFER',
  status: 'APPROVED',
  classId: 'class-common',
  accountNumber: '100200300',
  registrationName: 'Dana Whitfield',
  shareholderName: 'Dana Whitfield',
  shares: '1234567.5',
  transferAllShares: false,
  createdAt: '2026-11-02T15:00:00.000Z',
  receivedAt: '2026-11-02T15:00:00.000Z',
  processedAt: '2026-11-09T15:00:00.000Z',
  businessDaysToDecision: 5,
  late: true,
};
const openTransfer = {
  ...request,
  id: 'request-2',
  referenceNumber: 'TR-2026-0002',
  status: 'PROCESSING',
  shares: null,
  transferAllShares: true,
  processedAt: null,
  businessDaysToDecision: null,
  late: false,
};
const inquiry = {
  ...openTransfer,
  id: 'request-3',
  referenceNumber: 'IN-2026-0001',
  requestType: 'INQUIRY',
  status: 'PENDING',
  transferAllShares: false,
};

const turnaround = {
  since: '2026-11-01',
  businessDays: 3,
  targetPercent: 90,
  transfersDecided: 10,
  decidedInTime: 8,
  inTimePercent: 80,
  meetsTarget: false,
  openTransfers: 4,
  openLate: 1,
};

const list = (rows: unknown[], summary: unknown = turnaround) =>
  ok({ success: true, data: rows, total: rows.length, page: 1, limit: 25, turnaround: summary });

const server =
  (requests: (call: ApiCall) => Answer = () => list([request, openTransfer, inquiry])) =>
  (call: ApiCall): Answer =>
    call.path === '/api/issuer/requests' ? requests(call) : failure(404, 'NOT_FOUND', 'Not found');

const renderPage = (at = '/issuer/requests') =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <RequestsPage />
    </MemoryRouter>,
  );

const figures = (name: string) =>
  Object.fromEntries(
    within(screen.getByRole('region', { name }))
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the issuer's requests", () => {
  it("summarises this month's 17Ad-2 turnaround of the issuer's transfers", async () => {
    stubIssuerApi(server());
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Requests' }, LOADED)).toBeTruthy();
    await screen.findByRole('table');
    expect(figures('Transfer turnaround (SEC Rule 17Ad-2)')).toEqual({
      'Transfers decided': '10',
      'Decided within 3 business days': '8 (80%)',
      'Target of 90%': 'Not met',
      'Open transfers': '4',
      'Open past 3 business days': '1',
    });
    expect(screen.getByText(/Counted since Nov 1, 2026/)).toBeTruthy();
  });

  it('says the target is neither met nor missed before any transfer is decided', async () => {
    stubIssuerApi(
      server(() =>
        list([inquiry], {
          ...turnaround,
          transfersDecided: 0,
          decidedInTime: 0,
          inTimePercent: null,
          meetsTarget: null,
        }),
      ),
    );
    renderPage();
    await screen.findByRole('table', {}, LOADED);
    expect(figures('Transfer turnaround (SEC Rule 17Ad-2)')).toMatchObject({
      'Decided within 3 business days': '0',
      'Target of 90%': 'No transfer decided yet this month',
    });
  });

  it('lists each request with its type, status, holder, exact shares and turnaround', async () => {
    stubIssuerApi(server());
    renderPage();
    const table = await screen.findByRole('table', {}, LOADED);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent));
    expect(rows.map((row) => [row[0], row[1], row[2], row[3], row[4], row[7]])).toEqual([
      [
        'TR-2026-0001',
        'Transfer',
        'Approved',
        'Dana WhitfieldAccount 100200300',
        '1,234,567.5',
        '5 business days, late',
      ],
      ['TR-2026-0002', 'Transfer', 'Processing', 'Dana WhitfieldAccount 100200300', 'All shares', '—'],
      ['IN-2026-0001', 'Inquiry', 'Pending Review', 'Dana WhitfieldAccount 100200300', '—', '—'],
    ]);
  });

  it('filters by type and status through the address and says when nothing matches', async () => {
    const calls = stubIssuerApi(server((call) => (call.query.status === 'REJECTED' ? list([]) : list([request]))));
    renderPage('/issuer/requests?type=TRANSFER');
    await screen.findByRole('table', {}, LOADED);
    expect(calls[0]!.query).toEqual({ type: 'TRANSFER', page: '1', limit: '25' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'REJECTED' } });
    expect(await screen.findByText('No request matches these filters.')).toBeTruthy();
    expect(calls.at(-1)!.query).toEqual({ type: 'TRANSFER', status: 'REJECTED', page: '1', limit: '25' });
  });

  it('says when there is no request at all', async () => {
    stubIssuerApi(server(() => list([])));
    renderPage();
    expect(await screen.findByText('Your shareholders have made no request yet.', {}, LOADED)).toBeTruthy();
  });

  it('shows a failure with Try again, and the requests once they load', async () => {
    let attempts = 0;
    stubIssuerApi(server(() => (++attempts === 1 ? { status: 502, body: null } : list([request]))));
    renderPage();
    expect(await screen.findByRole('status', { name: 'Loading the requests' })).toBeTruthy();
    expectLoadFailure(await screen.findByRole('alert', {}, LOADED), 'Failed to load the requests');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});
