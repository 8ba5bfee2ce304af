import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PORTAL_DOCUMENT_MESSAGES as M, type PortalDocument } from '@ledgerwell/shared/portal-documents';
import { ApiRequestError } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { expectLoadFailure } from '../../../test/load-failure';
import { fetchDocumentPdf, fetchDocuments, fetchStatementPdf } from '../documents-api';
import { Documents } from './documents';
import { StatementForm } from './statement-form';

vi.mock('../portal-session', () => ({ getPortalToken: () => 'token' }));
vi.mock('../documents-api', () => ({
  fetchDocuments: vi.fn(),
  fetchDocumentPdf: vi.fn(),
  fetchStatementPdf: vi.fn(),
}));
vi.mock('../../../lib/save-blob', () => ({ saveBlob: vi.fn() }));

const documents = vi.mocked(fetchDocuments);
const advice = vi.mocked(fetchDocumentPdf);
const statement = vi.mocked(fetchStatementPdf);
const saved = vi.mocked(saveBlob);

const doc = (id: string, effectiveDate: string): PortalDocument => ({
  id,
  kind: 'TRANSACTION_ADVICE',
  title: `Transaction advice: transfer, ${effectiveDate}`,
  accountId: 'a1',
  accountNumberEnding: '0300',
  issuerName: 'Acme Robotics Inc.',
  className: 'Common',
  transactionType: 'TRANSFER',
  effectiveDate,
  postedAt: `${effectiveDate}T18:00:00.000Z`,
});

describe('the documents section (issue 30)', () => {
  beforeEach(() => {
    for (const mock of [documents, advice, statement, saved]) mock.mockReset();
  });

  it('lists the advices, saves the chosen one as a PDF, and pages on', async () => {
    documents
      .mockResolvedValueOnce({ data: [doc('d2', '2026-11-20')], total: 2, page: 1, limit: 1 })
      .mockResolvedValueOnce({ data: [doc('d1', '2026-11-02')], total: 2, page: 2, limit: 1 });
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    advice.mockResolvedValue(pdf);
    render(<Documents onSessionExpired={vi.fn()} />);
    const row = (await screen.findByText('Transaction advice: transfer, 2026-11-20')).closest('li')!;
    expect(row.textContent).toContain('Acme Robotics Inc., Common, account ending 0300');
    await userEvent.click(within(row).getByRole('button', { name: /^Download PDF/ }));
    expect(advice).toHaveBeenCalledWith('token', 'd2');
    expect(saved).toHaveBeenCalledWith(pdf, 'transaction-advice-2026-11-20.pdf');
    await userEvent.click(screen.getByRole('button', { name: 'Show older documents' }));
    expect(await screen.findByText('Transaction advice: transfer, 2026-11-02')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show older documents' })).toBeNull();
  });

  it('says the documents failed, in the shared failure box, and Try again loads them; none yet is said so', async () => {
    documents
      .mockRejectedValueOnce(new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: 'x' }))
      .mockResolvedValueOnce({ data: [], total: 0, page: 1, limit: 20 });
    render(<Documents onSessionExpired={vi.fn()} />);
    const alert = await screen.findByRole('alert');
    expectLoadFailure(alert, M.documentsFailed);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(M.noDocuments)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(documents).toHaveBeenLastCalledWith('token', 1, expect.anything());
  });

  it('keeps the documents shown when an older page fails, and Try again asks for that page again', async () => {
    documents
      .mockResolvedValueOnce({ data: [doc('d2', '2026-11-20')], total: 2, page: 1, limit: 1 })
      .mockRejectedValueOnce(new ApiRequestError({ status: 500, code: 'INTERNAL_ERROR', message: 'x' }))
      .mockResolvedValueOnce({ data: [doc('d1', '2026-11-02')], total: 2, page: 2, limit: 1 });
    render(<Documents onSessionExpired={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Show older documents' }));
    const alert = await screen.findByRole('alert');
    expectLoadFailure(alert, M.documentsFailed);
    expect(screen.getByText('Transaction advice: transfer, 2026-11-20')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show older documents' })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Transaction advice: transfer, 2026-11-02')).toBeTruthy();
    expect(documents).toHaveBeenLastCalledWith('token', 2, expect.anything());
  });

  it('hands a 401 to the dashboard', async () => {
    documents.mockRejectedValue(new ApiRequestError({ status: 401, code: 'UNAUTHENTICATED', message: 'x' }));
    const expired = vi.fn();
    render(<Documents onSessionExpired={expired} />);
    await vi.waitFor(() => expect(expired).toHaveBeenCalled());
  });
});

describe('the statement form (issue 30)', () => {
  beforeEach(() => {
    statement.mockReset();
    saved.mockReset();
  });

  it("starts at the issuer's today and allows no later date, whatever the browser's calendar says", async () => {
    statement.mockResolvedValue(new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
    // The issuer's California day has not ended; a phone in UTC is already on the next one.
    render(<StatementForm accountId="a1" issuerToday="2020-02-28" title="Common" onSessionExpired={vi.fn()} />);
    const field = screen.getByLabelText('Statement as of') as HTMLInputElement;
    expect([field.value, field.max]).toEqual(['2020-02-28', '2020-02-28']);
    await userEvent.click(screen.getByRole('button', { name: /Download statement/ }));
    expect(statement).toHaveBeenCalledWith('token', 'a1', '2020-02-28');
  });

  it('saves the statement for the chosen date', async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    statement.mockResolvedValue(pdf);
    render(
      <StatementForm
        accountId="a1"
        issuerToday="2026-11-28"
        title="Acme Robotics Inc., Common"
        onSessionExpired={vi.fn()}
      />,
    );
    const field = screen.getByLabelText('Statement as of');
    await userEvent.clear(field);
    await userEvent.type(field, '2026-06-30');
    await userEvent.click(
      screen.getByRole('button', { name: 'Download statement of Acme Robotics Inc., Common (PDF)' }),
    );
    expect(statement).toHaveBeenCalledWith('token', 'a1', '2026-06-30');
    expect(saved).toHaveBeenCalledWith(pdf, 'statement-2026-06-30.pdf');
  });

  it("shows the server's message on the date field when it refuses the date", async () => {
    statement.mockRejectedValue(
      new ApiRequestError({
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'x',
        fromServer: true,
        fieldErrors: { asOf: 'The statement date cannot be in the future' },
      }),
    );
    render(<StatementForm accountId="a1" issuerToday="2026-11-28" title="Common" onSessionExpired={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: /Download statement/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('The statement date cannot be in the future');
    expect(screen.getByLabelText('Statement as of').getAttribute('aria-invalid')).toBe('true');
    expect(saved).not.toHaveBeenCalled();
  });
});
