import { Link } from 'react-router';
import { sumDecimals, type TransactionView } from '@ledgerwell/shared/ledger';
import { formatDateTime } from '../../lib/format';
import { formatDay, shares, signedShares, TRANSACTION_TYPE_LABELS } from '../../lib/ledger-format';

/** A posting as a reader sees it: staff also see who posted it, an issuer does not. */
export type TransactionRow = Omit<TransactionView, 'postedBy'> & { postedBy?: string | null };

/** Where the table links to: staff open an account's ledger and the request a posting came from. */
export interface TransactionLinks {
  account: (accountId: string) => string;
  request: (requestId: string) => string;
}

interface TransactionTableProps {
  rows: TransactionRow[];
  caption: string;
  /** The journal names each transaction's class; an account's list does not (it has one class). */
  classLabel?: (classId: string) => string;
  /** An account's list: its own movement and balance after each transaction, its own legs not linked. */
  accountId?: string;
  /** Without them legs name their accounts unlinked and the source request is not shown. */
  links?: TransactionLinks;
}

/**
 * Ledger transactions as a table: when they count and what they are, every leg (shares in or out, the form and
 * certificate, the account linked to its ledger), the memo or source request, and who posted them when.
 */
export function TransactionTable({ rows, caption, classLabel, accountId, links }: TransactionTableProps) {
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
              <Legs row={row} ownAccountId={accountId} accountHref={links?.account} />
            </td>
            <td>
              <Memo row={row} requestHref={links?.request} />
            </td>
            <td>
              {formatDateTime(row.postedAt)}
              {row.postedBy !== undefined && (
                <>
                  <br />
                  <span className="muted">by {row.postedBy ?? 'the system'}</span>
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The account's net movement in the transaction, signed. */
function movementOf(row: TransactionRow, accountId: string): string {
  const own = row.legs.filter((leg) => leg.accountId === accountId);
  return own.length === 0 ? '—' : signedShares(sumDecimals(own.map((leg) => leg.shares)));
}

interface LegsProps {
  row: TransactionRow;
  ownAccountId?: string | undefined;
  accountHref?: ((accountId: string) => string) | undefined;
}

function Legs({ row, ownAccountId, accountHref }: LegsProps) {
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
          ) : accountHref ? (
            <Link to={accountHref(leg.accountId)}>
              {leg.accountNumber} ({leg.registrationName})
            </Link>
          ) : (
            <span>
              {leg.accountNumber} ({leg.registrationName})
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function Memo({ row, requestHref }: { row: TransactionRow; requestHref?: ((id: string) => string) | undefined }) {
  const request = requestHref && row.sourceRequestId ? requestHref(row.sourceRequestId) : null;
  if (!row.memo && !request) return <span className="muted">—</span>;
  return (
    <>
      {row.memo}
      {request && (
        <>
          {row.memo && <br />}
          <Link to={request}>The request it posts</Link>
        </>
      )}
    </>
  );
}
