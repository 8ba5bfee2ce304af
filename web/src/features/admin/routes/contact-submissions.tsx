import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
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
import { Banner } from '../components/banner';
import { DetailListRow } from '../components/detail-list';
import { SearchFilter, SelectFilter, type FilterOption } from '../components/filter-fields';
import { Modal } from '../components/modal';
import { LogoutButton, PageHeader } from '../components/page-header';
import { ActionsHeader } from '../components/sortable-headers';
import { useApiData } from '../hooks/use-api-data';
import { useBanner, type BannerMessage } from '../hooks/use-banner';
import { actionErrorMessage } from '../utils/action-error';
import { formatCount } from '../utils/format';
import { formatWhen, orNotProvided, pageSummary, saveBlob, titleCase } from '../utils/contact-view';
import '../../../styles/contact-submissions.css';

const SEARCH_DELAY_MS = 300;
const NO_FILTERS: ContactFilterValues = { search: '', status: '', inquiryType: '' };
const STATUS_OPTIONS: FilterOption<ContactStatus>[] = CONTACT_STATUSES.map((status) => ({ value: status, label: contactStatusLabel(status) }));
const STATUS_FILTERS: FilterOption<ContactStatus | ''>[] = [{ value: '', label: 'All statuses' }, ...STATUS_OPTIONS];
const TYPE_FILTERS: FilterOption<InquiryType | ''>[] = [{ value: '', label: 'All types' }, ...INQUIRY_TYPES.map((type) => ({ value: type, label: titleCase(type) }))];

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

  const filtered = filters.search !== '' || filters.status !== '' || filters.inquiryType !== '' || searchInput !== '';
  return (
    <div className="admin-page contact-page">
      <PageHeader title="Contact Submissions" intro="Messages sent through the public contact form.">
        <div className="header-actions">
          {canExport && (
            <button type="button" className="button" onClick={exportCsv} disabled={exporting} aria-busy={exporting || undefined}>
              {exporting ? 'Exporting…' : 'Export CSV'}
            </button>
          )}
          <Link className="button button--secondary" to={paths.admin.dashboard}>
            Back to Dashboard
          </Link>
          <LogoutButton onLogout={onLogout} />
        </div>
      </PageHeader>

      <Banner banner={banner} className="contact-banner" onDismiss={() => show(null)} />

      <StatCards stats={stats.data} />

      <form className="filter-row contact-filters" role="search" aria-label="Filter contact submissions" onSubmit={(event) => event.preventDefault()}>
        <SearchFilter
          id="contact-search"
          label="Search"
          className="contact-filters__search"
          placeholder="Name, e-mail or company"
          value={searchInput}
          onChange={changeSearch}
        />
        <SelectFilter
          id="contact-status"
          label="Status"
          value={filters.status}
          options={STATUS_FILTERS}
          onChange={(status) => applyFilters({ ...filters, search: searchInput.trim(), status })}
        />
        <SelectFilter
          id="contact-type"
          label="Inquiry type"
          value={filters.inquiryType}
          options={TYPE_FILTERS}
          onChange={(inquiryType) => applyFilters({ ...filters, search: searchInput.trim(), inquiryType })}
        />
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
                <ActionsHeader />
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
  onBanner: (banner: BannerMessage) => void;
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
            <DetailListRow label="Name">{submission.name}</DetailListRow>
            <DetailListRow label="Email">
              <a href={`mailto:${submission.email}`}>{submission.email}</a>
            </DetailListRow>
            <DetailListRow label="Company">{orNotProvided(submission.company)}</DetailListRow>
            <DetailListRow label="Phone">{orNotProvided(submission.phone)}</DetailListRow>
            <DetailListRow label="Type">{titleCase(submission.inquiryType)}</DetailListRow>
            <DetailListRow label="Submitted">{formatWhen(submission.createdAt)}</DetailListRow>
            <DetailListRow label="Responded">{formatWhen(submission.respondedAt)}</DetailListRow>
          </dl>

          <div className="contact-detail__controls">
            <SelectFilter
              id="contact-detail-status"
              label="Status"
              value={submission.status}
              options={STATUS_OPTIONS}
              disabled={!canChange || busy}
              onChange={(status) => void act(() => updateContactStatus(id, status), M.statusUpdated, M.statusFailed)}
            />
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
  const choices = [
    { value: '', label: 'Unassigned' },
    ...(missing ? [{ value, label: currentName ?? 'Unknown admin' }] : []),
    ...options.map((admin) => ({ value: admin.id, label: admin.name })),
  ];
  return (
    <SelectFilter
      id="contact-detail-assignee"
      label="Assigned to"
      value={value ?? ''}
      options={choices}
      disabled={disabled || assignees === null}
      onChange={(assignedTo) => onChange(assignedTo || null)}
    />
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
