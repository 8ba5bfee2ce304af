import { useEffect, useState } from 'react';
import { PORTAL_DOCUMENT_MESSAGES as M, type PortalDocument } from '@ledgerwell/shared/portal-documents';
import { LoadFailure } from '../../../components/ui/load-failure';
import { Spinner } from '../../../components/ui/spinner';
import { isApiRequestError } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { fetchDocumentPdf, fetchDocuments } from '../documents-api';
import { formatDate } from '../labels';
import { getPortalToken } from '../portal-session';

interface Loaded {
  documents: PortalDocument[];
  total: number;
  page: number;
}

interface DocumentsProps {
  onSessionExpired: () => void;
}

const isUnauthenticated = (error: unknown) => isApiRequestError(error) && error.status === 401;

/** "Your documents": a transaction advice for every change to the holder's holdings, each a PDF (issue 30). */
export function Documents({ onSessionExpired }: DocumentsProps) {
  const [status, setStatus] = useState<'loading' | 'failed' | 'ready'>('loading');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // The page to load and the attempt, so Try again loads the same page again.
  const [wanted, setWanted] = useState({ page: 1, attempt: 0 });

  useEffect(() => {
    const token = getPortalToken();
    if (!token) return onSessionExpired();
    const controller = new AbortController();
    fetchDocuments(token, wanted.page, controller.signal).then(
      (page) => {
        setLoaded((current) => ({
          documents: [...(page.page === 1 ? [] : (current?.documents ?? [])), ...page.data],
          total: page.total,
          page: page.page,
        }));
        setStatus('ready');
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isUnauthenticated(error)) onSessionExpired();
        else setStatus('failed');
      },
    );
    return () => controller.abort();
  }, [wanted, onSessionExpired]);

  const load = (page: number) => {
    setStatus('loading');
    setWanted((current) => ({ page, attempt: current.attempt + 1 }));
  };

  return (
    <section className="portal-block" aria-labelledby="portal-documents">
      <h2 id="portal-documents">Your documents</h2>
      {loaded && loaded.documents.length === 0 && <p className="muted">{M.noDocuments}</p>}
      {loaded && loaded.documents.length > 0 && (
        <ul className="portal-list portal-documents">
          {loaded.documents.map((document) => (
            <DocumentRow key={document.id} document={document} onSessionExpired={onSessionExpired} />
          ))}
        </ul>
      )}
      {status === 'loading' && <Spinner label="Loading your documents" />}
      {status === 'failed' && <LoadFailure text={M.documentsFailed} onRetry={() => load(wanted.page)} alert />}
      {status === 'ready' && loaded && loaded.documents.length < loaded.total && (
        <button type="button" className="button button--secondary button--small" onClick={() => load(loaded.page + 1)}>
          Show older documents
        </button>
      )}
    </section>
  );
}

function DocumentRow({ document, onSessionExpired }: { document: PortalDocument; onSessionExpired: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function open() {
    const token = getPortalToken();
    if (!token) return onSessionExpired();
    setBusy(true);
    setFailed(false);
    try {
      saveBlob(await fetchDocumentPdf(token, document.id), `transaction-advice-${document.effectiveDate}.pdf`);
    } catch (error) {
      if (isUnauthenticated(error)) return onSessionExpired();
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="portal-tile portal-document">
      <p className="portal-document__title">{document.title}</p>
      <p className="portal-document__what">
        {document.issuerName}, {document.className}, account ending {document.accountNumberEnding}; posted{' '}
        <time dateTime={document.postedAt}>{formatDate(document.postedAt)}</time>
      </p>
      <button type="button" className="button button--secondary button--small" onClick={open} disabled={busy}>
        {busy ? 'Preparing…' : 'Download PDF'}
        <span className="visually-hidden">: {document.title}</span>
      </button>
      {failed && (
        <p role="alert" className="field__error">
          We could not make this document. Please try again.
        </p>
      )}
    </li>
  );
}
