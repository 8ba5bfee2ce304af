/** Every URL the web app links to or calls, in one place (bulletproof-react `config/paths.ts`). */

export type QueryValue = string | number | boolean | undefined;

/** `path?k=v`, leaving out empty and undefined values. */
export function withQuery(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export interface AdminRequestsQuery {
  status?: 'pending' | 'processing' | 'approved' | 'rejected';
  type?: 'transfer' | 'address_change' | 'certificate' | 'inquiry';
  date?: 'today' | 'week';
  flagged?: boolean;
  assigned?: string;
  search?: string;
  [key: string]: QueryValue;
}

const ADMIN = '/admin';
/** The signed-in issuer area (issuer users); not /issuer-portal, the public onboarding wizard. */
const ISSUER = '/issuer';

export const paths = {
  home: '/',
  about: '/about',
  features: '/features',
  transferServices: '/transfer-services',
  shareholderRequests: '/shareholder-requests',
  /** Identity verification from the portal, signed in, by request id (no code needed). */
  verifyRequest: (requestId: string) => `/shareholder-requests/verify/${encodeURIComponent(requestId)}`,
  contact: '/contact',
  issuerPortal: '/issuer-portal',
  verify: (code: string) => `/verify/${encodeURIComponent(code)}`,
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  cookiePolicy: '/cookie-policy',
  admin: {
    root: ADMIN,
    login: `${ADMIN}/login`,
    dashboard: `${ADMIN}/dashboard`,
    requests: (query?: AdminRequestsQuery) => withQuery(`${ADMIN}/requests`, query),
    request: (id: string) => `${ADMIN}/requests/${encodeURIComponent(id)}`,
    users: `${ADMIN}/users`,
    ipWhitelist: `${ADMIN}/ip-whitelist`,
    contactSubmissions: `${ADMIN}/contact-submissions`,
    issuerApplications: `${ADMIN}/issuer-applications`,
    activity: `${ADMIN}/activity`,
    shareholders: `${ADMIN}/shareholders`,
    ledger: `${ADMIN}/ledger`,
    ledgerClass: (classId: string) => `${ADMIN}/ledger/classes/${encodeURIComponent(classId)}`,
    ledgerJournal: `${ADMIN}/ledger/journal`,
    ledgerAccount: (accountId: string) => `${ADMIN}/ledger/accounts/${encodeURIComponent(accountId)}`,
    changePassword: `${ADMIN}/change-password`,
    security: `${ADMIN}/security`,
    outbox: `${ADMIN}/outbox`,
    paperAdvices: `${ADMIN}/paper-advices`,
  },
  issuer: {
    root: ISSUER,
    login: `${ISSUER}/login`,
    /** The invitation's link carries its token in the fragment: `/issuer/invitation#token=…`. */
    invitation: `${ISSUER}/invitation`,
    /** Second-factor enrolment (required before anything else) and the user's own factors. */
    security: `${ISSUER}/security`,
    capTable: `${ISSUER}/cap-table`,
    holders: (classId: string, query?: { asOf?: string }) =>
      withQuery(`${ISSUER}/classes/${encodeURIComponent(classId)}/holders`, query),
    journal: `${ISSUER}/journal`,
    requests: `${ISSUER}/requests`,
    users: `${ISSUER}/users`,
  },
} as const;

/** Route patterns for <Route path>: top level, and the admin tree relative to /admin/*. */
export const routes = {
  verify: '/verify/:code',
  verifyWithoutCode: '/verify',
  verifyRequest: '/shareholder-requests/verify/:requestId',
  adminArea: `${ADMIN}/*`,
  issuerArea: `${ISSUER}/*`,
  issuer: {
    login: 'login',
    invitation: 'invitation',
    security: 'security',
    capTable: 'cap-table',
    holders: 'classes/:classId/holders',
    journal: 'journal',
    requests: 'requests',
    users: 'users',
  },
  admin: {
    login: 'login',
    dashboard: 'dashboard',
    requests: 'requests',
    request: 'requests/:id',
    users: 'users',
    ipWhitelist: 'ip-whitelist',
    contactSubmissions: 'contact-submissions',
    issuerApplications: 'issuer-applications',
    activity: 'activity',
    shareholders: 'shareholders',
    ledger: 'ledger',
    ledgerClass: 'ledger/classes/:classId',
    ledgerJournal: 'ledger/journal',
    ledgerAccount: 'ledger/accounts/:accountId',
    changePassword: 'change-password',
    security: 'security',
    outbox: 'outbox',
    paperAdvices: 'paper-advices',
  },
} as const;

export function isAdminPath(pathname: string): boolean {
  return pathname === ADMIN || pathname.startsWith(`${ADMIN}/`);
}

/** The signed-in issuer area (never /issuer-portal, the public wizard). */
export function isIssuerAreaPath(pathname: string): boolean {
  return pathname === ISSUER || pathname.startsWith(`${ISSUER}/`);
}

/** The API, served from the same origin under /api (proxied to :3000 in development). */
export const apiPaths = {
  csrfToken: '/api/csrf-token',
  contact: '/api/contact',
  issuerOnboarding: {
    start: '/api/issuer-onboarding/start',
    submit: '/api/issuer-onboarding/submit',
  },
  admin: {
    login: '/api/admin/login',
    loginMfa: '/api/admin/login/mfa',
    loginPasskeyOptions: '/api/admin/login/webauthn/options',
    loginPasskeyVerify: '/api/admin/login/webauthn/verify',
    mfaPasskeyOptions: '/api/admin/mfa/webauthn/options',
    mfaPasskeyRegisterOptions: '/api/admin/mfa/webauthn/register/options',
    mfaPasskeyRegisterVerify: '/api/admin/mfa/webauthn/register/verify',
    mfaPasskeyRemove: (id: string) => `/api/admin/mfa/webauthn/${encodeURIComponent(id)}/remove`,
    mfa: '/api/admin/mfa',
    mfaTotpSetup: '/api/admin/mfa/totp/setup',
    mfaTotpEnable: '/api/admin/mfa/totp/enable',
    mfaTotpDisable: '/api/admin/mfa/totp/disable',
    mfaRecoveryCodes: '/api/admin/mfa/recovery-codes',
    mfaStepUp: '/api/admin/mfa/step-up',
    verify: '/api/admin/auth/verify',
    logout: '/api/admin/logout',
    me: '/api/admin/users/me',
    myPassword: '/api/admin/users/me/password',
    users: '/api/admin/users',
    user: (id: string) => `/api/admin/users/${encodeURIComponent(id)}`,
    userResetPassword: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/reset-password`,
    userResetMfa: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/reset-mfa`,
    userSessions: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/sessions`,
    userSession: (id: string, sessionId: string) =>
      `/api/admin/users/${encodeURIComponent(id)}/sessions/${encodeURIComponent(sessionId)}`,
    sessions: '/api/admin/sessions',
    session: (sessionId: string) => `/api/admin/sessions/${encodeURIComponent(sessionId)}`,
    sessionsSignOutOthers: '/api/admin/sessions/sign-out-others',
    shareholders: '/api/admin/shareholders',
    shareholdersImport: '/api/admin/shareholders/import',
    dashboardStats: '/api/admin/dashboard/stats',
    activity: '/api/admin/activity',
    requests: '/api/admin/requests',
    request: (id: string) => `/api/admin/requests/${encodeURIComponent(id)}`,
    requestStatus: (id: string) => `/api/admin/requests/${encodeURIComponent(id)}/status`,
    requestPosting: (id: string) => `/api/admin/requests/${encodeURIComponent(id)}/posting`,
    requestPost: (id: string) => `/api/admin/requests/${encodeURIComponent(id)}/post`,
    postingConfirm: (id: string) => `/api/admin/ledger/postings/${encodeURIComponent(id)}/confirm`,
    ledgerPostings: '/api/admin/ledger/postings',
    ledgerReconcile: '/api/admin/ledger/reconcile',
    ledgerTransactions: '/api/admin/ledger/transactions',
    ledgerReissuances: '/api/admin/ledger/reissuances',
    accountPosition: (accountId: string) => `/api/admin/ledger/accounts/${encodeURIComponent(accountId)}/position`,
    documents: '/api/shareholder-portal/documents',
    document: (id: string) => `/api/shareholder-portal/documents/${encodeURIComponent(id)}`,
    statement: '/api/shareholder-portal/statement',
    lostCertificates: '/api/shareholder-portal/lost-certificates',
    accountTransactions: (accountId: string) =>
      `/api/admin/ledger/accounts/${encodeURIComponent(accountId)}/transactions`,
    accountCertificates: (accountId: string) =>
      `/api/admin/ledger/accounts/${encodeURIComponent(accountId)}/certificates`,
    recordDifferences: '/api/admin/ledger/record-differences',
    issuers: '/api/admin/issuers',
    issuerClasses: (issuerId: string) => `/api/admin/issuers/${encodeURIComponent(issuerId)}/classes`,
    issuerOcf: (issuerId: string) => `/api/admin/issuers/${encodeURIComponent(issuerId)}/ocf`,
    issuerOcfImport: (issuerId: string) => `/api/admin/issuers/${encodeURIComponent(issuerId)}/ocf-import`,
    authorizedAdjustments: '/api/admin/ledger/authorized-adjustments',
    controlBook: (classId: string) => `/api/admin/ledger/classes/${encodeURIComponent(classId)}/control-book`,
    classHolders: (classId: string) => `/api/admin/ledger/classes/${encodeURIComponent(classId)}/holders`,
    classHoldersExport: (classId: string) =>
      `/api/admin/ledger/classes/${encodeURIComponent(classId)}/holders/export/csv`,
    certificates: '/api/admin/certificates',
    certificateStop: (id: string) => `/api/admin/certificates/${encodeURIComponent(id)}/stop`,
    certificateRelease: (id: string) => `/api/admin/certificates/${encodeURIComponent(id)}/release`,
    requestNotes: (id: string) => `/api/admin/requests/${encodeURIComponent(id)}/notes`,
    requestFlag: (id: string) => `/api/admin/requests/${encodeURIComponent(id)}/flag`,
    requestImageState: (id: string) => `/api/admin/requests/${encodeURIComponent(id)}/image-state`,
    affidavitSignature: (id: string) => `/api/admin/requests/${encodeURIComponent(id)}/affidavit-signature`,
    requestImage: (id: string, imageType: string) =>
      `/api/admin/requests/${encodeURIComponent(id)}/verification/${encodeURIComponent(imageType)}`,
    documentStatus: (id: string, documentId: string) =>
      `/api/admin/requests/${encodeURIComponent(id)}/documents/${encodeURIComponent(documentId)}/status`,
    ipWhitelist: '/api/admin/ip-whitelist',
    ipRule: (id: string) => `/api/admin/ip-whitelist/${encodeURIComponent(id)}`,
    contactSubmissions: '/api/admin/contact-submissions',
    contactStats: '/api/admin/contact-submissions/stats',
    contactAssignees: '/api/admin/contact-submissions/assignees',
    contactExport: '/api/admin/contact-submissions/export/csv',
    contactSubmission: (id: string) => `/api/admin/contact-submissions/${encodeURIComponent(id)}`,
    contactStatus: (id: string) => `/api/admin/contact-submissions/${encodeURIComponent(id)}/status`,
    contactNotes: (id: string) => `/api/admin/contact-submissions/${encodeURIComponent(id)}/notes`,
    contactAssign: (id: string) => `/api/admin/contact-submissions/${encodeURIComponent(id)}/assign`,
    contactRetryForward: (id: string) => `/api/admin/contact-submissions/${encodeURIComponent(id)}/retry-forward`,
    // Spec 7.1's paths as they are: list, stats, detail and status under issuer-onboarding, notes and export under issuer-applications.
    issuerApplications: '/api/admin/issuer-onboarding',
    issuerStats: '/api/admin/issuer-onboarding/stats',
    issuerApplication: (id: string) => `/api/admin/issuer-onboarding/${encodeURIComponent(id)}`,
    issuerStatus: (id: string) => `/api/admin/issuer-onboarding/${encodeURIComponent(id)}/status`,
    issuerNotes: (id: string) => `/api/admin/issuer-applications/${encodeURIComponent(id)}/notes`,
    issuerExport: '/api/admin/issuer-applications/export/csv',
    outbox: '/api/admin/outbox',
    outboxEmail: (id: string) => `/api/admin/outbox/${encodeURIComponent(id)}`,
    outboxRetry: (id: string) => `/api/admin/outbox/${encodeURIComponent(id)}/retry`,
    paperAdvices: '/api/admin/paper-advices',
    paperAdvicePdf: (id: string) => `/api/admin/paper-advices/${encodeURIComponent(id)}/pdf`,
    paperAdvicesMailed: '/api/admin/paper-advices/mailed',
  },
  portal: {
    validateCode: '/api/shareholder-portal/validate-code',
    validateAccount: '/api/shareholder-portal/validate-account',
    session: '/api/shareholder-portal/session',
    logout: '/api/shareholder-portal/logout',
    signInLink: '/api/shareholder-portal/sign-in-link',
    redeemSignInLink: '/api/shareholder-portal/sign-in-link/redeem',
    submitRequest: '/api/shareholder-portal/submit-request',
    requests: '/api/shareholder-portal/requests',
    deliveryPreferences: '/api/shareholder-portal/delivery-preferences',
    request: (id: string) => `/api/shareholder-portal/requests/${encodeURIComponent(id)}`,
    validateVerificationCode: '/api/shareholder-portal/validate-verification-code',
    uploadVerification: '/api/shareholder-portal/upload-verification',
    checkVerificationStatus: '/api/shareholder-portal/check-verification-status',
    holdings: '/api/shareholder-portal/holdings',
    documents: '/api/shareholder-portal/documents',
    document: (id: string) => `/api/shareholder-portal/documents/${encodeURIComponent(id)}`,
    statement: '/api/shareholder-portal/statement',
    lostCertificates: '/api/shareholder-portal/lost-certificates',
    accountTransactions: (accountId: string) =>
      `/api/shareholder-portal/accounts/${encodeURIComponent(accountId)}/transactions`,
  },
  /** The issuer area's calls (decision 023); sent with `auth: 'issuer'`. */
  issuer: {
    acceptInvitation: '/api/issuer/invitations/accept',
    login: '/api/issuer/login',
    loginMfa: '/api/issuer/login/mfa',
    loginPasskeyOptions: '/api/issuer/login/webauthn/options',
    loginPasskeyVerify: '/api/issuer/login/webauthn/verify',
    logout: '/api/issuer/logout',
    me: '/api/issuer/me',
    mfa: '/api/issuer/mfa',
    mfaTotpSetup: '/api/issuer/mfa/totp/setup',
    mfaTotpEnable: '/api/issuer/mfa/totp/enable',
    mfaPasskeyRegisterOptions: '/api/issuer/mfa/webauthn/register/options',
    mfaPasskeyRegisterVerify: '/api/issuer/mfa/webauthn/register/verify',
    /** The staff step-up's paths under /api/issuer (the endpoints come with the issuer's exports and invitations). */
    mfaPasskeyOptions: '/api/issuer/mfa/webauthn/options',
    mfaStepUp: '/api/issuer/mfa/step-up',
    capTable: '/api/issuer/cap-table',
    classHolders: (classId: string) => `/api/issuer/classes/${encodeURIComponent(classId)}/holders`,
    classHoldersCsv: (classId: string) => `/api/issuer/classes/${encodeURIComponent(classId)}/holders/export/csv`,
    transactions: '/api/issuer/transactions',
    requests: '/api/issuer/requests',
    ocf: '/api/issuer/ocf',
    users: '/api/issuer/users',
    user: (id: string) => `/api/issuer/users/${encodeURIComponent(id)}`,
    userInvitation: (id: string) => `/api/issuer/users/invitations/${encodeURIComponent(id)}`,
  },
} as const;
