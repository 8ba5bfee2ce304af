import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from '../../../lib/save-blob';
import { expectLoadFailure } from '../../../test/load-failure';
import { OCF_VIEWER_TEXT } from '../components/ocf-export';
import {
  failure,
  ISSUER_TOKEN,
  issuerUser,
  LOADED,
  ok,
  stubIssuerApi,
  type Answer,
  type ApiCall,
} from '../test/stub-api';
import { CapTablePage } from './cap-table';

vi.mock('../../../lib/save-blob', () => ({ saveBlob: vi.fn() }));

const holder = (accountNumber: string, shares: string, percentage: string | null) => ({
  accountId: `account-${accountNumber}`,
  accountNumber,
  registrationName: `Holder ${accountNumber}`,
  shares,
  percentage,
});

const common = {
  classId: 'class-common',
  name: 'Common',
  cusip: '123456789',
  parValue: '0.0001',
  authorizedShares: '10000000',
  issuedShares: '3000000.5',
  cancelledShares: '0.5',
  outstandingShares: '3000000',
  holdersCount: 3,
  holders: [holder('100200300', '2000000', '66.6667'), holder('400500600', '999999999999999999.999999', '33.3333')],
  page: 1,
  limit: 2,
};

const preferred = {
  ...common,
  classId: 'class-preferred',
  name: 'Series A Preferred',
  cusip: null,
  parValue: null,
  authorizedShares: null,
  issuedShares: '0',
  cancelledShares: '0',
  outstandingShares: '0',
  holdersCount: 0,
  holders: [],
};

const capTable = (classes: unknown[]) =>
  ok({ success: true, data: { issuerId: 'issuer-1', legalName: 'Acme Corp', classes } });

/** The cap table of two classes, the second page of Common's holders, and the user of `role`. */
function server(role: 'ISSUER_ADMIN' | 'ISSUER_VIEWER', overrides: Partial<Record<string, () => Answer>> = {}) {
  return (call: ApiCall): Answer => {
    const override = overrides[call.path];
    if (override) return override();
    if (call.path === '/api/issuer/me') return ok(issuerUser(role));
    if (call.path === '/api/issuer/cap-table' && call.query.page === '2') {
      return capTable([{ ...common, holders: [holder('700800900', '0.000001', '0')], page: 2 }]);
    }
    if (call.path === '/api/issuer/cap-table') return capTable([common, preferred]);
    return failure(404, 'NOT_FOUND', 'Not found');
  };
}

const renderPage = () =>
  render(
    <MemoryRouter>
      <CapTablePage />
    </MemoryRouter>,
  );

beforeEach(() => {
  vi.mocked(saveBlob).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the cap table', () => {
  it("shows each class's figures and its holders with their exact shares and percentage of the class", async () => {
    const calls = stubIssuerApi(server('ISSUER_ADMIN'));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Cap table' }, LOADED)).toBeTruthy();
    const section = await screen.findByRole('region', { name: /^Common/ });
    const figures = within(section)
      .getAllByRole('definition')
      .map((cell) => cell.textContent);
    expect(figures).toEqual(['10,000,000', '3,000,000.5', '0.5', '3,000,000', '3', '0.0001']);
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent))).toEqual([
      ['100200300', 'Holder 100200300', '2,000,000', '66.6667%'],
      // Six decimal places kept as written: never rounded through a float.
      ['400500600', 'Holder 400500600', '999,999,999,999,999,999.999999', '33.3333%'],
    ]);
    expect(
      within(section)
        .getByRole('link', { name: /Holders of record of Common/ })
        .getAttribute('href'),
    ).toBe('/issuer/classes/class-common/holders');
    // Every call carries the issuer's own session token.
    expect(calls.every((call) => call.authorization === `Bearer ${ISSUER_TOKEN}`)).toBe(true);

    const empty = screen.getByRole('region', { name: /^Series A Preferred/ });
    expect(within(empty).getByText('Not recorded')).toBeTruthy();
    expect(within(empty).getByText('No one holds shares of this class.')).toBeTruthy();
    expect(within(empty).queryByRole('button', { name: 'Show more holders' })).toBeNull();
  });

  it("reads the next page of a class's holders on demand and adds it below the first", async () => {
    const calls = stubIssuerApi(server('ISSUER_ADMIN'));
    renderPage();
    const section = await screen.findByRole('region', { name: /^Common/ }, LOADED);
    expect(within(section).getByText('Showing the largest 2 of 3 holders')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Show more holders' }));
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(4));
    expect(calls.at(-1)?.query).toEqual({ classId: 'class-common', page: '2', limit: '2' });
    expect(within(section).getByText('0.000001')).toBeTruthy();
    expect(within(section).getByText('0%')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Show more holders' })).toBeNull();
  });

  it('offers Export OCF to an administrator and saves the bundle under the company and the day', async () => {
    const calls = stubIssuerApi(
      server('ISSUER_ADMIN', {
        '/api/issuer/ocf': () => ({ status: 200, bytes: 'PK', type: 'application/zip' }),
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Export OCF' }, LOADED));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveBlob).mock.calls[0]![1]).toMatch(/^acme-corp-\d{4}-\d{2}-\d{2}\.ocf\.zip$/);
    expect(calls.some((call) => call.path === '/api/issuer/ocf')).toBe(true);
  });

  it('tells a viewer who can export instead of offering the button', async () => {
    stubIssuerApi(server('ISSUER_VIEWER'));
    renderPage();
    expect(await screen.findByText(OCF_VIEWER_TEXT, {}, LOADED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export OCF' })).toBeNull();
  });

  it("says why when the server refuses the export, rather than the bare 'forbidden'", async () => {
    stubIssuerApi(
      server('ISSUER_ADMIN', {
        '/api/issuer/ocf': () => failure(403, 'FORBIDDEN', 'Insufficient permissions'),
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Export OCF' }, LOADED));
    expect((await screen.findByRole('alert')).textContent).toBe(OCF_VIEWER_TEXT);
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it('says when the company has no class yet', async () => {
    stubIssuerApi(server('ISSUER_ADMIN', { '/api/issuer/cap-table': () => capTable([]) }));
    renderPage();
    expect(await screen.findByText('No share class is recorded for your company yet.', {}, LOADED)).toBeTruthy();
  });

  it('shows a failure with Try again, and the cap table once it loads', async () => {
    let attempts = 0;
    stubIssuerApi(
      server('ISSUER_ADMIN', {
        '/api/issuer/cap-table': () =>
          ++attempts === 1 ? { status: 503, body: 'Service Unavailable' } : capTable([common]),
      }),
    );
    renderPage();
    expect(await screen.findByRole('status', { name: 'Loading the cap table' })).toBeTruthy();
    expectLoadFailure(await screen.findByRole('alert', {}, LOADED), 'Failed to load the cap table');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: /^Common/ })).toBeTruthy();
  });
});
