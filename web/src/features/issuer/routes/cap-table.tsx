import { LoadFailure } from '../../../components/ui/load-failure';
import { Spinner } from '../../../components/ui/spinner';
import { useApiData } from '../../../hooks/use-api-data';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { actionErrorMessage } from '../../../lib/action-error';
import { fetchCapTable } from '../api/cap-table';
import { fetchIssuerUser } from '../api/issuer-user';
import { CapTableClassSection } from '../components/cap-table-class';
import { IssuerPage } from '../components/issuer-page';
import { OcfExport } from '../components/ocf-export';

/**
 * The issuer's cap table today: per class the authorized, issued, cancelled and outstanding shares and its holders
 * with their share of the class; its administrators export the whole as an Open Cap Table Format bundle.
 */
export function CapTablePage() {
  useDocumentMeta('Cap table');
  const capTable = useApiData('issuer-cap-table', (signal) => fetchCapTable({}, signal));
  // The role decides whether Export OCF is offered; the server refuses a viewer's export anyway.
  const user = useApiData('issuer-user', fetchIssuerUser);
  const table = capTable.data;

  return (
    <IssuerPage
      title="Cap table"
      intro={
        table
          ? `${table.legalName}: every class and its holders today, from the ledger.`
          : 'Every class and its holders today, from the ledger.'
      }
      actions={table && <OcfExport user={user.data} legalName={table.legalName} />}
    >
      {table === null ? (
        capTable.error ? (
          <LoadFailure
            text={actionErrorMessage(capTable.error, 'Failed to load the cap table')}
            onRetry={capTable.reload}
            alert
          />
        ) : (
          <Spinner label="Loading the cap table" block />
        )
      ) : table.classes.length === 0 ? (
        <p className="empty-state">No share class is recorded for your company yet.</p>
      ) : (
        <div aria-busy={capTable.loading || undefined}>
          {table.classes.map((shareClass) => (
            <CapTableClassSection key={shareClass.classId} shareClass={shareClass} />
          ))}
        </div>
      )}
    </IssuerPage>
  );
}
