import { useEffect, useEffectEvent, useState } from 'react';
import { CONTACT_STATUSES, INQUIRY_TYPES, type ContactStatus, type InquiryType } from '@ledgerwell/shared/contact';
import {
  CONTACT_ADMIN_MESSAGES as M,
  CONTACT_NOTES_MAX,
  contactExportFileName,
  contactStatusLabel,
  RETRYABLE_FORWARD_STATUSES,
} from '@ledgerwell/shared/contact-admin';
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
  type ContactSubmission,
} from '../api/contact-submissions';
import { AdminNotesForm } from '../components/admin-notes-form';
import { Banner } from '../components/banner';
import { DetailListRow } from '../../../components/detail-list';
import { ListFilters, SelectFilter, type FilterOption } from '../../../components/filter-fields';
import { DetailModal } from '../components/detail-modal';
import { ListPageHeader } from '../components/page-header';
import { PagedResults } from '../../../components/paged-results';
import { TickCell, ViewCell } from '../components/row-cells';
import { ActionsHeader } from '../components/sortable-headers';
import { countCard, StatCards } from '../components/stat-cards';
import { useApiData } from '../../../hooks/use-api-data';
import type { BannerMessage } from '../hooks/use-banner';
import { useDetailAction } from '../hooks/use-detail-action';
import { useListScreen, type ListScreenProps } from '../hooks/use-list-screen';
import { actionErrorMessage } from '../../../lib/action-error';
import { formatWhen, orNotProvided, titleCase } from '../utils/contact-view';
import '../../../styles/contact-submissions.css';

const NO_FILTERS: ContactFilterValues = { search: '', status: '', inquiryType: '' };
const STATUS_OPTIONS: FilterOption<ContactStatus>[] = CONTACT_STATUSES.map((status) => ({
  value: status,
  label: contactStatusLabel(status),
}));
const STATUS_FILTERS: FilterOption<ContactStatus | ''>[] = [{ value: '', label: 'All statuses' }, ...STATUS_OPTIONS];
const TYPE_FILTERS: FilterOption<InquiryType | ''>[] = [
  { value: '', label: 'All types' },
  ...INQUIRY_TYPES.map((type) => ({ value: type, label: titleCase(type) })),
];

export function ContactSubmissionsPage({ role }: ListScreenProps) {
  useDocumentMeta('Contact Submissions');
  const {
    searchInput,
    filters,
    setPage,
    changeSearch,
    changeFilter,
    clear,
    filtered,
    list,
    stats,
    refresh,
    openId,
    setOpenId,
    banner,
    show,
    canChange,
    canExport,
  } = useListScreen(role, NO_FILTERS, fetchContactSubmissions, fetchContactStats, 'contact');

  return (
    <div className="admin-page contact-page">
      <ListPageHeader
        title="Contact Submissions"
        intro="Messages sent through the public contact form."
        exportCsv={
          canExport
            ? {
                download: () => exportContactSubmissions(filters),
                fileName: () => contactExportFileName(new Date()),
                onFailed: (error) => show({ kind: 'error', text: actionErrorMessage(error, M.exportFailed) }),
              }
            : null
        }
      />

      <Banner banner={banner} className="list-banner" onDismiss={() => show(null)} />

      <StatCards
        label="Contact submission statistics"
        cards={[
          countCard('Total Submissions', stats?.total),
          countCard('Last 7 Days', stats?.recentCount),
          countCard('Sent to the customer messaging service', stats?.intercomIntegrated),
          countCard('Unread', stats?.byStatus.UNREAD),
        ]}
      />

      <ListFilters
        label="Filter contact submissions"
        search={{
          id: 'contact-search',
          placeholder: 'Name, e-mail or company',
          value: searchInput,
          onChange: changeSearch,
        }}
        filtered={filtered}
        onClear={clear}
      >
        <SelectFilter
          id="contact-status"
          label="Status"
          value={filters.status}
          options={STATUS_FILTERS}
          onChange={(status) => changeFilter('status', status)}
        />
        <SelectFilter
          id="contact-type"
          label="Inquiry type"
          value={filters.inquiryType}
          options={TYPE_FILTERS}
          onChange={(inquiryType) => changeFilter('inquiryType', inquiryType)}
        />
      </ListFilters>

      <SubmissionTable result={list} onOpen={setOpenId} onPage={setPage} />

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

interface SubmissionTableProps {
  result: { data: ContactList | null; loading: boolean; error: unknown; reload: () => void };
  onOpen: (id: string) => void;
  onPage: (page: number) => void;
}

const TABLE_TEXTS = {
  failure: M.loadFailed,
  loading: 'Loading contact submissions',
  table: 'Contact submissions',
  empty: M.empty,
};

function SubmissionTable({ result, onOpen, onPage }: SubmissionTableProps) {
  return (
    <PagedResults result={result} rowCount={(page) => page.submissions.length} texts={TABLE_TEXTS} onPage={onPage}>
      {({ submissions }) => (
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
                <TickCell
                  on={submission.sentToIntercom}
                  label="Sent to the customer messaging service"
                  offLabel="Not sent"
                />
                <ViewCell what={`message from ${submission.name}`} onView={() => onOpen(submission.id)} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </PagedResults>
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
  return (
    <span className={`status-badge status-badge--${STATUS_TONE[status] ?? 'neutral'}`}>
      {contactStatusLabel(status)}
    </span>
  );
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
  const { busy, setBusy, act } = useDetailAction((updated: ContactSubmission) => {
    setSubmission(updated);
    onChanged();
  }, onBanner);
  const assignees = useApiData('contact-assignees', (signal) => fetchContactAssignees(signal));
  const opened = useEffectEvent(() => onChanged());

  useEffect(() => {
    const controller = new AbortController();
    openContactSubmission(id, controller.signal).then(
      (loaded) => {
        setSubmission(loaded);
        opened();
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setFailed(error);
      },
    );
    return () => controller.abort();
  }, [id]);

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
    <DetailModal
      title="Contact Submission"
      className="contact-detail"
      onClose={onClose}
      failure={failed === null ? null : actionErrorMessage(failed, M.loadFailed)}
      record={submission}
      loadingLabel="Loading the submission"
    >
      {(submission) => (
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
              onChange={(assignedTo) =>
                void act(() => assignContactSubmission(id, assignedTo), M.assigneeUpdated, M.assignFailed)
              }
            />
          </div>

          <section aria-labelledby="contact-detail-message">
            <h3 id="contact-detail-message" className="contact-detail__heading">
              Message
            </h3>
            <p className="contact-detail__message">{submission.message}</p>
          </section>

          <ForwardBox submission={submission} canRetry={canChange} busy={busy} onRetry={retry} />

          <AdminNotesForm
            id="contact-detail-notes"
            saved={submission.adminNotes}
            maxLength={CONTACT_NOTES_MAX}
            canEdit={canChange}
            busy={busy}
            onSave={(notes) => void act(() => updateContactNotes(id, notes), M.notesUpdated, M.notesFailed)}
          />
        </div>
      )}
    </DetailModal>
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

function ForwardBox({
  submission,
  canRetry,
  busy,
  onRetry,
}: {
  submission: ContactSubmission;
  canRetry: boolean;
  busy: boolean;
  onRetry: () => void;
}) {
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
