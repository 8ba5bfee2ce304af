import { Link, useLocation, useParams } from 'react-router';
import type { AdminProfile } from '@ledgerwell/shared/admin-auth';
import { REVIEW_MESSAGES } from '@ledgerwell/shared/request-review';
import { paths } from '../../../config/paths';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { isApiRequestError } from '../../../lib/api-client';
import { fetchRequest } from '../api/requests';
import { FlagIcon, StatusBadge, TypeBadge } from '../../../components/request-badges';
import { ActionsPanel } from '../components/request-details/actions-panel';
import { DocumentsSection } from '../components/request-details/documents-section';
import { FlagPanel } from '../components/request-details/flag-panel';
import { HistorySection } from '../components/request-details/history-section';
import { AffidavitSection } from '../components/request-details/affidavit-section';
import { NotesSection } from '../components/request-details/notes-section';
import { OverviewSection } from '../components/request-details/overview-section';
import { PostingPanel } from '../components/request-details/posting-panel';
import { StaffActivitySection } from '../components/request-details/staff-activity-section';
import { SubmittedDataSection } from '../components/request-details/submitted-data-section';
import { TypeDetailsSection } from '../components/request-details/type-details-section';
import { ToastRegion } from '../components/toast-region';
import { useApiData } from '../../../hooks/use-api-data';
import { useToasts } from '../hooks/use-toasts';
import { backToList } from '../utils/back-to-list';
import { canReview, statusActionsFor } from '../utils/review-permissions';

function loadErrorMessage(error: unknown): string {
  if (isApiRequestError(error)) {
    if (error.status === 404) return REVIEW_MESSAGES.notFound;
    if (error.fromServer) return error.message;
  }
  return 'Failed to load request details';
}

export function RequestDetailsPage({ admin }: { admin: AdminProfile }) {
  const { id = '' } = useParams();
  const location = useLocation();
  useDocumentMeta('Request Details');
  const detail = useApiData(id, (signal) => fetchRequest(id, signal));
  const { toasts, push, dismiss } = useToasts();
  const request = detail.data?.id === id ? detail.data : null;

  if (!request) {
    if (detail.error) {
      return (
        <div className="admin-page">
          <h1>Request Details</h1>
          <div className="notice notice--error" role="alert">
            <p>{loadErrorMessage(detail.error)}</p>
          </div>
          <p>
            <Link to={backToList(paths.admin.requests(), location.state)}>Back to Requests</Link>
          </p>
        </div>
      );
    }
    return <Spinner label="Loading request" />;
  }

  const canWrite = canReview(admin.role);
  const actions = statusActionsFor(admin.role, request.type, request.status);
  const showDocuments = request.type === 'TRANSFER' || request.verificationDocuments.length > 0;
  const onChanged = detail.reload;

  return (
    <div className="admin-page request-details" aria-busy={detail.loading || undefined}>
      <p className="back-link">
        <Link to={backToList(paths.admin.requests(), location.state)}>← Back to Requests</Link>
      </p>
      <header className="admin-page__header request-details__header">
        <h1>Request Details</h1>
        <p className="request-details__summary">
          <span className="request-details__reference">{request.referenceNumber}</span>{' '}
          <TypeBadge type={request.type} /> <StatusBadge status={request.status} />{' '}
          {request.isFlagged && <FlagIcon priority={request.flagPriority} />}
        </p>
        <p className="muted">
          {request.shareholderName} ({request.shareholderCode})
        </p>
      </header>

      {Boolean(detail.error) && (
        <div className="notice notice--error" role="alert">
          <p>Failed to load request details</p>
          <button type="button" className="button button--secondary button--small" onClick={detail.reload}>
            Try again
          </button>
        </div>
      )}

      <div className="request-layout">
        <div className="request-layout__main">
          <OverviewSection request={request} />
          <TypeDetailsSection request={request} />
          {request.lostCertificate && <AffidavitSection requestId={request.id} report={request.lostCertificate} />}
          {showDocuments && (
            <DocumentsSection request={request} role={admin.role} onChanged={onChanged} onToast={push} />
          )}
          <NotesSection
            requestId={request.id}
            adminNotes={request.adminNotes}
            canWrite={canWrite}
            onChanged={onChanged}
            onToast={push}
          />
          <HistorySection history={request.history} />
          <StaffActivitySection activities={request.adminActivities} />
          <SubmittedDataSection formData={request.formData} />
        </div>
        <aside className="request-layout__side" aria-label="Review">
          <ActionsPanel request={request} actions={actions} onChanged={onChanged} onToast={push} />
          {canWrite &&
            (request.type === 'TRANSFER' || request.type === 'CERTIFICATE' || request.type === 'LOST_CERTIFICATE') &&
            request.status === 'APPROVED' && (
              <PostingPanel request={request} admin={admin} onChanged={onChanged} onToast={push} />
            )}
          <FlagPanel request={request} canWrite={canWrite} onChanged={onChanged} onToast={push} />
        </aside>
      </div>
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </div>
  );
}
