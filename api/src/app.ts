import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { adminLoginRoutes, adminSessionRoutes } from './features/admin-auth/routes';
import { requireAdmin, requireMfaEnrolled, requirePasswordChanged } from './identity/middleware';
import { adminMfaLoginRoutes, adminMfaRoutes } from './features/admin-mfa/routes';
import { requireStepUp } from './features/admin-mfa/step-up';
import { adminStepUpRoutes } from './features/admin-mfa/step-up-routes';
import { adminSessionListRoutes } from './features/admin-sessions/routes';
import { adminUserRoutes } from './features/admin-users/routes';
import { intercomMessagingService, type MessagingService } from './features/contact/messaging-service';
import { contactAdminRoutes } from './features/contact/admin-routes';
import { contactRoutes } from './features/contact/routes';
import { ONBOARDING_SUBMIT_PATH, issuerOnboardingRoutes } from './features/issuer-onboarding/routes';
import { csrfTokens } from './features/csrf/csrf-tokens';
import { csrfRoutes } from './features/csrf/routes';
import { outboxAdminRoutes } from './features/email/admin-routes';
import { paperAdviceRoutes } from './features/paper-advices/routes';
import { healthRoutes } from './features/health/routes';
import { httpMetrics } from './features/metrics/http-metrics';
import { metricsRoutes } from './features/metrics/routes';
import { openApiRoutes } from './features/openapi/routes';
import { enforceIpWhitelist } from './features/ip-whitelist/enforce';
import { ipWhitelistRoutes } from './features/ip-whitelist/routes';
import { issuerApplicationAdminRoutes } from './features/issuer-applications/admin-routes';
import { issuerOpenRoutes, issuerSessionRoutes } from './features/issuer-auth/routes';
import { issuerFactorRoutes } from './features/issuer-auth/factor-routes';
import { requireIssuer } from './identity/issuer-sessions';
import { issuerPortalRoutes } from './features/issuer-portal/routes';
import { issuerUserRoutes } from './features/issuer-users/routes';
import { portalAuthRoutes } from './features/portal-auth/routes';
import { portalDocumentRoutes } from './features/portal-holdings/document-routes';
import { lostCertificateRoutes } from './features/lost-certificates/routes';
import { portalHoldingRoutes } from './features/portal-holdings/routes';
import { portalRequestRoutes } from './features/portal-requests/routes';
import { deliveryPreferenceRoutes } from './features/delivery-preferences/routes';
import { registryRoutes } from './features/registry/routes';
import { ledgerRoutes } from './features/ledger/routes';
import { ocfRoutes } from './features/ocf/routes';
import { ocfImportRoutes } from './features/ocf/import/routes';
import { requestReviewRoutes } from './features/request-review/routes';
import { requestPostingRoutes } from './features/request-review/posting-routes';
import { VERIFICATION_UPLOAD_PATH, verificationRoutes } from './features/verification/routes';
import { webAppRoutes } from './features/web-app/serve-web';
import type { AppDeps, AppEnv } from './lib/context';
import { AppError } from './lib/errors';
import { apiNotFound, handleError } from './middleware/error-handler';
import { requestContext } from './middleware/request-context';
import { securityHeaders } from './middleware/security-headers';

/** JSON bodies are small; upload routes set their own, larger limit. */
export const JSON_BODY_LIMIT_BYTES = 100 * 1024;
const LARGE_BODY_PATHS = new Set(['/api/admin/shareholders/import', VERIFICATION_UPLOAD_PATH, ONBOARDING_SUBMIT_PATH]);
/** Upload routes with an id in the path: the OCF import (its own 20 MB limit). */
const LARGE_BODY_PATTERN = /^\/api\/admin\/issuers\/[0-9a-f-]{36}\/ocf-import$/;

/** `messaging` defaults to Intercom when INTERCOM_ACCESS_TOKEN is set. */
export function createApp(deps: AppDeps, messaging: MessagingService | null = intercomMessagingService(deps.config)) {
  const app = new Hono<AppEnv>();
  app.use('*', requestContext(deps), ...securityHeaders(deps));
  app.use('*', httpMetrics(deps));
  app.onError(handleError);

  const api = new Hono<AppEnv>();
  const jsonBodyLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
    },
  });
  // File routes set their own, larger limit on the route itself.
  // A GET, HEAD, DELETE or OPTIONS without Content-Length or Transfer-Encoding has no body (RFC 9112
  // 6.3): nothing to limit. Hono's bodyLimit would rebuild such a request, which fails under
  // @hono/node-server for a DELETE. Every other request still goes through the limit.
  const bodiless = (c: Context) =>
    ['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(c.req.method) &&
    c.req.header('Content-Length') === undefined &&
    c.req.header('Transfer-Encoding') === undefined;
  // A body with a Content-Length is checked against it: Node's parser never reads past the declared length, and
  // hono's bodyLimit, which does the same check, first reads `c.req.raw.body`, which makes @hono/node-server
  // build a whole web Request, stream and abort signal per call (a third of a transfer's CPU, decision 019).
  // A chunked body goes through bodyLimit, which counts the bytes as they come.
  const declaredTooLarge = (c: Context) => {
    const declared = c.req.header('Content-Length');
    if (declared === undefined || c.req.header('Transfer-Encoding') !== undefined) return null;
    return Number(declared) > JSON_BODY_LIMIT_BYTES;
  };
  api.use('*', (c, next) => {
    if (LARGE_BODY_PATHS.has(c.req.path) || LARGE_BODY_PATTERN.test(c.req.path) || bodiless(c)) return next();
    const tooLarge = declaredTooLarge(c);
    if (tooLarge === null) return jsonBodyLimit(c, next);
    if (tooLarge) throw new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
    return next();
  });
  api.use('*', async (c, next) => {
    await next();
    // API answers are per-user and live: never cached by the browser, a proxy or the service worker.
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  api.route('/', healthRoutes(deps));
  api.route('/', metricsRoutes(deps));
  const csrf = csrfTokens(deps);
  api.route('/', csrfRoutes(csrf));
  api.route('/', contactRoutes(deps, messaging));
  api.route('/', issuerOnboardingRoutes(deps));
  api.route('/shareholder-portal', portalAuthRoutes(deps));
  api.route('/shareholder-portal', portalRequestRoutes(deps));
  api.route('/shareholder-portal', portalHoldingRoutes(deps));
  api.route('/shareholder-portal', portalDocumentRoutes(deps));
  api.route('/shareholder-portal', lostCertificateRoutes(deps));
  api.route('/shareholder-portal', deliveryPreferenceRoutes(deps));
  api.route('/shareholder-portal', verificationRoutes(deps, csrf));
  // The issuer portal (decision 023): its own kind of account; a staff token is no issuer session, and an
  // issuer token is no admin session (each lookup joins its own users' table).
  api.route('/issuer', issuerOpenRoutes(deps));
  const issuer = new Hono<AppEnv>();
  issuer.use('*', requireIssuer(deps));
  issuer.route('/', issuerSessionRoutes(deps));
  issuer.route('/', issuerFactorRoutes(deps));
  issuer.route('/', issuerPortalRoutes(deps));
  issuer.route('/', issuerUserRoutes(deps));
  api.route('/issuer', issuer);
  // The IP whitelist guards every admin call, login included, before the session or the password is checked.
  api.use('/admin/*', enforceIpWhitelist(deps));
  api.route('/admin', adminLoginRoutes(deps));
  api.route('/admin', adminMfaLoginRoutes(deps));

  const admin = new Hono<AppEnv>();
  admin.use('*', requireAdmin(deps), requirePasswordChanged, requireMfaEnrolled);
  // Sensitive changes and exports need a recent proof (issue 17); the policy table lives in step-up.ts.
  admin.use('*', requireStepUp(deps));
  admin.route('/', adminSessionRoutes(deps));
  admin.route('/', adminMfaRoutes(deps));
  admin.route('/', adminStepUpRoutes(deps));
  admin.route('/', registryRoutes(deps));
  admin.route('/', ledgerRoutes(deps));
  admin.route('/', ocfRoutes(deps));
  admin.route('/', ocfImportRoutes(deps));
  // After the session routes, which answer /users/me for every role.
  admin.route('/', adminUserRoutes(deps));
  admin.route('/', adminSessionListRoutes(deps));
  admin.route('/', requestReviewRoutes(deps));
  admin.route('/', requestPostingRoutes(deps));
  admin.route('/', contactAdminRoutes(deps, messaging));
  admin.route('/', issuerApplicationAdminRoutes(deps));
  admin.route('/', ipWhitelistRoutes(deps));
  admin.route('/', outboxAdminRoutes(deps));
  admin.route('/', paperAdviceRoutes(deps));
  api.route('/admin', admin);

  // The document reads the whole app's routes at its first request, when everything is mounted.
  api.route('/', openApiRoutes(app));
  api.all('*', apiNotFound);
  app.route('/api', api);
  app.route('/', webAppRoutes(deps.config.webDistDir, deps.config.publicUrl));
  return app;
}
export type App = ReturnType<typeof createApp>;
