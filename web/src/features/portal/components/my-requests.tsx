import type { OwnRequest } from '@ledgerwell/shared/portal-requests';
import { Spinner } from '../../../components/ui/spinner';
import { PORTAL_MESSAGES, REQUEST_STATUS_LABELS, REQUEST_TYPE_LABELS, formatDate } from '../labels';

export type RequestsState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; requests: OwnRequest[] };

interface MyRequestsProps {
  state: RequestsState;
  onRetry: () => void;
}

/** "Your requests": reference, type, status and date of the holder's requests, newest first. */
export function MyRequests({ state, onRetry }: MyRequestsProps) {
  return (
    <section className="portal-block" aria-labelledby="portal-my-requests">
      <h2 id="portal-my-requests">Your requests</h2>
      {state.status === 'loading' && <Spinner label="Loading your requests" />}
      {state.status === 'failed' && (
        <div role="alert" className="notice notice--error">
          <p>{PORTAL_MESSAGES.requestsFailed}</p>
          <button type="button" className="button button--secondary button--small" onClick={onRetry}>
            Try Again
          </button>
        </div>
      )}
      {state.status === 'ready' && state.requests.length === 0 && <p className="muted">{PORTAL_MESSAGES.noRequests}</p>}
      {state.status === 'ready' && state.requests.length > 0 && (
        <ul className="portal-requests">
          {state.requests.map((request) => (
            <li key={request.id} className="portal-request">
              <p className="portal-request__reference">{request.referenceNumber}</p>
              <p className="portal-request__type">{REQUEST_TYPE_LABELS[request.requestType]}</p>
              <p className={`portal-status portal-status--${request.status.toLowerCase().replace(/_/g, '-')}`}>
                {REQUEST_STATUS_LABELS[request.status]}
              </p>
              <p className="portal-request__date">
                <time dateTime={request.createdAt}>{formatDate(request.createdAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
