import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminRole } from '@ledgerwell/shared/admin-auth';
import { PAPER_ADVICE_MESSAGES as M } from '@ledgerwell/shared/paper-advices';
import { ApiRequestError } from '../../../lib/api-client';
import * as api from '../api/paper-advices';
import type { PaperAdvice, PaperAdvicesPage } from '../api/paper-advices';
import { PaperAdvicesPage as Screen } from './paper-advices';

vi.mock('../api/paper-advices', async (original) => ({
  ...(await original<typeof api>()),
  fetchPaperAdvices: vi.fn(),
  fetchPaperAdvicePdf: vi.fn(),
  markPaperAdvicesMailed: vi.fn(),
}));

const FIRST_LOAD = { timeout: 10_000 };

function advice(id: string, overrides: Partial<PaperAdvice> = {}): PaperAdvice {
  return {
    id,
    transactionType: 'TRANSFER',
    effectiveDate: '2026-04-01',
    postedAt: '2026-04-01T16:30:00.000Z',
    issuerName: 'Acme Corp',
    className: 'Common',
    accountNumber: '100200300',
    registrationName: 'Dana Whitfield',
    holderName: 'Dana Whitfield',
    address: { line1: '1 Main St', line2: 'Apt 4', city: 'Fresno', state: 'CA', postalCode: '93721' },
    queuedAt: '2026-04-01T16:30:00.000Z',
    mailedAt: null,
    mailedBy: null,
    ...overrides,
  };
}

const pageOf = (advices: PaperAdvice[]): PaperAdvicesPage => ({
  advices,
  pagination: { page: 1, limit: 50, totalPages: 1, totalCount: advices.length },
});

function show(role: AdminRole = 'REVIEWER') {
  render(
    <MemoryRouter>
      <Screen role={role} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.mocked(api.fetchPaperAdvices).mockReset();
  vi.mocked(api.markPaperAdvicesMailed).mockReset();
});

describe('the paper advices screen', () => {
  it('tells a READ_ONLY admin it is not theirs, and asks the server nothing', () => {
    show('READ_ONLY');
    expect(screen.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeTruthy();
    expect(api.fetchPaperAdvices).not.toHaveBeenCalled();
  });

  it('says when there is nothing to mail', async () => {
    vi.mocked(api.fetchPaperAdvices).mockResolvedValue(pageOf([]));
    show();
    expect(await screen.findByText(M.emptyPending, undefined, FIRST_LOAD)).toBeTruthy();
    expect(api.fetchPaperAdvices).toHaveBeenCalledWith('pending', 1, expect.anything());
    expect((screen.getByRole('button', { name: /Mark selected as mailed/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a failed load with Try again, which loads again', async () => {
    vi.mocked(api.fetchPaperAdvices).mockRejectedValueOnce(
      new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: M.loadFailed }),
    );
    vi.mocked(api.fetchPaperAdvices).mockResolvedValue(pageOf([]));
    show();
    expect(await screen.findByText(M.loadFailed, undefined, FIRST_LOAD)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(M.emptyPending)).toBeTruthy();
  });

  it('lists each advice with the address to mail it to, and marks the selected ones after a confirmation', async () => {
    vi.mocked(api.fetchPaperAdvices).mockResolvedValue(pageOf([advice('advice_a'), advice('advice_b')]));
    vi.mocked(api.markPaperAdvicesMailed).mockResolvedValue({
      success: true,
      message: '1 advice marked as mailed',
      data: { mailed: 1, mailedAt: '2026-04-02T10:00:00.000Z' },
    });
    show();
    const table = await screen.findByRole('region', { name: 'Paper advices to mail' }, FIRST_LOAD);
    expect(table.textContent).toContain('Apt 4');
    expect(table.textContent).toContain('Fresno, CA 93721');
    expect(table.textContent).toContain('100200300');
    expect(within(table).getAllByRole('button', { name: /Download PDF/ })).toHaveLength(2);

    const boxes = within(table).getAllByRole('checkbox', { name: /Select the advice/ });
    await userEvent.click(boxes[1]!);
    await userEvent.click(screen.getByRole('button', { name: 'Mark selected as mailed (1)' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Record 1 advice as put in the post?');
    expect(api.markPaperAdvicesMailed).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as mailed' }));
    await vi.waitFor(() => expect(api.markPaperAdvicesMailed).toHaveBeenCalledWith(['advice_b']));
    expect(await screen.findByText('1 advice marked as mailed')).toBeTruthy();
    // The list is read again, and nothing stays selected.
    expect(api.fetchPaperAdvices).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Mark selected as mailed' })).toBeTruthy();
  });

  it('shows who mailed each advice, and when, under Mailed', async () => {
    vi.mocked(api.fetchPaperAdvices).mockImplementation(async (status) =>
      pageOf(
        status === 'mailed' ? [advice('advice_m', { mailedAt: '2026-04-02T10:00:00.000Z', mailedBy: 'carol' })] : [],
      ),
    );
    show();
    await screen.findByText(M.emptyPending, undefined, FIRST_LOAD);
    await userEvent.click(screen.getByRole('button', { name: 'Mailed' }));
    const table = await screen.findByRole('region', { name: 'Paper advices mailed' });
    expect(table.textContent).toContain('by carol');
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Mark selected/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mailed' }).getAttribute('aria-pressed')).toBe('true');
  });
});
