import type { RequestDetail } from '../../api/requests';
import { activityActionLabel, activitySubject } from '../../utils/activity-query';
import { formatDateTime } from '../../../../lib/format';

/** What staff did on this request (the activity log, newest first, at most 100). */
export function StaffActivitySection({ activities }: { activities: RequestDetail['adminActivities'] }) {
  return (
    <section className="admin-card" aria-labelledby="staff-activity">
      <h2 id="staff-activity">Staff Activity</h2>
      {activities.length === 0 ? (
        <p className="muted">No staff activity yet.</p>
      ) : (
        <ol className="history-list">
          {activities.map((activity) => {
            const subject = activitySubject(activity.details);
            return (
              <li key={activity.id}>
                <p className="history-list__meta">
                  <time dateTime={activity.createdAt}>{formatDateTime(activity.createdAt)}</time> ·{' '}
                  {activity.adminUsername ?? 'System'}
                </p>
                <p className="history-list__text">
                  {activityActionLabel(activity.actionType)}
                  {subject && <>: {subject}</>}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
