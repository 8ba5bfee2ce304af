import { Link } from 'react-router';
import { ADMIN_ROLE_RANK, type AdminRole } from '@ledgerwell/shared/admin-auth';
import { paths } from '../../../config/paths';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { CertificateRegister } from '../components/ledger/certificate-register';
import { IssuersSection } from '../components/ledger/issuers-section';
import { PostingQueue } from '../components/ledger/posting-queue';
import { ReconciliationSection } from '../components/ledger/reconciliation-section';
import { PageHeader } from '../components/page-header';
import { ToastRegion } from '../components/toast-region';
import { useToasts } from '../hooks/use-toasts';

/**
 * The ledger at a glance: classes against their control book, the certificate register, the dual-control queue and
 * the record differences reconciliation found.
 */
export function LedgerPage({ role }: { role: AdminRole }) {
  useDocumentMeta('Ledger');
  // Every staff role reads the ledger; stop orders are ADMIN and up, and the server refuses the others (403).
  const canWrite = ADMIN_ROLE_RANK[role] >= ADMIN_ROLE_RANK.ADMIN;
  const { toasts, push, dismiss } = useToasts();

  return (
    <div className="admin-page">
      <PageHeader
        title="Ledger"
        intro="The master securityholder file: share classes against their control book, the certificate register, postings waiting for a second person and reconciliation."
      />
      <p>
        <Link to={paths.admin.ledgerJournal}>Open the journal</Link>: every posting, by issuer, class, type, dates and
        account.
      </p>
      <IssuersSection canWrite={canWrite} onToast={push} />
      <CertificateRegister canWrite={canWrite} onToast={push} />
      <PostingQueue />
      <ReconciliationSection canWrite={canWrite} onToast={push} />
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </div>
  );
}
