import { useEffect, useRef, useState } from 'react';
import { SESSION_MESSAGES, type AdminSession } from '@ledgerwell/shared/admin-sessions';
import { endSession, fetchSessions, signOutOtherSessions, type SessionOwner } from '../lib/admin-sessions-api';
import { LoadFailure } from './ui/load-failure';
import { Spinner } from './ui/spinner';
import './sessions-list.css';

const formatWhen = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

interface SessionsListProps {
  owner: SessionOwner;
  /** Whose sessions, for the empty state ('You have…' or 'alice has…'). */
  ownerLabel?: string;
}

/**
 * A user's live sessions (browser, address, signed in, last seen), 'Sign out' for each but the one
 * in use, and for one's own list 'Sign out everywhere else'. The Security screen shows one's own;
 * User Management shows another user's in a modal (SUPER_ADMIN).
 */
export function SessionsList({ owner, ownerLabel }: SessionsListProps) {
  const [sessions, setSessions] = useState<AdminSession[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loads, setLoads] = useState(0);
  const [status, setStatus] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const othersButton = useRef<HTMLButtonElement>(null);
  const userId = owner.kind === 'user' ? owner.userId : null;

  useEffect(() => {
    const controller = new AbortController();
    const whose: SessionOwner = userId === null ? { kind: 'me' } : { kind: 'user', userId };
    fetchSessions(whose, controller.signal).then(
      (next) => {
        setSessions(next);
        setLoadError(null);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadError(messageOf(error, SESSION_MESSAGES.loadFailed));
      },
    );
    return () => controller.abort();
  }, [loads, userId]);

  const reload = () => setLoads((count) => count + 1);

  async function act(action: () => Promise<string>) {
    setBusy(true);
    setActionError(null);
    setStatus('');
    try {
      setStatus(await action());
    } catch (error) {
      setActionError(messageOf(error, SESSION_MESSAGES.endFailed));
    } finally {
      setBusy(false);
      setConfirming(false);
      reload();
    }
  }

  if (loadError) return <LoadFailure text={loadError} onRetry={reload} alert />;
  if (!sessions) return <Spinner block />;

  const others = sessions.filter((session) => !session.current);
  return (
    <div className="sessions">
      <p className="sessions__status" role="status">
        {status}
      </p>
      {actionError && (
        <div className="notice notice--error" role="alert">
          {actionError}
        </div>
      )}
      {sessions.length === 0 ? (
        <p className="muted">{ownerLabel ? `${ownerLabel} has no active sessions.` : 'No active sessions.'}</p>
      ) : (
        <ul className="session-list">
          {sessions.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              busy={busy}
              onEnd={() => void act(() => endSession(owner, session.id))}
            />
          ))}
        </ul>
      )}
      {owner.kind === 'me' && others.length > 0 && (
        <div className="sessions__others">
          {confirming ? (
            <div className="sessions__confirm" role="group" aria-label="Confirm sign out everywhere else">
              <p>{SESSION_MESSAGES.confirmSignOutOthers}</p>
              <div className="form-actions">
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => {
                    setConfirming(false);
                    othersButton.current?.focus();
                  }}
                  disabled={busy}
                >
                  Cancel
                </button>
                <button
                  autoFocus
                  type="button"
                  className="button button--danger"
                  onClick={() => void act(signOutOtherSessions)}
                  disabled={busy}
                >
                  {busy ? 'Signing out...' : 'Yes, sign out the others'}
                </button>
              </div>
            </div>
          ) : (
            <button
              ref={othersButton}
              type="button"
              className="button button--danger-outline"
              onClick={() => setConfirming(true)}
              disabled={busy}
            >
              Sign out everywhere else
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function SessionItem({ session, busy, onEnd }: { session: AdminSession; busy: boolean; onEnd: () => void }) {
  const lastSeen = formatWhen(session.lastSeenAt);
  return (
    <li className="session-list__item">
      <div className="session-list__head">
        <strong>{session.browser}</strong>
        {session.current && <span className="status-badge status-badge--success">This device</span>}
      </div>
      <dl className="session-list__facts">
        <div>
          <dt>Address</dt>
          <dd>{session.ipAddress ?? 'Unknown'}</dd>
        </div>
        <div>
          <dt>Signed in</dt>
          <dd>{formatWhen(session.createdAt)}</dd>
        </div>
        <div>
          <dt>Last seen</dt>
          <dd>{lastSeen}</dd>
        </div>
      </dl>
      {!session.current && (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={onEnd}
          disabled={busy}
          aria-label={`Sign out ${session.browser}, last seen ${lastSeen}`}
        >
          Sign out
        </button>
      )}
    </li>
  );
}
