import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestDetail } from '../../api/requests';
import { OverviewSection } from './overview-section';

const transfer = (status: RequestDetail['status']) =>
  ({
    id: 'req-1',
    referenceNumber: 'TRF-2026-000001',
    type: 'TRANSFER',
    status,
    shareholderName: 'Marcus Bell',
    shareholderCode: 'BL4821',
    accountNumber: '300400500',
    account: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    verificationExpiresAt: '2026-11-22T10:00:00.000Z',
    hasVerificationCode: true,
    verificationDocuments: [],
    processedAt: '2026-11-21T10:00:00.000Z',
    processedBy: 'rita',
  }) as unknown as RequestDetail;

describe('the overview of a request (issue 29, item 14)', () => {
  it('after a rejected photo, names the document review, not a decision', () => {
    render(<OverviewSection request={transfer('AWAITING_VERIFICATION')} />);
    expect(screen.getByText('Documents last reviewed by').nextSibling?.textContent).toBe('rita');
    expect(screen.queryByText('Processed by')).toBeNull();
    expect(screen.queryByText('Processed at')).toBeNull();
  });

  it('once decided, says who processed it', () => {
    render(<OverviewSection request={transfer('APPROVED')} />);
    expect(screen.getByText('Processed by').nextSibling?.textContent).toBe('rita');
    expect(screen.queryByText('Documents last reviewed by')).toBeNull();
  });
});
