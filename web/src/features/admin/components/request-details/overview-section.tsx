import type { RequestDetail } from '../../api/requests';
import { formatDateTime } from '../../../../lib/format';
import { formatDecimal } from '@ledgerwell/shared/ledger';
import { requestTitle } from '../../../../lib/request-labels';
import { overviewVerificationStatus } from '../../utils/verification-state';
import { StatusBadge } from '../../../../components/request-badges';
import { DetailList } from '../../../../components/detail-list';

/**
 * Statuses a document review sets (a rejected photo sends the transfer back to AWAITING_VERIFICATION): the request
 * is not decided, so its last staff change is not shown as "Processed" (issue 29).
 */
const SET_BY_DOCUMENT_REVIEW: ReadonlySet<RequestDetail['status']> = new Set([
  'AWAITING_VERIFICATION',
  'VERIFICATION_SUBMITTED',
  'VERIFIED',
]);

export function OverviewSection({ request }: { request: RequestDetail }) {
  const account = request.account;
  const undecided = SET_BY_DOCUMENT_REVIEW.has(request.status);
  return (
    <section className="admin-card" aria-labelledby="overview">
      <h2 id="overview">Overview</h2>
      <DetailList
        rows={[
          ['Reference number', request.referenceNumber || 'N/A'],
          ['Type', requestTitle(request.type)],
          ['Status', <StatusBadge key="status" status={request.status} />],
          ['Shareholder', request.shareholderName],
          ['Shareholder code', request.shareholderCode],
          ['Account number', request.accountNumber],
          ['Registration', account?.registrationName],
          [
            'Security',
            account
              ? `${account.issuer}, ${account.shareClass} (${formatDecimal(account.sharesHeld)} shares held)`
              : null,
          ],
          ['Submitted', formatDateTime(request.createdAt)],
          ['Last updated', formatDateTime(request.updatedAt)],
          ['Verification status', overviewVerificationStatus(request)],
          [
            'Verification code expires',
            request.status === 'AWAITING_VERIFICATION' && request.verificationExpiresAt
              ? formatDateTime(request.verificationExpiresAt)
              : null,
          ],
          [
            undecided ? 'Documents last reviewed at' : 'Processed at',
            request.processedAt ? formatDateTime(request.processedAt) : null,
          ],
          [undecided ? 'Documents last reviewed by' : 'Processed by', request.processedBy],
        ]}
      />
    </section>
  );
}
