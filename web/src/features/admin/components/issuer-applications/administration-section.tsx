import { useId, useState } from 'react';
import {
  ISSUER_ADMIN_NOTES_MAX,
  ISSUER_APPLICATION_MESSAGES as M,
  ISSUER_APPLICATION_STATUSES,
  ISSUER_REVIEW_NOTES_MAX,
  issuerApplicationStatusLabel,
  type IssuerApplication,
  type IssuerApplicationStatus,
} from '@ledgerwell/shared/issuer-applications';
import { updateIssuerNotes, updateIssuerStatus } from '../../api/issuer-applications';
import { useBanner } from '../../hooks/use-banner';
import { useDetailAction } from '../../hooks/use-detail-action';
import { latestSignature, showLongDateTime } from '../../utils/issuer-application-view';
import { AdminNotesForm } from '../admin-notes-form';
import { Banner } from '../banner';
import { DetailList } from '../../../../components/detail-list';
import { SelectFilter, type FilterOption } from '../../../../components/filter-fields';
import { DetailSection } from './detail-section';
import { IssuerStatusBadge } from './status-badge';

const STATUS_OPTIONS: FilterOption<IssuerApplicationStatus>[] = ISSUER_APPLICATION_STATUSES.map((status) => ({
  value: status,
  label: issuerApplicationStatusLabel(status),
}));

interface AdministrationSectionProps {
  application: IssuerApplication;
  /** REVIEWER and up change the status and the notes; READ_ONLY reads them. */
  canChange: boolean;
  onUpdated: (application: IssuerApplication) => void;
}

/**
 * Spec 2.5's Administration: the status (with a note for the review history), the signature and
 * Admin Notes. Its messages show here, inside the dialog, where the admin is looking (the page
 * behind a modal dialog is inert).
 */
export function AdministrationSection({ application, canChange, onUpdated }: AdministrationSectionProps) {
  const { banner, show } = useBanner();
  const { busy, act } = useDetailAction(onUpdated, show);
  return (
    <DetailSection title="Administration" className="issuer-admin">
      <Banner banner={banner} className="list-banner" onDismiss={() => show(null)} />
      {canChange ? (
        <StatusForm
          current={application.status}
          busy={busy}
          onSubmit={(status, notes) =>
            act(() => updateIssuerStatus(application.id, status, notes), M.statusUpdated, M.statusFailed)
          }
        />
      ) : (
        <DetailList rows={[['Status', <IssuerStatusBadge key="status" status={application.status} />]]} />
      )}
      <SignatureBox application={application} />
      <AdminNotesForm
        id="issuer-detail-notes"
        saved={application.admin_notes}
        maxLength={ISSUER_ADMIN_NOTES_MAX}
        canEdit={canChange}
        busy={busy}
        onSave={(notes) => void act(() => updateIssuerNotes(application.id, notes), M.notesUpdated, M.notesFailed)}
      />
    </DetailSection>
  );
}

interface StatusFormProps {
  current: IssuerApplicationStatus;
  busy: boolean;
  /** Resolves true once the change is saved. */
  onSubmit: (status: IssuerApplicationStatus, notes: string) => Promise<boolean>;
}

/** Any status may be chosen (spec 4); the same one again with a note adds the note to the history. */
function StatusForm({ current, busy, onSubmit }: StatusFormProps) {
  const [status, setStatus] = useState(current);
  const [notes, setNotes] = useState('');
  const notesId = useId();
  const unchanged = status === current && notes.trim() === '';
  return (
    <form
      className="issuer-status"
      onSubmit={async (event) => {
        event.preventDefault();
        if (await onSubmit(status, notes)) setNotes('');
      }}
    >
      <SelectFilter
        id="issuer-detail-status"
        label="Status"
        value={status}
        options={STATUS_OPTIONS}
        disabled={busy}
        onChange={setStatus}
      />
      <div className="field issuer-status__notes">
        <label htmlFor={notesId} className="field__label">
          Note for the review history (optional)
        </label>
        <textarea
          id={notesId}
          className="field__input"
          rows={2}
          maxLength={ISSUER_REVIEW_NOTES_MAX}
          value={notes}
          disabled={busy}
          onChange={(event) => setNotes(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--small" disabled={busy || unchanged}>
        {busy ? 'Updating…' : 'Update Status'}
      </button>
    </form>
  );
}

/** Signed or not, when, by whom (name and title), and the drawn signature itself. */
function SignatureBox({ application }: { application: IssuerApplication }) {
  const signature = latestSignature(application.signatures);
  return (
    <div className="issuer-signature">
      <h4 className="issuer-signature__title">Signature</h4>
      <DetailList
        rows={[
          ['Signature Status', signature ? `Signed ${showLongDateTime(signature.created_at)}` : 'Not signed'],
          ['Signer Name', signature?.signature_name ?? 'Not provided'],
          ['Signer Title', signature?.signature_title ?? 'Not provided'],
        ]}
      />
      {application.signature_data && (
        <img
          className="issuer-signature__image"
          src={application.signature_data}
          alt={`Signature of ${signature?.signature_name ?? application.contact_name}`}
          width={400}
          height={150}
        />
      )}
    </div>
  );
}
