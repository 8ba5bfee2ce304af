import { Route, Routes } from 'react-router';
import { routes } from '../../config/paths';
import { AdminAuthProvider, useAdminAuth, useCurrentAdmin } from '../../features/admin-auth/auth-context';
import { RequireAdmin } from '../../features/admin-auth/components/require-admin';
import { StepUpProvider } from '../../features/admin-auth/components/step-up-dialog';
import { AdminLoginPage } from '../../features/admin-auth/routes/login';
import { ChangePasswordPage } from '../../features/admin-auth/routes/change-password';
import { SecurityPage } from '../../features/admin-auth/routes/security';
import { AdminLayout } from '../../features/admin/components/admin-layout';
import { AdminPlaceholder } from '../../features/admin/components/admin-placeholder';
import { DashboardPage } from '../../features/admin/routes/dashboard';
import { RequestsPage } from '../../features/admin/routes/requests';
import { RequestDetailsPage } from '../../features/admin/routes/request-details';
import { UsersPage } from '../../features/admin/routes/users';
import { IpWhitelistPage } from '../../features/admin/routes/ip-whitelist';
import { ContactSubmissionsPage } from '../../features/admin/routes/contact-submissions';
import { IssuerApplicationsPage } from '../../features/admin/routes/issuer-applications';
import { ActivityPage } from '../../features/admin/routes/activity';
import { ShareholdersPage } from '../../features/admin/routes/shareholders';
import { OutboxPage } from '../../features/admin/routes/outbox';
import '../../styles/admin.css';

/*
 * The admin area: one lazy chunk, never downloaded by public pages.
 * Features do not import each other, so the session (features/admin-auth) is handed to the
 * admin screens (features/admin) here, as props.
 */

function AdminLayoutRoute() {
  const admin = useCurrentAdmin();
  const { logout } = useAdminAuth();
  return (
    <>
      <AdminLayout admin={admin} onLogout={logout} />
      {/* Asks for a recent second factor (or the password) when a sensitive call needs it, then the call goes on. */}
      <StepUpProvider />
    </>
  );
}

function DashboardRoute() {
  const admin = useCurrentAdmin();
  const { logout } = useAdminAuth();
  return <DashboardPage admin={admin} onLogout={logout} />;
}

function RequestsRoute() {
  return <RequestsPage admin={useCurrentAdmin()} />;
}

function RequestDetailsRoute() {
  return <RequestDetailsPage admin={useCurrentAdmin()} />;
}

function UsersRoute() {
  const { logout } = useAdminAuth();
  return <UsersPage role={useCurrentAdmin().role} onLogout={logout} />;
}

function ShareholdersRoute() {
  return <ShareholdersPage role={useCurrentAdmin().role} />;
}

function ContactSubmissionsRoute() {
  const { logout } = useAdminAuth();
  return <ContactSubmissionsPage role={useCurrentAdmin().role} onLogout={logout} />;
}

function IssuerApplicationsRoute() {
  const { logout } = useAdminAuth();
  return <IssuerApplicationsPage role={useCurrentAdmin().role} onLogout={logout} />;
}

function OutboxRoute() {
  const { logout } = useAdminAuth();
  return <OutboxPage role={useCurrentAdmin().role} onLogout={logout} />;
}

function IpWhitelistRoute() {
  const { logout } = useAdminAuth();
  return <IpWhitelistPage role={useCurrentAdmin().role} onLogout={logout} />;
}

export default function AdminArea() {
  const r = routes.admin;
  return (
    <AdminAuthProvider>
      <Routes>
        <Route path={r.login} element={<AdminLoginPage />} />
        <Route element={<RequireAdmin />}>
          <Route element={<AdminLayoutRoute />}>
            <Route index element={<DashboardRoute />} />
            <Route path={r.dashboard} element={<DashboardRoute />} />
            <Route path={r.requests} element={<RequestsRoute />} />
            <Route path={r.request} element={<RequestDetailsRoute />} />
            <Route path={r.shareholders} element={<ShareholdersRoute />} />
            <Route path={r.users} element={<UsersRoute />} />
            <Route path={r.ipWhitelist} element={<IpWhitelistRoute />} />
            <Route path={r.contactSubmissions} element={<ContactSubmissionsRoute />} />
            <Route path={r.issuerApplications} element={<IssuerApplicationsRoute />} />
            <Route path={r.activity} element={<ActivityPage />} />
            <Route path={r.outbox} element={<OutboxRoute />} />
            <Route path={r.changePassword} element={<ChangePasswordPage />} />
            <Route path={r.security} element={<SecurityPage />} />
            <Route
              path="*"
              element={<AdminPlaceholder heading="Page not found" lead="This admin page does not exist." />}
            />
          </Route>
        </Route>
      </Routes>
    </AdminAuthProvider>
  );
}
