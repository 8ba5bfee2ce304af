import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import { reportLostCertificate } from '../lost-certificates-api';
import { LostCertificateDialog } from './lost-certificate-dialog';

vi.mock('../portal-session', () => ({ getPortalToken: () => 'token' }));
vi.mock('../lost-certificates-api', () => ({ reportLostCertificate: vi.fn() }));
// The pad draws on a canvas, which jsdom lacks: a button stands in for a stroke (the pad has its own tests).
vi.mock('../../../components/signature/signature-pad', () => ({
  SignaturePad: ({ onChange, error }: { onChange: (value: string) => void; error?: string }) => (
    <div>
      <button type="button" onClick={() => onChange('data:image/png;base64,AAAA')}>
        Sign
      </button>
      {error && <p>{error}</p>}
    </div>
  ),
}));

const report = vi.mocked(reportLostCertificate);

async function fillIn() {
  await userEvent.click(screen.getByLabelText('Stolen'));
  await userEvent.type(screen.getByLabelText(/How, when and where/), 'Taken from my desk in March');
  await userEvent.click(screen.getByLabelText(/Book-entry shares/));
  await userEvent.type(screen.getByLabelText('Your full name'), 'Dana Whitfield');
  await userEvent.click(screen.getByRole('button', { name: 'Sign' }));
}

describe('reporting a certificate lost (issue 30)', () => {
  // A block, not an arrow's value: a function returned from beforeEach runs as its teardown, and mockReset returns
  // the mock itself.
  beforeEach(() => {
    report.mockReset();
  });

  it('sends the report with the affidavit, then shows the reference and what follows', async () => {
    report.mockResolvedValue({
      success: true,
      referenceNumber: 'LC-2026-000007',
      data: { id: 'r1', certificateNumber: 'PA-0013', status: 'STOPPED', nextSteps: ['We check your report.'] },
    });
    const onClose = vi.fn();
    render(
      <LostCertificateDialog certificateNumber="PA-0013" shares="125" onClose={onClose} onSessionExpired={vi.fn()} />,
    );
    expect(screen.getByRole('heading', { name: 'Report certificate PA-0013' })).toBeTruthy();
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Report and stop the certificate' }));
    expect(report).toHaveBeenCalledWith('token', {
      certificateNumber: 'PA-0013',
      reason: 'STOLEN',
      circumstances: 'Taken from my desk in March',
      replacementForm: 'DRS',
      affidavit: {
        fullName: 'Dana Whitfield',
        signature: 'data:image/png;base64,AAAA',
        signedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    });
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('LC-2026-000007');
    expect(status.textContent).toContain('We check your report.');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it("shows the server's message at each field it refuses, and keeps what was typed", async () => {
    const refusal = new ApiRequestError({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Please correct the fields shown',
      fromServer: true,
      fieldErrors: { reason: 'Choose what happened', 'affidavit.signature': 'Please sign above to continue' },
    });
    report.mockRejectedValue(refusal);
    render(
      <LostCertificateDialog certificateNumber="PA-0013" shares="125" onClose={vi.fn()} onSessionExpired={vi.fn()} />,
    );
    await userEvent.type(screen.getByLabelText('Your full name'), 'Dana Whitfield');
    await userEvent.click(screen.getByRole('button', { name: 'Report and stop the certificate' }));
    expect(await screen.findByText('Choose what happened')).toBeTruthy();
    expect(screen.getByText('Please sign above to continue')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Please correct the fields shown');
    expect((screen.getByLabelText('Your full name') as HTMLInputElement).value).toBe('Dana Whitfield');
  });
});
