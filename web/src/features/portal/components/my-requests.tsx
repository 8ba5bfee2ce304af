import { useState } from 'react';
import type { OwnRequest } from '@ledgerwell/shared/portal-requests';
import { LoadFailure } from '../../../components/ui/load-failure';
import { Spinner } from '../../../components/ui/spinner';
import { PORTAL_MESSAGES, REQUEST_TYPE_LABELS, formatDate } from '../labels';
import { RequestDetailDialog } from './request-detail-dialog';
import { StatusBadge } from './status-badge';

export type RequestsState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; requests: OwnRequest[] };

interface MyRequestsProps {
  state: RequestsState;
  onRetry: () => void;
  /** The detail's call answered 401: the session is gone. */
  onSessionExpired: () => void;
}

/**
 * "Your requests": reference, type, status and date of the holder's requests, newest first. Each row
 * is a button that opens the request's detail.
 */
export function MyRequests({ state, onRetry, onSessionExpired }: MyRequestsProps) {
  const [opened, setOpened] = useState<OwnRequest | null>(null);
  return (
    <section className="portal-block" aria-labelledby="portal-my-requests">
      <h2 id="portal-my-requests">Your requests</h2>
      {state.status === 'loading' && <Spinner label="Loading your requests" />}
      {state.status === 'failed' && <LoadFailure text={PORTAL_MESSAGES.requestsFailed} onRetry={onRetry} alert />}
      {state.status === 'ready' && state.requests.length === 0 && <p className="muted">{PORTAL_MESSAGES.noRequests}</p>}
      {state.status === 'ready' && state.requests.length > 0 && (
        <ul className="portal-list">
          {state.requests.map((request) => (
            <li key={request.id}>
              <button
                type="button"
                className="portal-tile portal-request portal-request--button"
                aria-haspopup="dialog"
                onClick={() => setOpened(request)}
              >
                {/* The spaces part the words of the button's name; a grid lays out no white space. */}
                <span className="portal-request__reference">{request.referenceNumber}</span>{' '}
                <span className="portal-request__type">{REQUEST_TYPE_LABELS[request.requestType]}</span>{' '}
                <StatusBadge status={request.status} />{' '}
                <span className="portal-request__date">
                  <time dateTime={request.createdAt}>{formatDate(request.createdAt)}</time>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {opened && (
        <RequestDetailDialog request={opened} onClose={() => setOpened(null)} onSessionExpired={onSessionExpired} />
      )}
    </section>
  );
}
