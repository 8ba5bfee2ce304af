import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as ShareholdersApi from '../api/shareholders';
import type { ShareholderList } from '../api/shareholders';
import { ShareholdersPage } from './shareholders';

const account = (accountNumber: string, weakAccountNumber: boolean) => ({
  id: `id-${accountNumber}`,
  accountNumber,
  registrationName: 'Dana Whitfield',
  issuer: 'Acme Corp',
  shareClass: 'Common',
  sharesHeld: '10',
  drsShares: '10',
  certificatedShares: '0',
  holdingType: 'DRS' as const,
  certificateNumbers: [],
  weakAccountNumber,
});

const list: ShareholderList = {
  success: true,
  total: 1,
  page: 1,
  totalPages: 1,
  shareholders: [
    {
      id: 'holder-1',
      code: 'WH4821',
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      phone: null,
      taxIdMasked: null,
      address: { line1: '1 Main St', line2: null, city: 'Fresno', state: 'CA', postalCode: '93721' },
      accounts: [account('100200300', false), account('4321', true)],
      createdAt: '2026-11-01T10:00:00.000Z',
    },
  ],
};

vi.mock('../api/shareholders', async (original) => ({
  ...(await original<typeof ShareholdersApi>()),
  fetchShareholders: vi.fn(async () => list),
}));

describe('the shareholders screen', () => {
  it('marks an account number shorter than the rule as weak, and only that one (decision 018)', async () => {
    render(<ShareholdersPage role="ADMIN" />);
    const weak = await screen.findByText('Weak', {}, { timeout: 10_000 });
    expect(weak.closest('li')?.textContent).toContain('4321');
    expect(weak.getAttribute('title')).toMatch(/easier to guess/);
    const strong = screen.getByText('100200300').closest('li')!;
    expect(within(strong).queryByText('Weak')).toBeNull();
  });
});
