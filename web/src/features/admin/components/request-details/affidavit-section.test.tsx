import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LostCertificateReview } from '@ledgerwell/shared/lost-certificates';
import * as requests from '../../api/requests';
import { AffidavitSection } from './affidavit-section';

vi.mock('../../api/requests', () => ({ fetchAffidavitSignature: vi.fn() }));

const report: LostCertificateReview = {
  certificateId: 'cert-1',
  certificateNumber: 'PA-0012',
  certificateStatus: 'STOPPED',
  shares: '100',
  reason: 'STOLEN',
  circumstances: 'Taken with my bag on the train.',
  replacementForm: 'DRS',
  fullName: 'Dana Whitfield',
  signedAt: '2026-11-27T10:00:00.000Z',
  signatureUrl: '/api/admin/requests/req-1/affidavit-signature',
  replacementCertificateNumber: null,
};
const row = (label: string) => screen.getByText(label).nextSibling?.textContent;

describe("the staff view of a lost-certificate report's affidavit", () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:signature');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.mocked(requests.fetchAffidavitSignature).mockReset());

  it('shows who signed, what happened, the replacement asked for, and the drawn signature', async () => {
    vi.mocked(requests.fetchAffidavitSignature).mockResolvedValue(new Blob(['png'], { type: 'image/png' }));
    render(<AffidavitSection requestId="req-1" report={report} />);
    expect(row('Signed by')).toBe('Dana Whitfield');
    expect(row('What happened')).toBe('Stolen');
    expect(row('Circumstances')).toBe('Taken with my bag on the train.');
    expect(row('Replacement asked for')).toBe('Book-entry (DRS) credit');
    expect(row('Certificate status')).toBe('Stopped (stop order in place)');
    expect(screen.queryByText('Replacement certificate')).toBeNull();
    const image = await screen.findByRole('img', { name: 'Signature of Dana Whitfield' });
    expect(image.getAttribute('src')).toBe('blob:signature');
    expect(requests.fetchAffidavitSignature).toHaveBeenCalledWith('req-1', expect.any(AbortSignal));
  });

  it('says so when the signature cannot be loaded, and names the replacement once posted', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(requests.fetchAffidavitSignature).mockRejectedValue(new Error('offline'));
    render(
      <AffidavitSection
        requestId="req-1"
        report={{ ...report, certificateStatus: 'CANCELLED', replacementCertificateNumber: 'LW000007' }}
      />,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('The signature could not be loaded.');
    expect(row('Replacement certificate')).toBe('LW000007');
    expect(row('Certificate status')).toBe('Cancelled');
  });
});
