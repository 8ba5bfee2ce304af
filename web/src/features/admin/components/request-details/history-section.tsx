import type { RequestDetail } from '../../api/requests';
import { formatDateTime } from '../../../../lib/format';
import { humanise } from '../../../../lib/request-labels';

export function HistorySection({ history }: { history: RequestDetail['history'] }) {
  return (
    <section className="admin-card" aria-labelledby="history">
      <h2 id="history">History</h2>
      {history.length === 0 ? (
        <p className="muted">No history yet.</p>
      ) : (
        <ol className="history-list">
          {history.map((entry, index) => (
            <li key={index}>
              <p className="history-list__meta">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                {entry.user && <> · {entry.user}</>}
              </p>
              <p className="history-list__text">{entry.description || humanise(entry.action)}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
