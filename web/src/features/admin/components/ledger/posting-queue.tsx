import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { LoadFailure } from '../../../../components/ui/load-failure';
import { Spinner } from '../../../../components/ui/spinner';
import { fetchLedgerPostings, type PostingView } from '../../api/ledger';
import { useApiData } from '../../../../hooks/use-api-data';
import { actionErrorMessage } from '../../../../lib/action-error';
import { formatDateTime } from '../../../../lib/format';
import { formatDay, shares } from '../../../../lib/ledger-format';

export function PostingQueue() {
  const queue = useApiData('ledger-postings', fetchLedgerPostings);
  const list = queue.data;
  return (
    <section className="admin-card" aria-labelledby="ledger-postings" aria-busy={queue.loading || undefined}>
      <h2 id="ledger-postings">Postings awaiting confirmation</h2>
      <p className="muted">
        Dual control: another staff member at ADMIN or above confirms these postings from the request&rsquo;s page.
      </p>
      {list === null ? (
        queue.error ? (
          <LoadFailure
            text={actionErrorMessage(queue.error, 'Failed to load the postings awaiting confirmation')}
            onRetry={queue.reload}
          />
        ) : (
          <Spinner label="Loading postings" />
        )
      ) : list.length === 0 ? (
        <p className="empty-state">No postings are waiting.</p>
      ) : (
        <PostingTable postings={list} />
      )}
    </section>
  );
}

function PostingTable({ postings }: { postings: PostingView[] }) {
  return (
    <div className="table-scroll" role="region" aria-label="Table of postings awaiting confirmation" tabIndex={0}>
      <table className="data-table">
        <caption className="visually-hidden">Postings awaiting confirmation</caption>
        <thead>
          <tr>
            <th scope="col">Request</th>
            <th scope="col">Shares</th>
            <th scope="col">Proposed by</th>
            <th scope="col">Proposed at</th>
            <th scope="col">Effective date</th>
          </tr>
        </thead>
        <tbody>
          {postings.map((posting) => (
            <tr key={posting.id}>
              <th scope="row" className="data-table__code">
                <Link to={paths.admin.request(posting.requestId)}>{posting.referenceNumber}</Link>
              </th>
              <td>{shares(posting.shares)}</td>
              <td>{posting.proposedBy}</td>
              <td>{formatDateTime(posting.proposedAt)}</td>
              <td>{posting.effectiveDate ? formatDay(posting.effectiveDate) : 'The day it is confirmed'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
