import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { routes } from '../../config/paths';
import { Spinner } from '../../components/ui/spinner';
import { AdminAuthProvider, useAdminAuth, useCurrentAdmin } from '../../features/admin-auth/auth-context';
import { RequireAdmin } from '../../features/admin-auth/components/require-admin';
import { AdminLoginPage } from '../../features/admin-auth/routes/login';
import '../../styles/admin.css';

const AdminLayout = lazy(() =>
  import('../../features/admin/components/admin-layout').then((m) => ({ default: m.AdminLayout })),
);
const StepUpProvider = lazy(() =>
  import('../../features/admin-auth/components/step-up').then((m) => ({ default: m.AdminStepUp })),
);
const AdminPlaceholder = lazy(() =>
  import('../../features/admin/components/admin-placeholder').then((m) => ({ default: m.AdminPlaceholder })),
);
const DashboardPage = lazy(() =>
  import('../../features/admin/routes/dashboard').then((m) => ({ default: m.DashboardPage })),
);
const RequestsPage = lazy(() =>
  import('../../features/admin/routes/requests').then((m) => ({ default: m.RequestsPage })),
);
const RequestDetailsPage = lazy(() =>
  import('../../features/admin/routes/request-details').then((m) => ({ default: m.RequestDetailsPage })),
);
const UsersPage = lazy(() => import('../../features/admin/routes/users').then((m) => ({ default: m.UsersPage })));
const IpWhitelistPage = lazy(() =>
  import('../../features/admin/routes/ip-whitelist').then((m) => ({ default: m.IpWhitelistPage })),
);
const ContactSubmissionsPage = lazy(() =>
  import('../../features/admin/routes/contact-submissions').then((m) => ({ default: m.ContactSubmissionsPage })),
);
const IssuerApplicationsPage = lazy(() =>
  import('../../features/admin/routes/issuer-applications').then((m) => ({ default: m.IssuerApplicationsPage })),
);
const ActivityPage = lazy(() =>
  import('../../features/admin/routes/activity').then((m) => ({ default: m.ActivityPage })),
);
const ShareholdersPage = lazy(() =>
  import('../../features/admin/routes/shareholders').then((m) => ({ default: m.ShareholdersPage })),
);
const LedgerPage = lazy(() => import('../../features/admin/routes/ledger').then((m) => ({ default: m.LedgerPage })));
const LedgerClassPage = lazy(() =>
  import('../../features/admin/routes/ledger-class').then((m) => ({ default: m.LedgerClassPage })),
);
const LedgerJournalPage = lazy(() =>
  import('../../features/admin/routes/ledger-journal').then((m) => ({ default: m.LedgerJournalPage })),
);
const LedgerAccountPage = lazy(() =>
  import('../../features/admin/routes/ledger-account').then((m) => ({ default: m.LedgerAccountPage })),
);
const OutboxPage = lazy(() => import('../../features/admin/routes/outbox').then((m) => ({ default: m.OutboxPage })));
const PaperAdvicesPage = lazy(() =>
  import('../../features/admin/routes/paper-advices').then((m) => ({ default: m.PaperAdvicesPage })),
);
const ChangePasswordPage = lazy(() =>
  import('../../features/admin-auth/routes/change-password').then((m) => ({ default: m.ChangePasswordPage })),
);
const SecurityPage = lazy(() =>
  import('../../features/admin-auth/routes/security').then((m) => ({ default: m.SecurityPage })),
);

/** A screen while its chunk loads: inside the layout, which stays. */
function Screen({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner block />}>{children}</Suspense>;
}

/*
 * The admin area: a lazy chunk, never downloaded by public pages. It holds what the sign-in needs
 * (the session and the login page); the layout and every screen behind the sign-in are chunks of
 * their own, loaded after it: the sign-in page's chunk was 62 KB gzip with all of them, and their
 * evaluation a 300 ms task on a phone (Lighthouse TBT 380 ms on /admin/login).
 * Features do not import each other, so the session (features/admin-auth) is handed to the
 * admin screens (features/admin) here, as props.
 */

function AdminLayoutRoute() {
  const admin = useCurrentAdmin();
  const { logout } = useAdminAuth();
  return (
    <Suspense fallback={<Spinner block />}>
      <AdminLayout admin={admin} onLogout={logout} />
      {/* Asks for a recent second factor (or the password) when a sensitive call needs it, then the call goes on. */}
      <StepUpProvider />
    </Suspense>
  );
}

function ActivityRoute() {
  return <ActivityPage role={useCurrentAdmin().role} />;
}

function DashboardRoute() {
  const admin = useCurrentAdmin();
  return (
    <Screen>
      <DashboardPage admin={admin} />
    </Screen>
  );
}

function RequestsRoute() {
  return (
    <Screen>
      <RequestsPage admin={useCurrentAdmin()} />
    </Screen>
  );
}

function RequestDetailsRoute() {
  return (
    <Screen>
      <RequestDetailsPage admin={useCurrentAdmin()} />
    </Screen>
  );
}

function UsersRoute() {
  return (
    <Screen>
      <UsersPage admin={useCurrentAdmin()} />
    </Screen>
  );
}

function ShareholdersRoute() {
  return (
    <Screen>
      <ShareholdersPage role={useCurrentAdmin().role} />
    </Screen>
  );
}

function LedgerRoute() {
  return (
    <Screen>
      <LedgerPage role={useCurrentAdmin().role} />
    </Screen>
  );
}

function LedgerClassRoute() {
  return (
    <Screen>
      <LedgerClassPage role={useCurrentAdmin().role} />
    </Screen>
  );
}

function ContactSubmissionsRoute() {
  return (
    <Screen>
      <ContactSubmissionsPage role={useCurrentAdmin().role} />
    </Screen>
  );
}

function IssuerApplicationsRoute() {
  return (
    <Screen>
      <IssuerApplicationsPage role={useCurrentAdmin().role} />
    </Screen>
  );
}

function OutboxRoute() {
  return (
    <Screen>
      <OutboxPage role={useCurrentAdmin().role} />
    </Screen>
  );
}

function PaperAdvicesRoute() {
  return (
    <Screen>
      <PaperAdvicesPage role={useCurrentAdmin().role} />
    </Screen>
  );
}

function IpWhitelistRoute() {
  return (
    <Screen>
      <IpWhitelistPage role={useCurrentAdmin().role} />
    </Screen>
  );
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
            <Route path={r.ledger} element={<LedgerRoute />} />
            <Route path={r.ledgerClass} element={<LedgerClassRoute />} />
            <Route
              path={r.ledgerJournal}
              element={
                <Screen>
                  <LedgerJournalPage />
                </Screen>
              }
            />
            <Route
              path={r.ledgerAccount}
              element={
                <Screen>
                  <LedgerAccountPage />
                </Screen>
              }
            />
            <Route path={r.users} element={<UsersRoute />} />
            <Route path={r.ipWhitelist} element={<IpWhitelistRoute />} />
            <Route path={r.contactSubmissions} element={<ContactSubmissionsRoute />} />
            <Route path={r.issuerApplications} element={<IssuerApplicationsRoute />} />
            <Route
              path={r.activity}
              element={
                <Screen>
                  <ActivityRoute />
                </Screen>
              }
            />
            <Route path={r.outbox} element={<OutboxRoute />} />
            <Route path={r.paperAdvices} element={<PaperAdvicesRoute />} />
            <Route
              path={r.changePassword}
              element={
                <Screen>
                  <ChangePasswordPage />
                </Screen>
              }
            />
            <Route
              path={r.security}
              element={
                <Screen>
                  <SecurityPage />
                </Screen>
              }
            />
            <Route
              path="*"
              element={
                <Screen>
                  <AdminPlaceholder heading="Page not found" lead="This admin page does not exist." />
                </Screen>
              }
            />
          </Route>
        </Route>
      </Routes>
    </AdminAuthProvider>
  );
}
