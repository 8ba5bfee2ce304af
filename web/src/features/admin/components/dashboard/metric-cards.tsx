import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import type { DashboardStats } from '../../api/dashboard';
import { formatCount, formatMoney, formatPercent } from '../../../../lib/format';

interface MetricCardProps {
  title: string;
  value: ReactNode;
  children?: ReactNode;
  link?: { to: string; label: string };
}

function MetricCard({ title, value, children, link }: MetricCardProps) {
  return (
    <li className="metric-card">
      <h3 className="metric-card__title">{title}</h3>
      <p className="metric-card__value">{value}</p>
      {children && <div className="metric-card__detail">{children}</div>}
      {link && (
        <Link className="metric-card__link" to={link.to}>
          {link.label}
        </Link>
      )}
    </li>
  );
}

/** The eight metric cards of the dashboard (admin-request-review spec 2). */
export function MetricCards({ stats }: { stats: DashboardStats }) {
  const change = stats.todayVsYesterday;
  return (
    <ul className="metric-grid" aria-label="Request metrics">
      <MetricCard
        title="Today's Volume"
        value={formatMoney(stats.todayAmount)}
        link={{ to: paths.admin.requests({ date: 'today' }), label: "View today's requests" }}
      >
        <p>{formatCount(stats.todayCount)} requests today</p>
        <p className={change > 0 ? 'trend trend--up' : change < 0 ? 'trend trend--down' : 'trend'}>
          {formatPercent(change, true)} vs yesterday
        </p>
      </MetricCard>
      <MetricCard title="Conversion Rate" value={formatPercent(stats.conversionRate)}>
        <p>{formatPercent(stats.rejectionRate)} rejected</p>
      </MetricCard>
      <MetricCard title="Avg Processing Time" value={`${stats.avgProcessingTime} hours`}>
        <p>{formatCount(stats.avgResponseTime)} minutes to first response</p>
      </MetricCard>
      <MetricCard
        title="Productivity Today"
        value={`${formatCount(stats.processedToday)} processed`}
        link={{ to: paths.admin.activity, label: 'View admin activity' }}
      >
        <p>{formatCount(stats.processedThisWeek)} processed this week</p>
      </MetricCard>
      {/* The server averages the price of private sales only (a DWAC or DRS transfer has no price): said so (issue 29). */}
      <MetricCard title="Average Private Sale" value={formatMoney(stats.averageAmount, true)}>
        <p>per private sale, by its price; DWAC and DRS transfers carry none</p>
      </MetricCard>
      <MetricCard title="Request Status Overview" value={`${formatCount(stats.total)} total`}>
        <ul className="status-counts">
          <li>
            <Link to={paths.admin.requests({ status: 'pending' })}>
              Pending Review <strong>{formatCount(stats.pending)}</strong>
            </Link>
          </li>
          <li>
            <Link to={paths.admin.requests({ status: 'approved' })}>
              Approved <strong>{formatCount(stats.approved)}</strong>
            </Link>
          </li>
          <li>
            <Link to={paths.admin.requests({ status: 'rejected' })}>
              Rejected <strong>{formatCount(stats.rejected)}</strong>
            </Link>
          </li>
          <li>
            <Link to={paths.admin.requests({ status: 'processing' })}>
              Processing <strong>{formatCount(stats.processing)}</strong>
            </Link>
          </li>
        </ul>
      </MetricCard>
      <MetricCard
        title="Week Volume"
        value={formatMoney(stats.weekAmount)}
        link={{ to: paths.admin.requests({ date: 'week' }), label: "View this week's requests" }}
      >
        <p>{formatCount(stats.weekCount)} requests this week</p>
      </MetricCard>
      <MetricCard
        title="Risk Indicators"
        value={`${formatCount(stats.flagged)} flagged`}
        link={{ to: paths.admin.requests({ flagged: true }), label: 'View flagged requests' }}
      >
        <p>{formatCount(stats.pending)} pending review</p>
        {stats.needsMyAttention > 0 && <p>{formatCount(stats.needsMyAttention)} assigned to you</p>}
      </MetricCard>
    </ul>
  );
}

export const METRIC_CARD_COUNT = 8;

/** Eight placeholder cards while the metrics load (spec 9). */
export function MetricCardsSkeleton() {
  return (
    <div role="status" aria-label="Loading dashboard metrics">
      <ul className="metric-grid" aria-hidden="true">
        {Array.from({ length: METRIC_CARD_COUNT }, (_, index) => (
          <li key={index} className="metric-card metric-card--skeleton" data-testid="metric-skeleton">
            <span className="skeleton-line skeleton-line--short" />
            <span className="skeleton-line skeleton-line--tall" />
            <span className="skeleton-line" />
          </li>
        ))}
      </ul>
    </div>
  );
}
