import { useState } from 'react';
import { ISSUER_APPLICATION_MESSAGES as M, type IssuerApplication } from '@ledgerwell/shared/issuer-applications';
import { fetchIssuerApplication } from '../../api/issuer-applications';
import { useApiData } from '../../../../hooks/use-api-data';
import { actionErrorMessage } from '../../../../lib/action-error';
import { confirmationId } from '../../utils/issuer-application-view';
import { DetailModal } from '../detail-modal';
import { AdministrationSection } from './administration-section';
import { ApplicationSections, MetadataSection, TimestampsSection } from './application-sections';
import { ReviewHistory } from './review-history';
import { IssuerStatusBadge } from './status-badge';

interface ApplicationDetailProps {
  id: string;
  canChange: boolean;
  onClose: () => void;
  /** A change was saved: the list and the cards are out of date. */
  onChanged: () => void;
}

/** The large detail dialog (spec 2.5). A change updates it in place (review history included) without closing it. */
export function ApplicationDetail({ id, canChange, onClose, onChanged }: ApplicationDetailProps) {
  const loaded = useApiData(`issuer-application-${id}`, (signal) => fetchIssuerApplication(id, signal));
  const [updated, setUpdated] = useState<IssuerApplication | null>(null);
  const application = updated ?? loaded.data;

  function applyUpdate(next: IssuerApplication) {
    setUpdated(next);
    onChanged();
  }

  return (
    <DetailModal
      title="Issuer Application"
      className="issuer-detail"
      onClose={onClose}
      failure={application === null && loaded.error !== null ? actionErrorMessage(loaded.error, M.loadFailed) : null}
      record={application}
      loadingLabel="Loading the application"
    >
      {(app) => (
        <div className="issuer-detail__body">
          <div className="issuer-detail__summary">
            <p className="issuer-detail__company">{app.company_name}</p>
            <IssuerStatusBadge status={app.status} />
            <p className="muted issuer-detail__id">
              Confirmation ID <code>{confirmationId(app.application_data)}</code>
            </p>
          </div>
          <ApplicationSections application={app} />
          <AdministrationSection application={app} canChange={canChange} onUpdated={applyUpdate} />
          <TimestampsSection application={app} />
          <MetadataSection application={app} />
          <ReviewHistory entries={app.reviewHistory} />
        </div>
      )}
    </DetailModal>
  );
}
