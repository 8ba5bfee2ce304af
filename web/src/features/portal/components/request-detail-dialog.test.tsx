import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OwnRequestDetail } from '@ledgerwell/shared/portal-request-detail';
import type { OwnRequest } from '@ledgerwell/shared/portal-requests';
import { ApiRequestError } from '../../../lib/api-client';
import { fetchOwnRequestDetail } from '../requests-api';
import { getPortalToken, verificationCodeFor } from '../portal-session';
import { MyRequests } from './my-requests';
import { RequestDetailDialog } from './request-detail-dialog';

vi.mock('../portal-session', () => ({ getPortalToken: vi.fn(), verificationCodeFor: vi.fn() }));
vi.mock('../requests-api', () => ({ fetchOwnRequestDetail: vi.fn() }));

const fetchDetail = vi.mocked(fetchOwnRequestDetail);

const row: OwnRequest = {
  id: 'request-1',
  referenceNumber: 'TR-2026-000042',
  requestType: 'TRANSFER',
  status: 'AWAITING_VERIFICATION',
  createdAt: '2026-11-27T10:00:00.000Z',
};

const transfer = (change: Partial<OwnRequestDetail> = {}): OwnRequestDetail => ({
  id: row.id,
  referenceNumber: row.referenceNumber,
  requestType: 'TRANSFER',
  status: 'AWAITING_VERIFICATION',
  createdAt: row.createdAt,
  updatedAt: row.createdAt,
  history: [{ status: 'AWAITING_VERIFICATION', at: row.createdAt, reason: null }],
  submitted: [
    { field: 'transfer_type', label: 'Transfer type', value: 'DWAC (Deposit/Withdrawal at Custodian)' },
    { field: 'shareholder_tax_id', label: 'Your tax ID', value: '•••• 6789' },
  ],
  needed: [
    {
      kind: 'IDENTITY_PHOTOS',
      photos: [
        { documentType: 'selfie', state: 'MISSING', rejectionReason: null },
        { documentType: 'id_front', state: 'MISSING', rejectionReason: null },
        { documentType: 'id_back', state: 'MISSING', rejectionReason: null },
      ],
    },
  ],
  ...change,
});

function showDialog() {
  const onClose = vi.fn();
  const onSessionExpired = vi.fn();
  render(
    <MemoryRouter>
      <RequestDetailDialog request={row} onClose={onClose} onSessionExpired={onSessionExpired} />
    </MemoryRouter>,
  );
  return { onClose, onSessionExpired };
}

const photosLink = () => screen.getByRole('link', { name: 'Take the identity photos' }).getAttribute('href');

describe("a request's detail in the portal", () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.mocked(getPortalToken).mockReturnValue('token');
    vi.mocked(verificationCodeFor).mockReturnValue(null);
  });

  it('loads, then shows what is needed, the status history and what was sent, with the heading focused', async () => {
    fetchDetail.mockResolvedValue(transfer());
    showDialog();
    const dialog = screen.getByRole('dialog', { name: 'Request TR-2026-000042' });
    expect(within(dialog).getByRole('status', { name: 'Loading the request' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Request TR-2026-000042' }));

    expect(await screen.findByRole('heading', { name: 'What we still need from you' })).toBeTruthy();
    const needed = screen.getByRole('region', { name: 'What we still need from you' });
    expect(
      within(needed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Selfie: not received yet.', 'ID Front: not received yet.', 'ID Back: not received yet.']);
    // No code in this tab: the portal's own capture, by request id.
    expect(photosLink()).toBe('/shareholder-requests/verify/request-1');
    const history = screen.getByRole('region', { name: 'Status history' });
    expect(within(history).getByText('Awaiting verification')).toBeTruthy();
    const sent = screen.getByRole('region', { name: 'What you sent' });
    expect(within(sent).getByText('Your tax ID')).toBeTruthy();
    expect(within(sent).getByText('•••• 6789')).toBeTruthy();
    expect(fetchDetail).toHaveBeenCalledWith('token', 'request-1', expect.any(AbortSignal));
  });

  it("links to /verify/{code} when this tab was given the request's code", async () => {
    vi.mocked(verificationCodeFor).mockReturnValue('CODE1234WORD5678');
    fetchDetail.mockResolvedValue(transfer());
    showDialog();
    await screen.findByRole('link', { name: 'Take the identity photos' });
    expect(photosLink()).toBe('/verify/CODE1234WORD5678');
  });

  it("shows a rejected photo with staff's reason, and links to the capture by request id", async () => {
    vi.mocked(verificationCodeFor).mockReturnValue('CODE1234WORD5678');
    fetchDetail.mockResolvedValue(
      transfer({
        needed: [
          {
            kind: 'IDENTITY_PHOTOS',
            photos: [{ documentType: 'id_front', state: 'REJECTED', rejectionReason: 'Glare on the card' }],
          },
        ],
      }),
    );
    showDialog();
    expect(await screen.findByText('not accepted. Reason: Glare on the card', { exact: false })).toBeTruthy();
    expect(photosLink()).toBe('/shareholder-requests/verify/request-1');
  });

  it('says nothing is needed when nothing is, and shows a rejection reason in the history', async () => {
    fetchDetail.mockResolvedValue(
      transfer({
        status: 'REJECTED',
        needed: [],
        history: [
          { status: 'PENDING', at: row.createdAt, reason: null },
          { status: 'REJECTED', at: row.createdAt, reason: 'We need the account number' },
        ],
      }),
    );
    showDialog();
    expect(await screen.findByText('Nothing at the moment.', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Take the identity photos' })).toBeNull();
    expect(screen.getByText('Reason: We need the account number')).toBeTruthy();
  });

  it('offers Try again after a failure, and loads again when asked', async () => {
    fetchDetail.mockRejectedValueOnce(
      new ApiRequestError({ status: 500, code: 'INTERNAL_ERROR', message: 'Server error' }),
    );
    fetchDetail.mockResolvedValueOnce(transfer());
    showDialog();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This request could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'What you sent' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchDetail).toHaveBeenCalledTimes(2);
  });

  it('hands a 401 to the session-expired handler instead of showing a failure', async () => {
    fetchDetail.mockRejectedValue(
      new ApiRequestError({ status: 401, code: 'UNAUTHENTICATED', message: 'Session expired' }),
    );
    const { onSessionExpired } = showDialog();
    await waitFor(() => expect(onSessionExpired).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('treats a tab without a token as an expired session, without calling the API', () => {
    vi.mocked(getPortalToken).mockReturnValue(null);
    const { onSessionExpired } = showDialog();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(fetchDetail).not.toHaveBeenCalled();
  });
});

describe('"Your requests" rows', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.mocked(getPortalToken).mockReturnValue('token');
    vi.mocked(verificationCodeFor).mockReturnValue(null);
    fetchDetail.mockResolvedValue(transfer());
  });

  it('open the request, and Escape or Back returns the focus to the row', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <MyRequests state={{ status: 'ready', requests: [row] }} onRetry={vi.fn()} onSessionExpired={vi.fn()} />
      </MemoryRouter>,
    );
    const opener = screen.getByRole('button', {
      name: 'TR-2026-000042 Transfer Request Awaiting verification Nov 27, 2026',
    });
    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Request TR-2026-000042' })).toBeTruthy();
    expect(document.activeElement?.id).toBe('request-detail-heading');

    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Back to your requests' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
