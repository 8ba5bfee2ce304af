import { useState } from 'react';
import { AGED_DIFFERENCE_DAYS } from '@ledgerwell/shared/reconciliation';
import { LoadFailure } from '../../../../components/ui/load-failure';
import { Spinner } from '../../../../components/ui/spinner';
import { fetchRecordDifferences, reconcileNow, type RecordDifferenceView } from '../../api/ledger';
import { useApiData } from '../../../../hooks/use-api-data';
import { actionErrorMessage } from '../../../../lib/action-error';
import { formatDateTime } from '../../../../lib/format';
import { shares } from '../../../../lib/ledger-format';
import type { PushToast } from './ledger-format';

/**
 * Reconciliation (Rules 17Ad-10 and 17Ad-11): the classes whose master file or journal disagrees with the control
 * book, with the age of each difference (aged past 30 days); ADMIN and up can run it now, as the daily run does.
 */
export function ReconciliationSection({ canWrite, onToast }: { canWrite: boolean; onToast: PushToast }) {
  const differences = useApiData('record-differences', fetchRecordDifferences);
  const [busy, setBusy] = useState(false);
  const list = differences.data;

  async function run() {
    setBusy(true);
    try {
      const result = await reconcileNow();
      const classes = `${result.classesChecked} ${result.classesChecked === 1 ? 'class' : 'classes'} checked`;
      onToast(
        result.differencesFound === 0 ? 'success' : 'error',
        result.differencesFound === 0
          ? `${classes}: every class is in balance`
          : `${classes}: ${result.differencesFound} out of balance`,
      );
      differences.reload();
    } catch (error) {
      onToast('error', actionErrorMessage(error, 'Failed to reconcile the ledger'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      className="admin-card"
      aria-labelledby="ledger-reconciliation"
      aria-busy={differences.loading || undefined}
    >
      <h2 id="ledger-reconciliation">Reconciliation</h2>
      <p className="muted">
        Every day, and on demand, each class&rsquo;s master file and journal are compared with its control book. A
        difference stays listed until a run finds the class in balance; after {AGED_DIFFERENCE_DAYS} days it is aged.
      </p>
      {canWrite && (
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void run()}>
          {busy ? 'Reconciling…' : 'Reconcile now'}
        </button>
      )}
      {list === null ? (
        differences.error ? (
          <LoadFailure
            text={actionErrorMessage(differences.error, 'Failed to load the record differences')}
            onRetry={differences.reload}
          />
        ) : (
          <Spinner label="Loading record differences" />
        )
      ) : list.length === 0 ? (
        <p className="empty-state">No record differences: every class was in balance at the last run.</p>
      ) : (
        <DifferenceTable differences={list} />
      )}
    </section>
  );
}

function DifferenceTable({ differences }: { differences: RecordDifferenceView[] }) {
  return (
    <div className="table-scroll" role="region" aria-label="Table of record differences" tabIndex={0}>
      <table className="data-table">
        <caption className="visually-hidden">Record differences</caption>
        <thead>
          <tr>
            <th scope="col">Class</th>
            <th scope="col">Difference</th>
            <th scope="col">Master file</th>
            <th scope="col">Journal</th>
            <th scope="col">Outstanding</th>
            <th scope="col">First found</th>
            <th scope="col">Age</th>
          </tr>
        </thead>
        <tbody>
          {differences.map((d) => (
            <tr key={d.id}>
              <th scope="row">
                {d.issuer}, {d.shareClass}
              </th>
              <td>
                <span className="status-badge status-badge--danger">{shares(d.difference)}</span>
              </td>
              <td>{shares(d.masterFileTotal)}</td>
              <td>{shares(d.journalTotal)}</td>
              <td>{shares(d.outstandingShares)}</td>
              <td>{formatDateTime(d.firstFoundAt)}</td>
              <td>
                {d.ageDays} {d.ageDays === 1 ? 'day' : 'days'}
                {d.aged && (
                  <>
                    {' '}
                    <span className="status-badge status-badge--pending">Aged</span>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
