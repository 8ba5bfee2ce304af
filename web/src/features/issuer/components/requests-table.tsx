import { StatusBadge, TypeBadge } from '../../../components/request-badges';
import { formatDate } from '../../../lib/format';
import { shares } from '../../../lib/ledger-format';
import type { IssuerRequest } from '../api/requests';

/** The shares a request moves: the count, "All shares", or a dash for a request that moves none. */
function sharesText(request: IssuerRequest): string {
  if (request.transferAllShares) return 'All shares';
  return request.shares === null ? '—' : shares(request.shares);
}

/** How long a decision took, or that an open transfer is already late. */
function turnaroundText(request: IssuerRequest): string {
  if (request.businessDaysToDecision !== null) {
    const days = request.businessDaysToDecision;
    return `${days} business ${days === 1 ? 'day' : 'days'}${request.late ? ', late' : ''}`;
  }
  return request.late ? 'Open, late' : '—';
}

/** The requests on the issuer's holders' accounts: what, whose, in which state, and when. */
export function RequestsTable({ rows }: { rows: IssuerRequest[] }) {
  return (
    <table className="data-table">
      <caption className="visually-hidden">Requests, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Reference</th>
          <th scope="col">Type</th>
          <th scope="col">Status</th>
          <th scope="col">Holder</th>
          <th scope="col">Shares</th>
          <th scope="col">Received</th>
          <th scope="col">Decided</th>
          <th scope="col">Turnaround</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((request) => (
          <tr key={request.id}>
            <th scope="row" className="data-table__code">
              {request.referenceNumber}
            </th>
            <td>
              <TypeBadge type={request.requestType} />
            </td>
            <td>
              <StatusBadge status={request.status} />
            </td>
            <td>
              {request.registrationName}
              <br />
              <span className="muted">Account {request.accountNumber}</span>
            </td>
            <td className="numeric">{sharesText(request)}</td>
            <td>{formatDate(request.receivedAt)}</td>
            <td>{request.processedAt ? formatDate(request.processedAt) : '—'}</td>
            <td>{turnaroundText(request)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
