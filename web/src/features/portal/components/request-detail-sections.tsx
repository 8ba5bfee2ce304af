import { Link } from 'react-router';
import type { NeededFromHolder, NeededPhoto, OwnRequestDetail } from '@ledgerwell/shared/portal-request-detail';
import { DOCUMENT_LABELS } from '@ledgerwell/shared/verification';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../labels';
import { verificationCodeFor } from '../portal-session';
import { StatusBadge } from './status-badge';

/**
 * Where the holder takes the photos: /verify/{code} when this tab was given the code, else the
 * portal's own capture by request id. The tab keeps only the code issued with the request, and a
 * rejected photo replaces that code (the new one is e-mailed), so after a rejection only the capture
 * by request id still opens.
 */
function photosLink(requestId: string, photos: readonly NeededPhoto[]): string {
  const code = photos.some((photo) => photo.state === 'REJECTED') ? null : verificationCodeFor(requestId);
  return code ? paths.verify(code) : paths.verifyRequest(requestId);
}

function IdentityPhotos({ requestId, photos }: { requestId: string; photos: readonly NeededPhoto[] }) {
  const rejected = photos.some((photo) => photo.state === 'REJECTED');
  return (
    <>
      <p>
        {rejected
          ? 'We could not accept a photo you sent, so we need the identity photos again.'
          : 'Your transfer needs a photo identity check before we can process it.'}{' '}
        Take them on any device with a camera.
      </p>
      <ul className="request-detail__photos">
        {photos.map((photo) => (
          <li key={photo.documentType}>
            <strong>{DOCUMENT_LABELS[photo.documentType]}</strong>:{' '}
            {photo.state === 'REJECTED' ? (
              <>not accepted.{photo.rejectionReason && ` Reason: ${photo.rejectionReason}`}</>
            ) : (
              'not received yet.'
            )}
          </li>
        ))}
      </ul>
      <Link className="button button--small" to={photosLink(requestId, photos)}>
        Take the identity photos
      </Link>
    </>
  );
}

/** One thing needed, by its kind (the identity photos are the only kind so far). */
function NeededItem({ requestId, item }: { requestId: string; item: NeededFromHolder }) {
  return <IdentityPhotos requestId={requestId} photos={item.photos} />;
}

export function NeededFromYou({ request }: { request: OwnRequestDetail }) {
  return (
    <section className="request-detail__section" aria-labelledby="request-detail-needed">
      <h3 id="request-detail-needed">What we still need from you</h3>
      {request.needed.length === 0 ? (
        <p className="muted">Nothing at the moment. We will e-mail you when the status changes.</p>
      ) : (
        request.needed.map((item) => (
          <div key={item.kind} className="notice notice--warning request-detail__needed">
            <NeededItem requestId={request.id} item={item} />
          </div>
        ))
      )}
    </section>
  );
}

export function StatusHistory({ history }: { history: OwnRequestDetail['history'] }) {
  return (
    <section className="request-detail__section" aria-labelledby="request-detail-history">
      <h3 id="request-detail-history">Status history</h3>
      <ol className="request-detail__history">
        {history.map((change, index) => (
          <li key={`${change.at}-${index}`}>
            <StatusBadge status={change.status} /> <time dateTime={change.at}>{formatDateTime(change.at)}</time>
            {change.reason && <p className="request-detail__reason">Reason: {change.reason}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function WhatYouSent({ submitted }: { submitted: OwnRequestDetail['submitted'] }) {
  return (
    <section className="request-detail__section" aria-labelledby="request-detail-sent">
      <h3 id="request-detail-sent">What you sent</h3>
      <dl className="request-detail__sent">
        {submitted.map((line) => (
          <div key={line.field}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
