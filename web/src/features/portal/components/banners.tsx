import type { OwnRequest, RequestType } from '@ledgerwell/shared/portal-requests';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DOCUMENT_TYPES, VERIFICATION_MESSAGES, type VerificationState } from '@ledgerwell/shared/verification';
import { paths } from '../../../config/paths';
import { isApiRequestError } from '../../../lib/api-client';
import { checkVerificationStatus } from '../requests-api';
import { PORTAL_MESSAGES } from '../labels';
import { getPortalToken, verificationCodeFor } from '../portal-session';

export const SUCCESS_BANNER_ID = 'portal-success';

interface SuccessBannerProps {
  referenceNumber: string;
  requestType: RequestType;
  onDismiss: () => void;
}

/** After a request is filed (and for a transfer whose verification code was not handed out again). */
export function SuccessBanner({ referenceNumber, requestType, onDismiss }: SuccessBannerProps) {
  return (
    <div
      id={SUCCESS_BANNER_ID}
      role="status"
      tabIndex={-1}
      className="result-panel result-panel--success portal-banner"
    >
      <div>
        <p className="portal-banner__title">Request submitted</p>
        <p>
          Reference number: <strong className="portal-reference">{referenceNumber}</strong>
        </p>
        <p>{PORTAL_MESSAGES.processing}</p>
        {requestType === 'TRANSFER' && <p>{PORTAL_MESSAGES.verificationHint}</p>}
      </div>
      <button type="button" className="button button--secondary button--small" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

type StatusLine =
  | { state: 'loading' }
  | { state: 'ready'; verification: VerificationState }
  | { state: 'failed'; message: string };

const WAITING: readonly string[] = ['AWAITING_VERIFICATION', 'VERIFICATION_SUBMITTED'];

function describe(line: StatusLine | undefined): string {
  if (!line || line.state === 'loading') return 'Checking…';
  if (line.state === 'failed') return line.message;
  const received = DOCUMENT_TYPES.filter((type) => line.verification.documents[type]).length;
  if (line.verification.verificationComplete) return 'All three photos received: we are reviewing them.';
  return `${received} of 3 photos received.`;
}

/**
 * Transfers whose identity check is open, each with where it stands (spec call 8) and, until all three
 * photos are in, the way to take them: back to /verify/{code} when this tab was given the code, else
 * the portal's own capture by request id (another device, a new tab), which needs no code.
 */
export function VerificationBanner({ requests }: { requests: readonly OwnRequest[] }) {
  const open = useMemo(
    () => requests.filter((request) => request.requestType === 'TRANSFER' && WAITING.includes(request.status)),
    [requests],
  );
  const [lines, setLines] = useState<Record<string, StatusLine>>({});
  const titleId = useId();

  useEffect(() => {
    const token = getPortalToken();
    if (!token || open.length === 0) return;
    const controller = new AbortController();
    for (const request of open) {
      checkVerificationStatus(token, request.id, controller.signal).then(
        (verification) => setLines((current) => ({ ...current, [request.id]: { state: 'ready', verification } })),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const message =
            isApiRequestError(error) && error.isNetworkError
              ? VERIFICATION_MESSAGES.statusNetworkError
              : VERIFICATION_MESSAGES.statusFailed;
          setLines((current) => ({ ...current, [request.id]: { state: 'failed', message } }));
        },
      );
    }
    return () => controller.abort();
  }, [open]);

  if (open.length === 0) return null;
  // The box says what is true now (issue 29): once every photo is in, nothing is required of the holder.
  const photosMissing = open.some((request) => {
    const line = lines[request.id];
    return (
      request.status === 'AWAITING_VERIFICATION' && !(line?.state === 'ready' && line.verification.verificationComplete)
    );
  });
  return (
    <section
      className={`result-panel ${photosMissing ? 'result-panel--warning' : 'result-panel--success'} portal-banner`}
      aria-labelledby={titleId}
    >
      <div>
        <h2 id={titleId} className="portal-banner__title">
          {photosMissing ? 'Identity verification required' : 'Identity photos received'}
        </h2>
        {photosMissing ? (
          <p>
            A transfer needs a photo identity check (a selfie and both sides of your ID) before we can process it. Take
            the photos here, on any device with a camera, or with the link in your confirmation e-mail (valid for 24
            hours).
          </p>
        ) : (
          <p>We have every photo we need and are checking them: there is nothing more to do. We will e-mail you.</p>
        )}
        <ul className="portal-verification-list">
          {open.map((request) => {
            const code = verificationCodeFor(request.id);
            const line = lines[request.id];
            const complete = line?.state === 'ready' && line.verification.verificationComplete;
            return (
              <li key={request.id}>
                <strong>{request.referenceNumber}</strong>: <span aria-live="polite">{describe(line)}</span>{' '}
                {complete ? null : code ? (
                  <Link to={paths.verify(code)}>Continue verification</Link>
                ) : (
                  <Link to={paths.verifyRequest(request.id)}>
                    Take ID photos here<span className="visually-hidden"> for {request.referenceNumber}</span>
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
