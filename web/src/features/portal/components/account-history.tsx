import { useEffect, useId, useState } from 'react';
import {
  POSTING_TYPE_LABELS,
  PORTAL_HOLDINGS_MESSAGES as M,
  type PortalPosting,
} from '@ledgerwell/shared/portal-holdings';
import { formatShares } from '@ledgerwell/shared/portal-requests';
import { LoadFailure } from '../../../components/ui/load-failure';
import { Spinner } from '../../../components/ui/spinner';
import { isApiRequestError } from '../../../lib/api-client';
import { fetchAccountPostings } from '../holdings-api';
import { formatDate } from '../labels';
import { getPortalToken } from '../portal-session';

interface Loaded {
  postings: PortalPosting[];
  total: number;
  page: number;
}
interface HistoryState {
  status: 'idle' | 'loading' | 'failed' | 'ready';
  loaded: Loaded | null;
}

interface AccountHistoryProps {
  accountId: string;
  /** The holding's name, for the button's accessible name. */
  title: string;
  onSessionExpired: () => void;
}

/** An account's postings, newest first, loaded when first opened and a page at a time after that. */
export function AccountHistory({ accountId, title, onSessionExpired }: AccountHistoryProps) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<HistoryState>({ status: 'idle', loaded: null });
  // The page to load (0 until the history is first opened), and the attempt, so Try again loads it again.
  const [wanted, setWanted] = useState({ page: 0, attempt: 0 });
  const listId = useId();

  useEffect(() => {
    const { page: wantedPage } = wanted;
    if (wantedPage === 0) return;
    const token = getPortalToken();
    if (!token) return onSessionExpired();
    const controller = new AbortController();
    fetchAccountPostings(token, accountId, wantedPage, controller.signal).then(
      (page) =>
        setState((current) => ({
          status: 'ready',
          loaded: {
            postings: [...(wantedPage === 1 ? [] : (current.loaded?.postings ?? [])), ...page.data],
            total: page.total,
            page: page.page,
          },
        })),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiRequestError(error) && error.status === 401) onSessionExpired();
        else setState((current) => ({ status: 'failed', loaded: current.loaded }));
      },
    );
    return () => controller.abort();
  }, [accountId, wanted, onSessionExpired]);

  /** Asks for a page (again, after a failure); the effect loads it. */
  function load(page: number) {
    setState((current) => ({ status: 'loading', loaded: current.loaded }));
    setWanted((current) => ({ page, attempt: current.attempt + 1 }));
  }

  function toggle() {
    setOpen(!open);
    if (!open && wanted.page === 0) load(1);
  }

  const loaded = state.loaded;
  return (
    <div className="portal-history">
      <button
        type="button"
        className="button button--secondary button--small"
        aria-expanded={open}
        aria-controls={listId}
        onClick={toggle}
      >
        {open ? 'Hide history' : 'Show history'}
        <span className="visually-hidden"> of {title}</span>
      </button>
      <div id={listId} hidden={!open}>
        {loaded && loaded.postings.length === 0 && <p className="muted">{M.noHistory}</p>}
        {loaded && loaded.postings.length > 0 && (
          <ol className="portal-history__list" aria-label={`History of ${title}, newest first`}>
            {loaded.postings.map((posting) => (
              <PostingRow key={posting.id} posting={posting} />
            ))}
          </ol>
        )}
        {state.status === 'loading' && <Spinner label="Loading the history" />}
        {state.status === 'failed' && <LoadFailure text={M.historyFailed} onRetry={() => load(wanted.page)} alert />}
        {state.status === 'ready' && loaded && loaded.postings.length < loaded.total && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => load(loaded.page + 1)}
          >
            Show older postings
          </button>
        )}
      </div>
    </div>
  );
}

function PostingRow({ posting }: { posting: PortalPosting }) {
  const moved = posting.sharesIn !== '0' ? `+${formatShares(posting.sharesIn)}` : '';
  const out = posting.sharesOut !== '0' ? `−${formatShares(posting.sharesOut)}` : '';
  return (
    <li className="portal-posting">
      <p className="portal-posting__what">
        <strong>{POSTING_TYPE_LABELS[posting.type]}</strong>
        {posting.requestReference && <span> ({posting.requestReference})</span>}
        {posting.certificates.length > 0 && (
          <span className="portal-posting__certificates">
            {' '}
            Certificate {posting.certificates.map((certificate) => certificate.number).join(', ')}
          </span>
        )}
      </p>
      <p className="portal-posting__date">
        <time dateTime={posting.effectiveDate}>{formatDate(`${posting.effectiveDate}T12:00:00`)}</time>
      </p>
      <p className="portal-posting__shares">
        {[moved, out].filter(Boolean).join(' ')}
        <span className="visually-hidden"> shares</span>
      </p>
      <p className="portal-posting__balance">Balance {formatShares(posting.balanceAfter)}</p>
    </li>
  );
}
