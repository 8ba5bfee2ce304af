import type { OwnRequest } from '@ledgerwell/shared/portal-requests';
import { NativeDialog } from '../../../components/native-dialog';
import { LoadFailure } from '../../../components/ui/load-failure';
import { Spinner } from '../../../components/ui/spinner';
import { PORTAL_MESSAGES, REQUEST_TYPE_LABELS, formatDate } from '../labels';
import { useOwnRequestDetail } from '../use-own-request-detail';
import { NeededFromYou, StatusHistory, WhatYouSent } from './request-detail-sections';
import { StatusBadge } from './status-badge';
import './request-detail.css';

export const REQUEST_DETAIL_HEADING_ID = 'request-detail-heading';

interface RequestDetailDialogProps {
  /** The row that opened it: its reference titles the dialog while the detail loads. */
  request: OwnRequest;
  onClose: () => void;
  onSessionExpired: () => void;
}

/**
 * One request in a modal dialog, full screen on a phone: focus moves to its heading, Escape, Close
 * or Back to your requests closes it and focus returns to the row that opened it (NativeDialog).
 */
export function RequestDetailDialog({ request, onClose, onSessionExpired }: RequestDetailDialogProps) {
  const { state, retry } = useOwnRequestDetail(request.id, onSessionExpired);
  const shown = state.status === 'ready' ? state.request : null;

  return (
    <NativeDialog className="request-detail" aria-labelledby={REQUEST_DETAIL_HEADING_ID} onClose={onClose}>
      <div className="request-detail__frame">
        <header className="request-detail__header">
          <h2 id={REQUEST_DETAIL_HEADING_ID} tabIndex={-1} data-autofocus>
            <span className="visually-hidden">Request </span>
            {request.referenceNumber}
          </h2>
          <button
            type="button"
            className="request-detail__dismiss"
            aria-label={`Close request ${request.referenceNumber}`}
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="request-detail__body">
          <p className="request-detail__summary">
            <span>{REQUEST_TYPE_LABELS[shown?.requestType ?? request.requestType]}</span>
            <StatusBadge status={shown?.status ?? request.status} />
            <span>
              Sent <time dateTime={request.createdAt}>{formatDate(request.createdAt)}</time>
            </span>
          </p>
          {state.status === 'loading' && <Spinner label="Loading the request" />}
          {state.status === 'failed' && (
            <LoadFailure text={PORTAL_MESSAGES.requestDetailFailed} onRetry={retry} alert />
          )}
          {shown && (
            <>
              <NeededFromYou request={shown} />
              <StatusHistory history={shown.history} />
              <WhatYouSent submitted={shown.submitted} />
            </>
          )}
        </div>
        <footer className="request-detail__footer">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Back to your requests
          </button>
        </footer>
      </div>
    </NativeDialog>
  );
}
