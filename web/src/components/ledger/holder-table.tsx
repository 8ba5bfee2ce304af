import { Link } from 'react-router';
import type { z } from 'zod';
import type { holderListSchema } from '@ledgerwell/shared/ledger';
import { formatDay, shares } from '../../lib/ledger-format';

export type HolderList = z.infer<typeof holderListSchema>;

interface HolderTableProps {
  list: HolderList;
  onPage: (page: number) => void;
  /** Staff open each account's ledger; without it the account number is plain text. */
  accountHref?: (accountId: string) => string;
}

/**
 * A record-date list: how many holders held how many shares at the end of the day, the page of holders by
 * account number, and Previous / Next when there is more than one page.
 */
export function HolderTable({ list, onPage, accountHref }: HolderTableProps) {
  const pages = Math.max(1, Math.ceil(list.total / list.limit));
  return (
    <>
      <p>
        <strong>{list.total.toLocaleString('en-US')}</strong> {list.total === 1 ? 'holder' : 'holders'} of{' '}
        <strong>{shares(list.totalShares)}</strong> shares at the end of {formatDay(list.asOf)}.
      </p>
      {list.data.length === 0 ? (
        <p className="empty-state">No holder held shares of this class on that day.</p>
      ) : (
        <div className="table-scroll" role="region" aria-label="Table of holders of record" tabIndex={0}>
          <table className="data-table">
            <caption className="visually-hidden">Holders of record on {list.asOf}</caption>
            <thead>
              <tr>
                <th scope="col">Account</th>
                <th scope="col">Registration</th>
                <th scope="col">Shares</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((holder) => (
                <tr key={holder.accountId}>
                  <th scope="row" className="data-table__code">
                    {accountHref ? (
                      <Link to={accountHref(holder.accountId)}>{holder.accountNumber}</Link>
                    ) : (
                      holder.accountNumber
                    )}
                  </th>
                  <td>{holder.registrationName}</td>
                  <td className="numeric">{shares(holder.shares)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="pagination" aria-label="Pages of holders">
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={list.page <= 1}
            onClick={() => onPage(list.page - 1)}
          >
            Previous
          </button>
          <span>
            Page {list.page} of {pages}
          </span>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={list.page >= pages}
            onClick={() => onPage(list.page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </>
  );
}
