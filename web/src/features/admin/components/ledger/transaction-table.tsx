import { Link } from 'react-router';
import { sumDecimals } from '@ledgerwell/shared/ledger';
import { paths } from '../../../../config/paths';
import type { TransactionView } from '../../api/ledger';
import { formatDateTime } from '../../utils/format';
import { formatDay, shares, signedShares, TRANSACTION_TYPE_LABELS } from './ledger-format';

interface TransactionTableProps {
  rows: TransactionView[];
  caption: string;
  /** The journal names each transaction's class; an account's list does not (it has one class). */
  classLabel?: (classId: string) => string;
  /** An account's list: its own movement and balance after each transaction, its own legs not linked. */
  accountId?: string;
}

/**
 * Ledger transactions as a table: when they count and what they are, every leg (shares in or out, the form and
 * certificate, the account linked to its ledger), the memo or source request, and who posted them when.
 */
export function TransactionTable({ rows, caption, classLabel, accountId }: TransactionTableProps) {
  return (
    <table className="data-table ledger-transactions">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Effective date</th>
          <th scope="col">Type</th>
          {classLabel && <th scope="col">Class</th>}
          {accountId && <th scope="col">Shares</th>}
          {accountId && <th scope="col">Balance after</th>}
          <th scope="col">Legs</th>
          <th scope="col">Memo</th>
          <th scope="col">Posted</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row">{formatDay(row.effectiveDate)}</th>
            <td>
              {TRANSACTION_TYPE_LABELS[row.type]}
              {row.reversesId && <span className="muted"> (reversal)</span>}
            </td>
            {classLabel && <td>{classLabel(row.classId)}</td>}
            {accountId && <td className="numeric">{movementOf(row, accountId)}</td>}
            {accountId && <td className="numeric">{row.balanceAfter ? shares(row.balanceAfter) : '—'}</td>}
            <td>
              <Legs row={row} ownAccountId={accountId} />
            </td>
            <td>
              <Memo row={row} />
            </td>
            <td>
              {formatDateTime(row.postedAt)}
              <br />
              <span className="muted">by {row.postedBy ?? 'the system'}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The account's net movement in the transaction, signed. */
function movementOf(row: TransactionView, accountId: string): string {
  const own = row.legs.filter((leg) => leg.accountId === accountId);
  return own.length === 0 ? '—' : signedShares(sumDecimals(own.map((leg) => leg.shares)));
}

function Legs({ row, ownAccountId }: { row: TransactionView; ownAccountId?: string }) {
  if (row.type === 'AUTHORIZED_ADJUSTMENT') {
    return <>Authorized shares set to {row.authorizedShares ? shares(row.authorizedShares) : '—'}</>;
  }
  return (
    <ul className="ledger-legs">
      {row.legs.map((leg, index) => (
        <li key={`${leg.accountId}-${index}`}>
          <span className="numeric">{signedShares(leg.shares)}</span>{' '}
          {leg.form === 'DRS' ? 'DRS' : `certificate ${leg.certificateNumber ?? ''}`.trim()},{' '}
          {leg.accountId === ownAccountId ? (
            <span>this account</span>
          ) : (
            <Link to={paths.admin.ledgerAccount(leg.accountId)}>
              {leg.accountNumber} ({leg.registrationName})
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

function Memo({ row }: { row: TransactionView }) {
  if (!row.memo && !row.sourceRequestId) return <span className="muted">—</span>;
  return (
    <>
      {row.memo}
      {row.sourceRequestId && (
        <>
          {row.memo && <br />}
          <Link to={paths.admin.request(row.sourceRequestId)}>The request it posts</Link>
        </>
      )}
    </>
  );
}
