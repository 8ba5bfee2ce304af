import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import type { RecentActivityItem } from '../../api/dashboard';
import { formatDateTime } from '../../../../lib/format';
import { requestTitle, sharesLabel } from '../../../../lib/request-labels';
import { StatusBadge } from '../../../../components/request-badges';

const RECENT_LIMIT = 5;

export function RecentActivity({ items }: { items: RecentActivityItem[] }) {
  const shown = items.slice(0, RECENT_LIMIT);
  return (
    <section className="admin-card" aria-labelledby="recent-activity">
      <div className="admin-card__header">
        <h2 id="recent-activity">Recent Activity</h2>
        <Link to={paths.admin.requests()}>View all</Link>
      </div>
      {shown.length === 0 ? (
        <p className="muted">No recent activity to display.</p>
      ) : (
        <ul className="recent-list">
          {shown.map((item) => {
            const shares =
              item.requestType === 'TRANSFER' || item.shares !== null || item.transferAllShares
                ? sharesLabel(item.shares, item.transferAllShares)
                : null;
            return (
              <li key={item.id}>
                <Link to={paths.admin.request(item.id)} className="recent-item">
                  <span className="recent-item__main">
                    <span className="recent-item__name">{item.shareholderName}</span>
                    <span className="recent-item__meta">
                      {item.requestType ? requestTitle(item.requestType) : 'Request'}
                      {item.referenceNumber && ` · ${item.referenceNumber}`}
                      {shares && ` · ${shares}`}
                    </span>
                  </span>
                  <span className="recent-item__side">
                    <StatusBadge status={item.status} />
                    <span className="recent-item__date">{formatDateTime(item.timestamp)}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
