import { Link } from 'react-router';
import type { AdminProfile } from '@ledgerwell/shared/admin-auth';
import { paths } from '../../../config/paths';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { fetchDashboardStats } from '../api/dashboard';
import { CompliancePanel } from '../components/dashboard/compliance-panel';
import { MetricCards, MetricCardsSkeleton } from '../components/dashboard/metric-cards';
import { PageHeader } from '../components/page-header';
import { RecentActivity } from '../components/dashboard/recent-activity';
import { useApiData } from '../../../hooks/use-api-data';

interface DashboardPageProps {
  admin: AdminProfile;
}

export function DashboardPage({ admin }: DashboardPageProps) {
  useDocumentMeta('Admin dashboard');
  const stats = useApiData('dashboard', fetchDashboardStats);
  const quickActions = [
    { to: paths.admin.requests({ status: 'pending' }), label: 'Pending requests', hint: 'Waiting for review' },
    { to: paths.admin.requests({ type: 'transfer' }), label: 'Transfer requests', hint: 'DWAC and sale transfers' },
    { to: paths.admin.requests(), label: 'All requests', hint: 'Search, filter and sort' },
    { to: paths.admin.shareholders, label: 'Shareholders', hint: 'Search the registry, add holders, import CSV' },
    { to: paths.admin.contactSubmissions, label: 'Contact submissions', hint: 'Messages from the contact form' },
    { to: paths.admin.issuerApplications, label: 'Issuer applications', hint: 'Companies applying to onboard' },
    ...(admin.role === 'SUPER_ADMIN'
      ? [{ to: paths.admin.users, label: 'User Management', hint: 'Admin accounts and roles' }]
      : []),
    { to: paths.admin.activity, label: 'Admin activity', hint: 'Who did what, and when' },
  ];

  return (
    <div className="admin-page">
      <PageHeader title="Dashboard" intro={<>Welcome back, {admin.email}</>} />

      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions">Quick actions</h2>
        <ul className="quick-actions">
          {quickActions.map((action) => (
            <li key={action.to}>
              <Link to={action.to} className="quick-action">
                <span className="quick-action__label">{action.label}</span>
                <span className="quick-action__hint">{action.hint}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="metrics" className="dashboard-metrics">
        <h2 id="metrics">Metrics</h2>
        {stats.data ? (
          <MetricCards stats={stats.data} />
        ) : stats.error ? (
          <div className="notice notice--error" role="alert">
            <p>Failed to load dashboard metrics</p>
            <p>
              <button type="button" className="button button--secondary button--small" onClick={stats.reload}>
                Try again
              </button>
            </p>
          </div>
        ) : (
          <MetricCardsSkeleton />
        )}
      </section>

      {stats.data && (
        <div className="dashboard-panels">
          <RecentActivity items={stats.data.recentActivity} />
          <CompliancePanel compliance={stats.data.compliance} />
        </div>
      )}
    </div>
  );
}
