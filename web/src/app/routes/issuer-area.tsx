import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { paths, routes } from '../../config/paths';
import { Spinner } from '../../components/ui/spinner';
import { IssuerAuthProvider, useCurrentIssuerUser, useIssuerAuth } from '../../features/issuer-auth/auth-context';
import { RequireIssuer } from '../../features/issuer-auth/components/require-issuer';
import { IssuerLoginPage } from '../../features/issuer-auth/routes/login';
import '../../styles/admin.css';

const IssuerLayout = lazy(() =>
  import('../../features/issuer-auth/components/issuer-layout').then((m) => ({ default: m.IssuerLayout })),
);
const IssuerStepUp = lazy(() =>
  import('../../features/issuer-auth/components/issuer-step-up').then((m) => ({ default: m.IssuerStepUp })),
);
const InvitationPage = lazy(() =>
  import('../../features/issuer-auth/routes/invitation').then((m) => ({ default: m.InvitationPage })),
);
const SecurityPage = lazy(() =>
  import('../../features/issuer-auth/routes/security').then((m) => ({ default: m.IssuerSecurityPage })),
);
const IssuerAreaNotFound = lazy(() =>
  import('../../features/issuer-auth/components/area-not-found').then((m) => ({ default: m.IssuerAreaNotFound })),
);
const CapTablePage = lazy(() =>
  import('../../features/issuer/routes/cap-table').then((m) => ({ default: m.CapTablePage })),
);
const HoldersPage = lazy(() =>
  import('../../features/issuer/routes/holders').then((m) => ({ default: m.HoldersPage })),
);
const JournalPage = lazy(() =>
  import('../../features/issuer/routes/journal').then((m) => ({ default: m.JournalPage })),
);
const RequestsPage = lazy(() =>
  import('../../features/issuer/routes/requests').then((m) => ({ default: m.RequestsPage })),
);
const UsersPage = lazy(() => import('../../features/issuer/routes/users').then((m) => ({ default: m.UsersPage })));

/** A screen while its chunk loads: inside the layout, which stays. */
const screen = (page: ReactNode) => <Suspense fallback={<Spinner block />}>{page}</Suspense>;

function IssuerLayoutRoute() {
  const user = useCurrentIssuerUser();
  const { logout } = useIssuerAuth();
  return (
    <Suspense fallback={<Spinner block />}>
      <IssuerLayout user={user} onLogout={logout} />
      {/* Asks for a recent second factor when a sensitive call (an export, an invitation) needs it. */}
      <IssuerStepUp />
    </Suspense>
  );
}

/*
 * The issuer users' area under /issuer (not /issuer-portal, the public wizard): a lazy chunk that public
 * pages never load, like the admin area. It holds the session and the sign-in page; the layout, the
 * invitation and every screen behind the sign-in are chunks of their own. Features do not import each
 * other: the issuer screens (features/issuer) get what they need from here, as props.
 */
export default function IssuerArea() {
  const r = routes.issuer;
  return (
    <IssuerAuthProvider>
      <Routes>
        <Route path={r.login} element={<IssuerLoginPage />} />
        <Route path={r.invitation} element={screen(<InvitationPage />)} />
        <Route element={<RequireIssuer />}>
          <Route element={<IssuerLayoutRoute />}>
            <Route index element={<Navigate to={paths.issuer.capTable} replace />} />
            <Route path={r.capTable} element={screen(<CapTablePage />)} />
            <Route path={r.holders} element={screen(<HoldersPage />)} />
            <Route path={r.journal} element={screen(<JournalPage />)} />
            <Route path={r.requests} element={screen(<RequestsPage />)} />
            <Route path={r.users} element={screen(<UsersPage />)} />
            <Route path={r.security} element={screen(<SecurityPage />)} />
            <Route path="*" element={screen(<IssuerAreaNotFound />)} />
          </Route>
        </Route>
      </Routes>
    </IssuerAuthProvider>
  );
}
