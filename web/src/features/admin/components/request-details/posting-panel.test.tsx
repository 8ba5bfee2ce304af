import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminProfile } from '@ledgerwell/shared/admin-auth';
import { ApiRequestError } from '../../../../lib/api-client';
import * as postings from '../../api/postings';
import type { PostingPreview } from '../../api/postings';
import type { RequestDetail } from '../../api/requests';
import { PostingPanel } from './posting-panel';

vi.mock('../../api/postings', () => ({
  fetchPostingPreview: vi.fn(),
  postRequestToLedger: vi.fn(async () => 'Posted to the ledger'),
  confirmLedgerPosting: vi.fn(async () => undefined),
}));

const request = {
  id: 'req-1',
  type: 'TRANSFER',
  status: 'APPROVED',
  updatedAt: '2026-11-27T10:00:00Z',
} as RequestDetail;
const admin = (username: string, role: AdminProfile['role'] = 'ADMIN') =>
  ({ id: `id-${username}`, username, role }) as AdminProfile;

const preview = (change: Partial<PostingPreview> = {}): PostingPreview => ({
  requestId: 'req-1',
  referenceNumber: 'TRF-2026-000001',
  classId: 'class-1',
  issuer: 'Acme Robotics Inc.',
  shareClass: 'Common',
  shares: '20000',
  effectiveDate: '2026-11-27',
  from: { accountId: 'a-1', accountNumber: '300400500', registrationName: 'Bell Family Trust' },
  to: { accountId: null, accountNumber: null, registrationName: 'Cede & Co.', kind: 'NOMINEE', opensAccount: true },
  debit: {
    form: 'CERTIFICATE',
    certificates: [
      { number: 'C-1001', shares: '16000' },
      { number: 'C-1002', shares: '16000' },
    ],
    balanceBack: '12000',
  },
  type: 'TRANSFER',
  toForm: 'DRS',
  dualControl: false,
  dualControlShares: '10000',
  waiting: null,
  ...change,
});

function show(username = 'poster', role: AdminProfile['role'] = 'ADMIN') {
  const onToast = vi.fn();
  const onChanged = vi.fn();
  render(<PostingPanel request={request} admin={admin(username, role)} onChanged={onChanged} onToast={onToast} />);
  return { onToast, onChanged };
}

describe('the posting panel of an approved transfer', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the legs, and posts with the memo given after a confirmation', async () => {
    vi.mocked(postings.fetchPostingPreview).mockResolvedValue(preview());
    const { onToast, onChanged } = show();
    expect(await screen.findByText(/Certificates C-1001 \(16,000\), C-1002 \(16,000\) cancelled/)).toBeTruthy();
    expect(screen.getByText(/a new certificate for 12,000 shares back/)).toBeTruthy();
    expect(screen.getByText(/to Cede & Co\. \(the depository nominee, for the broker\), a new account/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Memo/), { target: { value: 'Broker DTC 0123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post to ledger' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Post' }));
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(postings.postRequestToLedger).toHaveBeenCalledWith('req-1', { memo: 'Broker DTC 0123' });
    expect(onToast).toHaveBeenCalledWith('success', 'Posted to the ledger');
  });

  it('proposes instead of posting under dual control, and says why', async () => {
    vi.mocked(postings.fetchPostingPreview).mockResolvedValue(preview({ dualControl: true }));
    show();
    expect(await screen.findByRole('button', { name: 'Propose posting' })).toBeTruthy();
    expect(screen.getByText('More than 10,000 shares: another staff member confirms the posting.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Post to ledger' })).toBeNull();
  });

  it('offers Confirm to another ADMIN, never to the proposer or a REVIEWER', async () => {
    const waiting = { id: 'p-1', proposedBy: 'poster', proposedAt: '2026-11-27T10:00:00Z', effectiveDate: null };
    vi.mocked(postings.fetchPostingPreview).mockResolvedValue(preview({ dualControl: true, waiting }));
    const first = render(
      <PostingPanel request={request} admin={admin('poster')} onChanged={vi.fn()} onToast={vi.fn()} />,
    );
    expect(await screen.findByText(/Proposed by poster/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm posting' })).toBeNull();
    first.unmount();
    const reviewer = render(
      <PostingPanel request={request} admin={admin('rita', 'REVIEWER')} onChanged={vi.fn()} onToast={vi.fn()} />,
    );
    expect(await screen.findByText(/Proposed by poster/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm posting' })).toBeNull();
    reviewer.unmount();

    show('checker');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm posting' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(dialog.querySelector('.modal__actions button:last-child')!);
    await vi.waitFor(() => expect(postings.confirmLedgerPosting).toHaveBeenCalledWith('p-1'));
  });

  it("shows the server's reason when the request cannot post", async () => {
    vi.mocked(postings.fetchPostingPreview).mockRejectedValue(
      new ApiRequestError({
        status: 409,
        code: 'INSUFFICIENT_SHARES',
        message: 'The account does not hold enough shares for this posting',
        fromServer: true,
      }),
    );
    show();
    expect((await screen.findByRole('alert')).textContent).toContain('does not hold enough shares');
    expect(screen.queryByRole('button', { name: 'Post to ledger' })).toBeNull();
  });

  it("shows a certificate request as the holder's DRS shares going onto a new certificate", async () => {
    vi.mocked(postings.fetchPostingPreview).mockResolvedValue(
      preview({
        shares: '1500',
        type: 'CONVERSION',
        toForm: 'CERTIFICATE',
        from: { accountId: 'a-2', accountNumber: '100200300', registrationName: 'Dana Whitfield' },
        to: {
          accountId: 'a-2',
          accountNumber: '100200300',
          registrationName: 'Dana Whitfield',
          kind: 'HOLDER',
          opensAccount: false,
        },
        debit: { form: 'DRS', certificates: [], balanceBack: '0' },
      }),
    );
    show();
    expect(await screen.findByText('1,500 shares from DRS')).toBeTruthy();
    expect(
      screen.getByText('1,500 shares on a new certificate registered to Dana Whitfield, account 100200300'),
    ).toBeTruthy();
  });
});
