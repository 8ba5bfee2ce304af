import { useCallback, useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ADMIN_ROLE_RANK, type AdminRole } from '@ledgerwell/shared/admin-auth';
import { CONTACT_STATUSES, INQUIRY_TYPES, type ContactStatus, type InquiryType } from '@ledgerwell/shared/contact';
import { CONTACT_ADMIN_MESSAGES as M, contactExportFileName, contactStatusLabel, RETRYABLE_FORWARD_STATUSES } from '@ledgerwell/shared/contact-admin';
import { paths } from '../../../config/paths';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import {
  assignContactSubmission,
  exportContactSubmissions,
  fetchContactAssignees,
  fetchContactStats,
  fetchContactSubmissions,
  openContactSubmission,
  retryContactForward,
  updateContactNotes,
  updateContactStatus,
  type ContactAssignee,
  type ContactFilterValues,
  type ContactList,
  type ContactStats,
  type ContactSubmission,
} from '../api/contact-submissions';
import { Modal } from '../components/modal';
import { useApiData } from '../hooks/use-api-data';
import { actionErrorMessage } from '../utils/action-error';
import { formatCount } from '../utils/format';
import { formatWhen, orNotProvided, pageSummary, saveBlob, titleCase } from '../utils/contact-view';
import '../../../styles/contact-submissions.css';

const SUCCESS_MS = 5000;
const SEARCH_DELAY_MS = 300;
const NO_FILTERS: ContactFilterValues = { search: '', status: '', inquiryType: '' };

type Banner = { kind: 'success' | 'error'; text: string };

/** Spec 8: a green banner hides itself after 5 seconds; a red one stays until dismissed or replaced. */
function useBanner() {
  const [banner, setBanner] = useState<Banner | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const show = useCallback((next: Banner | null) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setBanner(next);
    if (next?.kind === 'success') timer.current = setTimeout(() => setBanner(null), SUCCESS_MS);
  }, []);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return { banner, show };
}

interface ContactSubmissionsPageProps {
  role: AdminRole;
  onLogout: () => Promise<void>;
}

export function ContactSubmissionsPage({ role, onLogout }: ContactSubmissionsPageProps) {
  useDocumentMeta('Contact Submissions');
  const canChange = ADMIN_ROLE_RANK[role] >= ADMIN_ROLE_RANK.REVIEWER;
  const canExport = ADMIN_ROLE_RANK[role] >= ADMIN_ROLE_RANK.ADMIN;

  const [searchInput, setSearchInput] = useState('');
  const [filters, setFilters] = useState<ContactFilterValues>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { banner, show } = useBanner();

  const listKey = JSON.stringify([filters, page]);
  const list = useApiData(listKey, (signal) => fetchContactSubmissions(filters, page, signal));
  const stats = useApiData('contact-stats', (signal) =>
    fetchContactStats(signal).catch((error: unknown) => {
      // Spec 8: a stats failure is only logged.
      console.error('Failed to load contact statistics', error);
      return null;
    }),
  );
  const reloadList = list.reload;
  const reloadStats = stats.reload;
  const refresh = useCallback(() => {
    reloadList();
    reloadStats();
  }, [reloadList, reloadStats]);

  useEffect(
    () => () => {
      if (searchTimer.current) clearTimeout(searchTimer.current);
    },
    [],
  );

  /** Spec 4: the page goes back to 1 whenever a filter changes. */
  function applyFilters(next: ContactFilterValues) {
    setFilters(next);
    setPage(1);
  }

  function changeSearch(value: string) {
    setSearchInput(value);
    if (searchTimer.current) clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => applyFilters({ ...filters, search: value.trim() }), SEARCH_DELAY_MS);
  }

  function clearFilters() {
    if (searchTimer.current) clearTimeout(searchTimer.current);
    setSearchInput('');
    applyFilters(NO_FILTERS);
  }

  async function exportCsv() {
    setExporting(true);
    try {
      const blob = await exportContactSubmissions(filters);
      saveBlob(blob, contactExportFileName(new Date()));
    } catch (error) {
      show({ kind: 'error', text: actionErrorMessage(error, M.exportFailed) });
    } finally {
      setExporting(false);
    }
  }

  async function logout() {
    setLeaving(true);
    await onLogout();
  }

  const filtered = filters.search !== '' || filters.status !== '' || filters.inquiryType !== '' || searchInput !== '';
  return (
    <div className="admin-page contact-page">
      <header className="admin-page__header admin-page__header--split">
        <div>
          <h1>Contact Submissions</h1>
          <p className="muted">Messages sent through the public contact form.</p>
        </div>
        <div className="header-actions">
          {canExport && (
            <button type="button" className="button" onClick={exportCsv} disabled={exporting} aria-busy={exporting || undefined}>
              {exporting ? 'Exporting…' : 'Export CSV'}
            </button>
          )}
          <Link className="button button--secondary" to={paths.admin.dashboard}>
            Back to Dashboard
          </Link>
          <button type="button" className="button button--ghost" onClick={logout} disabled={leaving}>
            Logout
          </button>
        </div>
      </header>

      <div role="status" aria-live="polite">
        {banner?.kind === 'success' && (
          <div className="notice notice--success contact-banner">
            <p>{banner.text}</p>
          </div>
        )}
      </div>
      <div role="alert">
        {banner?.kind === 'error' && (
          <div className="notice notice--error contact-banner">
            <p>{banner.text}</p>
            <button type="button" className="toast__close" aria-label="Dismiss message" onClick={() => show(null)}>
              ×
            </button>
          </div>
        )}
      </div>

      <StatCards stats={stats.data} />

      <form className="filter-row contact-filters" role="search" aria-label="Filter contact submissions" onSubmit={(event) => event.preventDefault()}>
        <div className="field contact-filters__search">
          <label htmlFor="contact-search" className="field__label">
            Search
          </label>
          <input
            id="contact-search"
            type="search"
            className="field__input"
            placeholder="Name, e-mail or company"
            maxLength={100}
            value={searchInput}
            onChange={(event) => changeSearch(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="contact-status" className="field__label">
            Status
          </label>
          <select
            id="contact-status"
            className="field__input"
            value={filters.status}
            onChange={(event) => applyFilters({ ...filters, search: searchInput.trim(), status: event.target.value as ContactStatus | '' })}
          >
            <option value="">All statuses</option>
            {CONTACT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {contactStatusLabel(status)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="contact-type" className="field__label">
            Inquiry type
          </label>
          <select
            id="contact-type"
            className="field__input"
            value={filters.inquiryType}
            onChange={(event) => applyFilters({ ...filters, search: searchInput.trim(), inquiryType: event.target.value as InquiryType | '' })}
          >
            <option value="">All types</option>
            {INQUIRY_TYPES.map((type) => (
              <option key={type} value={type}>
                {titleCase(type)}
              </option>
            ))}
          </select>
        </div>
        <div className="contact-filters__clear">
          <button type="button" className="button button--secondary" onClick={clearFilters} disabled={!filtered}>
            Clear Filters
          </button>
        </div>
      </form>

      <SubmissionTable list={list.data} loading={list.loading} error={list.data === null ? list.error : null} onRetry={list.reload} onOpen={setOpenId} onPage={setPage} />

      {openId && (
        <SubmissionDetail
          id={openId}
          canChange={canChange}
          onClose={() => setOpenId(null)}
          onChanged={refresh}
          onBanner={show}
        />
      )}
    </div>
  );
}

function StatCards({ stats }: { stats: ContactStats | null }) {
  const cards: [string, number | undefined][] = [
    ['Total Submissions', stats?.total],
    ['Last 7 Days', stats?.recentCount],
    ['Sent to the customer messaging service', stats?.intercomIntegrated],
    ['Unread', stats?.byStatus.UNREAD],
  ];
  return (
    <ul className="metric-grid contact-stats" aria-label="Contact submission statistics">
      {cards.map(([title, value]) => (
        <li key={title} className="metric-card">
          <h2 className="metric-card__title">{title}</h2>
          <p className="metric-card__value">{value === undefined ? '—' : formatCount(value)}</p>
        </li>
      ))}
    </ul>
  );
}

interface SubmissionTableProps {
  list: ContactList | null;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onOpen: (id: string) => void;
  onPage: (page: number) => void;
}

function SubmissionTable({ list, loading, error, onRetry, onOpen, onPage }: SubmissionTableProps) {
  if (error) {
    return (
      <div className="notice notice--error" role="alert">
        <p>{actionErrorMessage(error, M.loadFailed)}</p>
        <button type="button" className="button button--secondary button--small" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (!list) return <Spinner label="Loading contact submissions" block />;
  const { submissions, pagination } = list;
  return (
    <div aria-busy={loading || undefined} className={loading ? 'results results--loading' : 'results'}>
      {submissions.length === 0 ? (
        <p className="empty-state">{M.empty}</p>
      ) : (
        <div className="table-scroll" role="region" aria-label="Contact submissions" tabIndex={0}>
          <table className="data-table contact-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Company</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <abbr title="Sent to the customer messaging service">Sent</abbr>
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {submissions.map((submission) => (
                <tr key={submission.id} className={submission.status === 'UNREAD' ? 'contact-table__unread' : undefined}>
                  <td>{formatWhen(submission.createdAt)}</td>
                  <td>{submission.name}</td>
                  <td className="data-table__email">{submission.email}</td>
                  <td>{submission.company ?? <span className="muted">—</span>}</td>
                  <td>{titleCase(submission.inquiryType)}</td>
                  <td>
                    <ContactStatusBadge status={submission.status} />
                  </td>
                  <td>
                    {submission.sentToIntercom ? (
                      <span className="contact-sent" role="img" aria-label="Sent to the customer messaging service">
                        ✓
                      </span>
                    ) : (
                      <span className="visually-hidden">Not sent</span>
                    )}
                  </td>
                  <td>
                    <button type="button" className="button button--secondary button--small" onClick={() => onOpen(submission.id)}>
                      View<span className="visually-hidden"> message from {submission.name}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="contact-paging">
        <p className="pagination__summary">{pageSummary(pagination.page, pagination.totalPages, pagination.totalCount)}</p>
        {pagination.totalPages > 1 && (
          <nav className="pagination__controls" aria-label="Pagination">
            <button type="button" className="button button--secondary button--small" disabled={loading || pagination.page <= 1} onClick={() => onPage(pagination.page - 1)}>
              Previous
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={loading || pagination.page >= pagination.totalPages}
              onClick={() => onPage(pagination.page + 1)}
            >
              Next
            </button>
          </nav>
        )}
      </div>
    </div>
  );
}

const STATUS_TONE: Record<string, string> = {
  UNREAD: 'pending',
  READ: 'neutral',
  IN_PROGRESS: 'progress',
  RESPONDED: 'success',
  ARCHIVED: 'neutral',
  SPAM: 'danger',
};

function ContactStatusBadge({ status }: { status: string }) {
  return <span className={`status-badge status-badge--${STATUS_TONE[status] ?? 'neutral'}`}>{contactStatusLabel(status)}</span>;
}

interface SubmissionDetailProps {
  id: string;
  canChange: boolean;
  onClose: () => void;
  onChanged: () => void;
  onBanner: (banner: Banner) => void;
}

/** Opening loads the submission (which marks an UNREAD one READ), so the list and cards are refreshed. */
function SubmissionDetail({ id, canChange, onClose, onChanged, onBanner }: SubmissionDetailProps) {
  const [submission, setSubmission] = useState<ContactSubmission | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const assignees = useApiData('contact-assignees', (signal) => fetchContactAssignees(signal));
  const opened = useEffectEvent(() => onChanged());

  useEffect(() => {
    const controller = new AbortController();
    openContactSubmission(id, controller.signal).then(
      (loaded) => {
        setSubmission(loaded);
        setNotes(loaded.adminNotes ?? '');
        opened();
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setFailed(error);
      },
    );
    return () => controller.abort();
  }, [id]);

  async function act(send: () => Promise<ContactSubmission>, success: string, failure: string) {
    setBusy(true);
    try {
      const updated = await send();
      setSubmission(updated);
      onBanner({ kind: 'success', text: success });
      onChanged();
    } catch (error) {
      onBanner({ kind: 'error', text: actionErrorMessage(error, failure) });
    } finally {
      setBusy(false);
    }
  }

  async function retry() {
    setBusy(true);
    try {
      const { message, submission: updated } = await retryContactForward(id);
      setSubmission(updated);
      onBanner({ kind: updated.sentToIntercom ? 'success' : 'error', text: message });
      onChanged();
    } catch (error) {
      onBanner({ kind: 'error', text: actionErrorMessage(error, M.retryFailed) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title="Contact Submission" onClose={onClose} className="contact-detail">
      {failed !== null ? (
        <p className="notice notice--error" role="alert">
          {actionErrorMessage(failed, M.loadFailed)}
        </p>
      ) : !submission ? (
        <Spinner label="Loading the submission" />
      ) : (
        <div className="contact-detail__body">
          <dl className="detail-list">
            <DetailRow label="Name">{submission.name}</DetailRow>
            <DetailRow label="Email">
              <a href={`mailto:${submission.email}`}>{submission.email}</a>
            </DetailRow>
            <DetailRow label="Company">{orNotProvided(submission.company)}</DetailRow>
            <DetailRow label="Phone">{orNotProvided(submission.phone)}</DetailRow>
            <DetailRow label="Type">{titleCase(submission.inquiryType)}</DetailRow>
            <DetailRow label="Submitted">{formatWhen(submission.createdAt)}</DetailRow>
            <DetailRow label="Responded">{formatWhen(submission.respondedAt)}</DetailRow>
          </dl>

          <div className="contact-detail__controls">
            <div className="field">
              <label htmlFor="contact-detail-status" className="field__label">
                Status
              </label>
              <select
                id="contact-detail-status"
                className="field__input"
                value={submission.status}
                disabled={!canChange || busy}
                onChange={(event) => {
                  const status = event.target.value as ContactStatus;
                  void act(() => updateContactStatus(id, status), M.statusUpdated, M.statusFailed);
                }}
              >
                {CONTACT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {contactStatusLabel(status)}
                  </option>
                ))}
              </select>
            </div>
            <AssigneeSelect
              assignees={assignees.data}
              value={submission.assignedTo}
              currentName={submission.assignedToName}
              disabled={!canChange || busy}
              onChange={(assignedTo) => void act(() => assignContactSubmission(id, assignedTo), M.assigneeUpdated, M.assignFailed)}
            />
          </div>

          <section aria-labelledby="contact-detail-message">
            <h3 id="contact-detail-message" className="contact-detail__heading">
              Message
            </h3>
            <p className="contact-detail__message">{submission.message}</p>
          </section>

          <ForwardBox submission={submission} canRetry={canChange} busy={busy} onRetry={retry} />

          <form
            className="contact-detail__notes"
            onSubmit={(event) => {
              event.preventDefault();
              void act(() => updateContactNotes(id, notes), M.notesUpdated, M.notesFailed);
            }}
          >
            <label htmlFor="contact-detail-notes" className="field__label">
              Admin Notes
            </label>
            <textarea
              id="contact-detail-notes"
              className="field__input"
              rows={4}
              maxLength={5000}
              value={notes}
              readOnly={!canChange}
              onChange={(event) => setNotes(event.target.value)}
            />
            {canChange && (
              <button type="submit" className="button button--small" disabled={busy || notes === (submission.adminNotes ?? '')}>
                Save Notes
              </button>
            )}
          </form>
        </div>
      )}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="detail-list__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

interface AssigneeSelectProps {
  assignees: ContactAssignee[] | null;
  value: string | null;
  currentName: string | null;
  disabled: boolean;
  onChange: (assignedTo: string | null) => void;
}

function AssigneeSelect({ assignees, value, currentName, disabled, onChange }: AssigneeSelectProps) {
  const options = assignees ?? [];
  // Someone assigned before being deactivated is still shown, though no longer offered.
  const missing = value !== null && !options.some((admin) => admin.id === value);
  return (
    <div className="field">
      <label htmlFor="contact-detail-assignee" className="field__label">
        Assigned to
      </label>
      <select
        id="contact-detail-assignee"
        className="field__input"
        value={value ?? ''}
        disabled={disabled || assignees === null}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">Unassigned</option>
        {missing && <option value={value}>{currentName ?? 'Unknown admin'}</option>}
        {options.map((admin) => (
          <option key={admin.id} value={admin.id}>
            {admin.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function ForwardBox({ submission, canRetry, busy, onRetry }: { submission: ContactSubmission; canRetry: boolean; busy: boolean; onRetry: () => void }) {
  if (submission.sentToIntercom) {
    return (
      <div className="notice notice--success contact-detail__forward">
        <p>
          <strong>Successfully sent</strong> to the customer messaging service.
        </p>
        <p>
          External ID: <code>{submission.intercomId ?? 'Not provided'}</code>
        </p>
      </div>
    );
  }
  if (!RETRYABLE_FORWARD_STATUSES.includes(submission.forwardStatus)) return null;
  return (
    <div className="notice notice--warning contact-detail__forward">
      <p>
        {submission.forwardStatus === 'FAILED'
          ? 'Forwarding to the customer messaging service failed, and automatic retries have stopped.'
          : 'Not sent to the customer messaging service yet; it is retried automatically.'}
      </p>
      {canRetry && (
        <button type="button" className="button button--secondary button--small" onClick={onRetry} disabled={busy}>
          Retry forwarding
        </button>
      )}
    </div>
  );
}
