import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { OwnRequest } from '@ledgerwell/shared/portal-requests';
import { VerificationBanner } from './banners';

const photos = (received: number) => ({
  selfie: received > 0,
  id_front: received > 1,
  id_back: received > 2,
});

vi.mock('../portal-session', () => ({ getPortalToken: () => 'token', verificationCodeFor: () => null }));
vi.mock('../requests-api', () => ({
  checkVerificationStatus: vi.fn(async (_token: string, id: string) => {
    const received = id === 'all-in' || id === 'submitted' ? 3 : 1;
    return {
      referenceNumber: id,
      status: 'x',
      expiresAt: null,
      documents: photos(received),
      verificationComplete: received === 3,
    };
  }),
}));

const transfer = (id: string, status: OwnRequest['status']): OwnRequest => ({
  id,
  referenceNumber: `TR-2026-${id}`,
  requestType: 'TRANSFER',
  status,
  createdAt: '2026-11-27T10:00:00.000Z',
});

const renderBanner = (requests: OwnRequest[]) =>
  render(
    <MemoryRouter>
      <VerificationBanner requests={requests} />
    </MemoryRouter>,
  );

describe('the verification box (issue 29, item 5)', () => {
  it('once every photo is in, says nothing more is needed instead of "required"', async () => {
    renderBanner([transfer('submitted', 'VERIFICATION_SUBMITTED'), transfer('all-in', 'AWAITING_VERIFICATION')]);
    expect(await screen.findByRole('region', { name: 'Identity photos received' })).toBeTruthy();
    expect(screen.queryByText('Identity verification required')).toBeNull();
  });

  it('asks for the photos while one transfer still lacks them', async () => {
    renderBanner([transfer('submitted', 'VERIFICATION_SUBMITTED'), transfer('one-in', 'AWAITING_VERIFICATION')]);
    expect(await screen.findByText('1 of 3 photos received.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Identity verification required' })).toBeTruthy();
  });
});
