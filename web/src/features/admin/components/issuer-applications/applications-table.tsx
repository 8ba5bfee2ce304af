import { ISSUER_APPLICATION_MESSAGES as M, type IssuerApplicationList } from '@ledgerwell/shared/issuer-applications';
import { PagedResults } from '../../../../components/paged-results';
import { TickCell, ViewCell } from '../row-cells';
import { ActionsHeader } from '../sortable-headers';
import { formatWhen } from '../../utils/contact-view';
import { isSigned } from '../../utils/issuer-application-view';
import { IssuerStatusBadge } from './status-badge';

interface ApplicationsTableProps {
  result: { data: IssuerApplicationList | null; loading: boolean; error: unknown; reload: () => void };
  onOpen: (id: string) => void;
  onPage: (page: number) => void;
}

const TEXTS = {
  failure: M.loadFailed,
  loading: 'Loading issuer applications',
  table: 'Issuer applications',
  empty: M.empty,
};

/**
 * Spec 2.5: Date, Company, Contact, Email, Status, the Signed tick and View; 20 a page. The spec's Revenue column is
 * gone (issue 29): the wizard never asks it, so every row said 'Not provided'.
 */
export function ApplicationsTable({ result, onOpen, onPage }: ApplicationsTableProps) {
  return (
    <PagedResults result={result} rowCount={(page) => page.applications.length} texts={TEXTS} onPage={onPage}>
      {({ applications }) => (
        <table className="data-table issuer-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Company</th>
              <th scope="col">Contact</th>
              <th scope="col">Email</th>
              <th scope="col">Status</th>
              <th scope="col">Signed</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {applications.map((application) => (
              <tr key={application.id}>
                <td className="data-table__date">{formatWhen(application.created_at)}</td>
                <td>{application.company_name}</td>
                <td>{application.contact_name}</td>
                <td className="data-table__email">{application.contact_email}</td>
                <td>
                  <IssuerStatusBadge status={application.status} />
                </td>
                <TickCell on={isSigned(application)} label="Signed" offLabel="Not signed" />
                <ViewCell what={`application from ${application.company_name}`} onView={() => onOpen(application.id)} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </PagedResults>
  );
}
