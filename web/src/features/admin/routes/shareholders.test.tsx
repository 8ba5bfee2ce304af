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
  total: 2,
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
      deliveryPreference: { electronic: true, chosenAt: '2026-11-20T15:30:00.000Z', sourceAddress: '203.0.113.7' },
    },
    {
      id: 'holder-2',
      code: 'MB2001',
      name: 'Marcus Bell',
      email: 'marcus@example.com',
      phone: null,
      taxIdMasked: null,
      address: { line1: '220 Harbor Blvd', line2: null, city: 'Irvine', state: 'CA', postalCode: '92618' },
      accounts: [account('200300400', false)],
      createdAt: '2026-11-01T10:00:00.000Z',
      deliveryPreference: { electronic: false, chosenAt: null, sourceAddress: null },
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

  it("shows each holder's delivery choice: electronic or paper, since when and from which address", async () => {
    render(<ShareholdersPage role="READ_ONLY" />);
    const dana = (await screen.findByText('WH4821', {}, { timeout: 10_000 })).closest('tr')!;
    const chosen = within(dana).getByText('Electronic').closest('td')!;
    expect(chosen.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-20T15:30:00.000Z');
    expect(chosen.textContent).toContain('from 203.0.113.7');
    const marcus = screen.getByText('MB2001').closest('tr')!;
    expect(within(marcus).getByText('Paper').closest('td')?.textContent).toMatch(/never chosen/);
    expect(screen.getByRole('columnheader', { name: 'Delivery' })).toBeTruthy();
  });
});
