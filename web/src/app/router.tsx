import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { paths, routes } from '../config/paths';
import { Spinner } from '../components/ui/spinner';
import { importInSlices, ZOD_FIRST } from '../lib/import-in-slices';
import { HomePage } from '../features/marketing/routes/home';
import { AdminLoginFrame } from '../features/admin-auth/components/login-frame';
import { IssuerLoginFrame } from '../features/issuer-auth/components/login-frame';
import { VerifyPending } from '../features/verify/components/verify-pending';
import { PublicLayout } from './public-layout';

// The home page is eager (it is the landing page); every other screen is its own chunk,
// and each audience's area (admin, portal, verify, onboarding) is one a visitor of the home page never loads.
const AboutPage = lazy(() => import('../features/marketing/routes/about'));
const FeaturesPage = lazy(() => import('../features/marketing/routes/features'));
const TransferServicesPage = lazy(() => import('../features/marketing/routes/transfer-services'));
const ContactPage = lazy(() => import('../features/marketing/routes/contact'));
const PrivacyPolicyPage = lazy(() => import('../features/marketing/routes/privacy-policy'));
const TermsOfServicePage = lazy(() => import('../features/marketing/routes/terms-of-service'));
const CookiePolicyPage = lazy(() => import('../features/marketing/routes/cookie-policy'));
const ShareholderRequestsPage = lazy(() => import('../features/portal/routes/shareholder-requests'));
const IssuerPortalPage = lazy(() => import('../features/onboarding/routes/issuer-portal'));
// In slices: zod and the error schema, the verification schemas, the API client, then the page.
const VerifyPage = lazy(() =>
  importInSlices(
    [ZOD_FIRST, () => import('@ledgerwell/shared/verification'), () => import('../lib/api-client')],
    () => import('../features/verify/routes/verify'),
  ),
);
const PortalVerifyPage = lazy(() => import('./routes/portal-verify'));
const NotFoundPage = lazy(() => import('./routes/not-found'));
// In slices too (zod and the error schema, the API client, the session and its schemas, then the sign-in page).
const AdminArea = lazy(() =>
  importInSlices(
    [ZOD_FIRST, () => import('../lib/api-client'), () => import('../features/admin-auth/auth-context')],
    () => import('./routes/admin-area'),
  ),
);

// The issuer users' area, the same way: the session and the sign-in page first.
const IssuerArea = lazy(() =>
  importInSlices(
    [ZOD_FIRST, () => import('../lib/api-client'), () => import('../features/issuer-auth/auth-context')],
    () => import('./routes/issuer-area'),
  ),
);

/**
 * The admin area while its chunk loads (and in its frame files): on the sign-in page, the sign-in card
 * with its heading (the page's largest text paints before any script); elsewhere, a spinner.
 */
function AdminPending() {
  return useLocation().pathname === paths.admin.login ? (
    <AdminLoginFrame>
      <Spinner />
    </AdminLoginFrame>
  ) : (
    <Spinner block />
  );
}

/** The issuer area while its chunk loads: its sign-in card on the sign-in page, else a spinner. */
function IssuerPending() {
  return useLocation().pathname === paths.issuer.login ? (
    <IssuerLoginFrame>
      <Spinner />
    </IssuerLoginFrame>
  ) : (
    <Spinner block />
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path={routes.adminArea}
        element={
          <Suspense fallback={<AdminPending />}>
            <AdminArea />
          </Suspense>
        }
      />
      <Route
        path={routes.issuerArea}
        element={
          <Suspense fallback={<IssuerPending />}>
            <IssuerArea />
          </Suspense>
        }
      />
      <Route element={<PublicLayout />}>
        <Route index element={<HomePage />} />
        <Route path={paths.about} element={<AboutPage />} />
        <Route path={paths.features} element={<FeaturesPage />} />
        <Route path={paths.transferServices} element={<TransferServicesPage />} />
        <Route path={paths.shareholderRequests} element={<ShareholderRequestsPage />} />
        <Route path={routes.verifyRequest} element={<PortalVerifyPage />} />
        <Route path={paths.contact} element={<ContactPage />} />
        <Route path={paths.issuerPortal} element={<IssuerPortalPage />} />
        <Route
          path={routes.verify}
          element={
            // The page's own first view while its chunk loads (and in verify-shell.html): nothing moves when it arrives.
            <Suspense fallback={<VerifyPending />}>
              <VerifyPage />
            </Suspense>
          }
        />
        {/* Verification without a code goes home (public-site spec 2). */}
        <Route path={routes.verifyWithoutCode} element={<Navigate to={paths.home} replace />} />
        <Route path={paths.privacyPolicy} element={<PrivacyPolicyPage />} />
        <Route path={paths.termsOfService} element={<TermsOfServicePage />} />
        <Route path={paths.cookiePolicy} element={<CookiePolicyPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
