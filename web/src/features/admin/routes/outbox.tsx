import { useState } from 'react';
import {
  EMAIL_KINDS,
  EMAIL_STATUSES,
  OUTBOX_MESSAGES as M,
  outboxStatusLabel,
  type EmailKind,
  type EmailStatus,
  RETRYABLE_EMAIL_STATUSES,
} from '@ledgerwell/shared/email-outbox';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import {
  fetchOutbox,
  fetchOutboxText,
  retryOutboxEmail,
  type OutboxEmail,
  type OutboxFilterValues,
  type OutboxList,
} from '../api/outbox';
import { DetailListRow } from '../../../components/detail-list';
import { DetailModal } from '../components/detail-modal';
import { ListFilters, SelectFilter, type FilterOption } from '../../../components/filter-fields';
import { ListPageHeader } from '../components/page-header';
import { AccessDenied } from '../components/super-admin-only';
import { PagedResults } from '../../../components/paged-results';
import { ViewCell } from '../components/row-cells';
import { ActionsHeader } from '../components/sortable-headers';
import { ToastRegion } from '../components/toast-region';
import { useApiData } from '../../../hooks/use-api-data';
import { useListFilters } from '../hooks/use-list-filters';
import type { ListScreenProps } from '../hooks/use-list-screen';
import { useToasts } from '../hooks/use-toasts';
import { actionErrorMessage } from '../../../lib/action-error';
import { formatWhen, titleCase } from '../utils/contact-view';
import '../../../styles/outbox.css';

const NO_FILTERS: OutboxFilterValues = { search: '', status: '', kind: '' };
const STATUS_NAMES: Record<EmailStatus, string> = {
  PENDING: 'Queued',
  SENT: 'Sent',
  LOGGED: 'Sent to the log',
  FAILED: 'Failed',
  UNCONFIRMED: 'Unconfirmed',
};
const STATUS_FILTERS: FilterOption<EmailStatus | ''>[] = [
  { value: '', label: 'All statuses' },
  ...EMAIL_STATUSES.map((status) => ({ value: status, label: STATUS_NAMES[status] })),
];
const KIND_FILTERS: FilterOption<EmailKind | ''>[] = [
  { value: '', label: 'All kinds' },
  ...EMAIL_KINDS.map((kind) => ({ value: kind, label: titleCase(kind) })),
];
const STATUS_TONE: Record<EmailStatus, string> = {
  PENDING: 'pending',
  SENT: 'success',
  LOGGED: 'neutral',
  FAILED: 'danger',
  UNCONFIRMED: 'danger',
};

/**
 * The mail log (issue 18): every e-mail the product has queued. ADMIN sees recipients masked; a
 * SUPER_ADMIN sees them whole, reads the text of an e-mail kept as sent to the log (no SMTP_URL), and
 * retries a failed one.
 */
export function OutboxPage({ role }: ListScreenProps) {
  // The mail log is ADMIN and up (issue 18); the navigation does not offer it to the others (issue 29).
  if (role !== 'SUPER_ADMIN' && role !== 'ADMIN')
    return <AccessDenied message="Only Administrators and Super Administrators can read the mail log." />;
  return <OutboxScreen role={role} />;
}

function OutboxScreen({ role }: ListScreenProps) {
  useDocumentMeta('Mail Log');
  const { searchInput, filters, page, setPage, changeSearch, changeFilter, clear, filtered } =
    useListFilters(NO_FILTERS);
  const list = useApiData(JSON.stringify([filters, page]), (signal) => fetchOutbox(filters, page, signal));
  const [openId, setOpenId] = useState<string | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);
  const { toasts, push, dismiss } = useToasts();
  const superAdmin = role === 'SUPER_ADMIN';

  async function retry(email: OutboxEmail) {
    setRetrying(email.id);
    try {
      const { message } = await retryOutboxEmail(email.id);
      push('success', message);
      list.reload();
    } catch (error) {
      push('error', actionErrorMessage(error, M.retryFailed));
    } finally {
      setRetrying(null);
    }
  }

  return (
    <div className="admin-page outbox-page">
      <ListPageHeader
        title="Mail Log"
        intro="Every e-mail the product has queued, newest first. Without SMTP_URL, e-mails are kept as sent to the log."
        exportCsv={null}
      />

      {!superAdmin && (
        <p className="notice notice--info">
          Recipients are masked. A Super Administrator sees them in full and can read the e-mails kept in the log.
        </p>
      )}

      <ListFilters
        label="Filter the mail log"
        search={{
          id: 'outbox-search',
          placeholder: superAdmin ? 'Recipient or subject' : 'Subject',
          value: searchInput,
          onChange: changeSearch,
        }}
        filtered={filtered}
        onClear={clear}
      >
        <SelectFilter
          id="outbox-status"
          label="Status"
          value={filters.status}
          options={STATUS_FILTERS}
          onChange={(status) => changeFilter('status', status)}
        />
        <SelectFilter
          id="outbox-kind"
          label="Kind"
          value={filters.kind}
          options={KIND_FILTERS}
          onChange={(kind) => changeFilter('kind', kind)}
        />
      </ListFilters>

      <OutboxTable
        result={list}
        canRetry={superAdmin}
        retrying={retrying}
        onView={setOpenId}
        onRetry={retry}
        onPage={setPage}
      />

      {openId && <OutboxText id={openId} onClose={() => setOpenId(null)} />}
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </div>
  );
}

interface OutboxTableProps {
  result: { data: OutboxList | null; loading: boolean; error: unknown; reload: () => void };
  canRetry: boolean;
  retrying: string | null;
  onView: (id: string) => void;
  onRetry: (email: OutboxEmail) => void;
  onPage: (page: number) => void;
}

const TABLE_TEXTS = { failure: M.loadFailed, loading: 'Loading the mail log', table: 'E-mails', empty: M.empty };

function OutboxTable({ result, canRetry, retrying, onView, onRetry, onPage }: OutboxTableProps) {
  return (
    <PagedResults result={result} rowCount={(page) => page.emails.length} texts={TABLE_TEXTS} onPage={onPage}>
      {({ emails }) => (
        <table className="data-table outbox-table">
          <thead>
            <tr>
              <th scope="col">Queued</th>
              <th scope="col">Recipient</th>
              <th scope="col">Subject</th>
              <th scope="col">Kind</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last error</th>
              <th scope="col">Sent</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {emails.map((email) => (
              <tr key={email.id}>
                <td>{formatWhen(email.createdAt)}</td>
                <td className="data-table__email">{email.recipient}</td>
                <td>{email.subject}</td>
                <td>{titleCase(email.kind)}</td>
                <td>
                  <OutboxStatusBadge email={email} />
                </td>
                <td>{email.attempts}</td>
                <td className="outbox-table__error">{email.lastError ?? <span className="muted">—</span>}</td>
                <td>{email.sentAt ? formatWhen(email.sentAt) : <span className="muted">—</span>}</td>
                <OutboxActions
                  email={email}
                  canRetry={canRetry}
                  busy={retrying === email.id}
                  onView={onView}
                  onRetry={onRetry}
                />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </PagedResults>
  );
}

function OutboxStatusBadge({ email }: { email: OutboxEmail }) {
  return (
    <span className={`status-badge status-badge--${STATUS_TONE[email.status]}`}>
      {outboxStatusLabel(email.status, email.attempts)}
    </span>
  );
}

interface OutboxActionsProps {
  email: OutboxEmail;
  canRetry: boolean;
  busy: boolean;
  onView: (id: string) => void;
  onRetry: (email: OutboxEmail) => void;
}

function OutboxActions({ email, canRetry, busy, onView, onRetry }: OutboxActionsProps) {
  const what = `e-mail “${email.subject}”`;
  if (email.textAvailable) return <ViewCell what={what} onView={() => onView(email.id)} />;
  if (canRetry && RETRYABLE_EMAIL_STATUSES.includes(email.status)) {
    return (
      <td>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => onRetry(email)}
          disabled={busy}
        >
          Retry<span className="visually-hidden"> {what}</span>
        </button>
      </td>
    );
  }
  return <td />;
}

/** The full text of an e-mail kept in the log; each opening is recorded on the server. */
function OutboxText({ id, onClose }: { id: string; onClose: () => void }) {
  const { data: email, error } = useApiData(`outbox-text ${id}`, (signal) => fetchOutboxText(id, signal));

  return (
    <DetailModal
      title="E-mail kept in the log"
      className="outbox-detail"
      onClose={onClose}
      failure={error ? actionErrorMessage(error, M.textFailed) : null}
      record={email}
      loadingLabel="Loading the e-mail"
    >
      {(email) => (
        <div className="outbox-detail__body">
          <dl className="detail-list">
            <DetailListRow label="To">{email.recipient}</DetailListRow>
            <DetailListRow label="Subject">{email.subject}</DetailListRow>
            <DetailListRow label="Kind">{titleCase(email.kind)}</DetailListRow>
            <DetailListRow label="Queued">{formatWhen(email.createdAt)}</DetailListRow>
            <DetailListRow label="Sent to the log">{formatWhen(email.sentAt)}</DetailListRow>
          </dl>
          <pre className="outbox-detail__text" role="region" aria-label="E-mail text" tabIndex={0}>
            {email.text}
          </pre>
        </div>
      )}
    </DetailModal>
  );
}
