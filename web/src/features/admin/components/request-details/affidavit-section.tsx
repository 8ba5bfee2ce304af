import {
  LOST_CERTIFICATE_REASON_LABELS,
  REPLACEMENT_FORM_LABELS,
  type LostCertificateReview,
} from '@ledgerwell/shared/lost-certificates';
import { useAffidavitSignature } from '../../hooks/use-affidavit-signature';
import { formatDateTime } from '../../../../lib/format';
import { DetailList } from '../../../../components/detail-list';

const CERTIFICATE_STATUS_TEXT: Record<string, string> = {
  OUTSTANDING: 'Outstanding',
  STOPPED: 'Stopped (stop order in place)',
  CANCELLED: 'Cancelled',
};

/**
 * A lost-certificate report's affidavit of loss as the holder signed it in the portal: who, when, the drawn
 * signature, what happened and the replacement asked for; with the certificate as it stands on the register.
 */
export function AffidavitSection({ requestId, report }: { requestId: string; report: LostCertificateReview }) {
  const signature = useAffidavitSignature(requestId);
  return (
    <section className="admin-card" aria-labelledby="affidavit">
      <h2 id="affidavit">Affidavit of loss</h2>
      <DetailList
        rows={[
          ['Signed by', report.fullName],
          ['Signed at', formatDateTime(report.signedAt)],
          ['Certificate', report.certificateNumber],
          ['Shares on the certificate', report.shares],
          ['Certificate status', CERTIFICATE_STATUS_TEXT[report.certificateStatus] ?? report.certificateStatus],
          ['What happened', LOST_CERTIFICATE_REASON_LABELS[report.reason]],
          ['Circumstances', report.circumstances],
          ['Replacement asked for', REPLACEMENT_FORM_LABELS[report.replacementForm]],
          ['Replacement certificate', report.replacementCertificateNumber],
        ]}
      />
      <h3>Signature</h3>
      {signature.status === 'ready' && (
        <img className="affidavit-signature" src={signature.url} alt={`Signature of ${report.fullName}`} />
      )}
      {signature.status === 'loading' && <p className="muted">Loading the signature…</p>}
      {signature.status === 'failed' && (
        <p className="notice notice--error" role="alert">
          The signature could not be loaded.
        </p>
      )}
    </section>
  );
}
