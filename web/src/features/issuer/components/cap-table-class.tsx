import { useState } from 'react';
import { Link } from 'react-router';
import { DetailList } from '../../../components/detail-list';
import { paths } from '../../../config/paths';
import { actionErrorMessage } from '../../../lib/action-error';
import { formatCount } from '../../../lib/format';
import { shares } from '../../../lib/ledger-format';
import { fetchCapTable, type CapTableClass, type CapTableHolder } from '../api/cap-table';
import { percentOfClass } from './quantities';

interface MoreHolders {
  rows: CapTableHolder[];
  /** The last page read. */
  page: number;
  loading: boolean;
  failure: string | null;
}

/**
 * One class of the cap table: its control-book figures, a link to its record-date list, and its holders largest
 * first with their share of the outstanding shares; more holders are read a page at a time on demand.
 */
export function CapTableClassSection({ shareClass }: { shareClass: CapTableClass }) {
  const headingId = `class-${shareClass.classId}`;
  const [more, setMore] = useState<MoreHolders>({ rows: [], page: shareClass.page, loading: false, failure: null });
  const holders = [...shareClass.holders, ...more.rows];

  async function showMore() {
    setMore((last) => ({ ...last, loading: true, failure: null }));
    try {
      const next = await fetchCapTable({ classId: shareClass.classId, page: more.page + 1, limit: shareClass.limit });
      const rows = next.classes[0]?.holders ?? [];
      setMore((last) => ({ rows: [...last.rows, ...rows], page: last.page + 1, loading: false, failure: null }));
    } catch (error) {
      setMore((last) => ({
        ...last,
        loading: false,
        failure: actionErrorMessage(error, 'Failed to load more holders. Please try again.'),
      }));
    }
  }

  return (
    <section className="admin-card cap-table-class" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {shareClass.name}
        {shareClass.cusip && <span className="muted"> · CUSIP {shareClass.cusip}</span>}
      </h2>
      <DetailList
        rows={[
          ['Authorized', shareClass.authorizedShares === null ? 'Not recorded' : shares(shareClass.authorizedShares)],
          ['Issued', shares(shareClass.issuedShares)],
          ['Cancelled', shares(shareClass.cancelledShares)],
          ['Outstanding', shares(shareClass.outstandingShares)],
          ['Holders', formatCount(shareClass.holdersCount)],
          ['Par value', shareClass.parValue === null ? null : shares(shareClass.parValue)],
        ]}
      />
      <p className="issuer-page__link">
        <Link to={paths.issuer.holders(shareClass.classId)}>Holders of record of {shareClass.name} on any date</Link>
      </p>
      {holders.length === 0 ? (
        <p className="empty-state">No one holds shares of this class.</p>
      ) : (
        <div className="table-scroll" role="region" aria-label={`Holders of ${shareClass.name}`} tabIndex={0}>
          <table className="data-table">
            <caption className="visually-hidden">Holders of {shareClass.name}, largest holding first</caption>
            <thead>
              <tr>
                <th scope="col">Account</th>
                <th scope="col">Registration</th>
                <th scope="col">Shares</th>
                <th scope="col">Of the class</th>
              </tr>
            </thead>
            <tbody>
              {holders.map((holder) => (
                <tr key={holder.accountId}>
                  <th scope="row" className="data-table__code">
                    {holder.accountNumber}
                  </th>
                  <td>{holder.registrationName}</td>
                  <td className="numeric">{shares(holder.shares)}</td>
                  <td className="numeric">{percentOfClass(holder.percentage)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {holders.length < shareClass.holdersCount && (
        <div className="list-paging">
          <p className="pagination__summary">
            Showing the largest {formatCount(holders.length)} of {formatCount(shareClass.holdersCount)} holders
          </p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={showMore}
            disabled={more.loading}
            aria-busy={more.loading || undefined}
          >
            {more.loading ? 'Loading…' : 'Show more holders'}
          </button>
        </div>
      )}
      {more.failure && (
        <p className="notice notice--error" role="alert">
          {more.failure}
        </p>
      )}
    </section>
  );
}
