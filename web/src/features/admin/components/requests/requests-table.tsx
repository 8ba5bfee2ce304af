import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../../config/paths';
import type { RequestListRow } from '../../api/requests';
import { openedFromList } from '../../utils/back-to-list';
import { formatDate, formatTime } from '../../../../lib/format';
import { verificationLabel } from '../../../../lib/request-labels';
import { FlagIcon, NotesIcon, StatusBadge, TypeBadge } from '../../../../components/request-badges';

interface RequestsTableProps {
  rows: RequestListRow[];
  /** The signed-in admin's initial, shown on requests assigned to them. */
  myInitial: string;
}

/** The request list (spec 2). A click anywhere on a row opens it; the View Details link serves the keyboard. */
export function RequestsTable({ rows, myInitial }: RequestsTableProps) {
  const navigate = useNavigate();
  // The detail's Back link returns to the list as it is now (filters, search, page).
  const fromHere = openedFromList(useLocation().search);

  function openRow(event: MouseEvent<HTMLTableRowElement>, id: string) {
    // Links and buttons inside the row do their own thing; so does selecting text.
    if ((event.target as HTMLElement).closest('a, button') || window.getSelection()?.toString()) return;
    void navigate(paths.admin.request(id), { state: fromHere });
  }

  return (
    <div className="table-scroll" role="region" aria-label="Requests" tabIndex={0}>
      <table className="data-table data-table--requests">
        <thead>
          <tr>
            <th scope="col">Shareholder</th>
            <th scope="col">Reference</th>
            <th scope="col">Type</th>
            <th scope="col">Status</th>
            <th scope="col">Date</th>
            <th scope="col">Verification</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const verification =
              row.requestType === 'TRANSFER' ? verificationLabel(row.verification ?? 'PENDING') : null;
            return (
              <tr key={row.id} className="data-table__row--link" onClick={(event) => openRow(event, row.id)}>
                <td>
                  <div className="holder-cell">
                    {row.assignedToMe && (
                      <span className="avatar" role="img" aria-label="Assigned to you" title="Assigned to you">
                        {myInitial}
                      </span>
                    )}
                    <div>
                      <div className="holder-cell__name">{row.shareholderName}</div>
                      <div className="holder-cell__code">{row.shareholderCode}</div>
                    </div>
                  </div>
                </td>
                <td className="data-table__code">{row.referenceNumber || <span className="muted">N/A</span>}</td>
                <td>
                  <TypeBadge type={row.requestType} />
                </td>
                <td>
                  <span className="status-cell">
                    <StatusBadge status={row.status} />
                    {row.isFlagged && <FlagIcon priority={row.flagPriority} />}
                    {row.adminNotes.trim() !== '' && <NotesIcon />}
                  </span>
                </td>
                <td className="data-table__date">
                  <div>{formatDate(row.createdAt)}</div>
                  <div className="muted">{formatTime(row.createdAt)}</div>
                </td>
                <td>
                  {verification ? (
                    <span className={`verification verification--${(row.verification ?? 'PENDING').toLowerCase()}`}>
                      {verification}
                    </span>
                  ) : (
                    <span className="muted" aria-label="Not applicable">
                      —
                    </span>
                  )}
                </td>
                <td>
                  <Link
                    to={paths.admin.request(row.id)}
                    state={fromHere}
                    aria-label={`View details of ${row.referenceNumber || row.shareholderName}`}
                  >
                    View Details
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
