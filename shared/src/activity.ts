/** What the admin activity log records (admin-request-review spec 7, GET /admin/activity): one list for the server and the filters. */
export const ACTIVITY_ACTIONS = [
  'LOGIN',
  'LOGIN_FAILED',
  'LOGIN_THROTTLED',
  'LOGOUT',
  'LOGIN_MFA_REQUIRED',
  'MFA_CODE_FAILED',
  'MFA_THROTTLED',
  'MFA_RECOVERY_CODE_USED',
  'MFA_TOTP_SETUP_STARTED',
  'MFA_TOTP_ENABLED',
  'MFA_TOTP_DISABLED',
  'MFA_PASSKEY_ADDED',
  'MFA_PASSKEY_REMOVED',
  'MFA_PASSKEY_FAILED',
  'MFA_PASSKEY_COUNTER_ERROR',
  'MFA_RECOVERY_CODES_REGENERATED',
  'MFA_STEP_UP',
  'MFA_STEP_UP_FAILED',
  'PASSWORD_CHANGED',
  'PASSWORD_CHANGE_FAILED',
  'ADMIN_BOOTSTRAPPED',
  'ADMIN_DEACTIVATED',
  'SHAREHOLDER_CREATED',
  'SHAREHOLDERS_IMPORTED',
  'REQUEST_STATUS_CHANGED',
  'REQUEST_NOTE_ADDED',
  'REQUEST_FLAGGED',
  'REQUEST_UNFLAGGED',
  'DOCUMENT_APPROVED',
  'DOCUMENT_REJECTED',
  'DOCUMENT_VIEWED',
  'IMAGE_STATE_SAVED',
  'ADMIN_USER_CREATED',
  'ADMIN_USER_UPDATED',
  'ADMIN_PASSWORD_RESET',
  'ADMIN_SESSION_ENDED',
  'ADMIN_MFA_RESET',
  'IP_RULE_CREATED',
  'IP_RULE_UPDATED',
  'IP_RULE_DELETED',
  'ADMIN_ACCESS_BLOCKED',
  'CONTACT_VIEWED',
  'CONTACT_STATUS_CHANGED',
  'CONTACT_NOTES_UPDATED',
  'CONTACT_ASSIGNED',
  'CONTACT_FORWARD_RETRIED',
  'CONTACT_EXPORTED',
  'ISSUER_APPLICATION_STATUS_CHANGED',
  'ISSUER_APPLICATION_NOTES_UPDATED',
  'ISSUER_APPLICATIONS_EXPORTED',
  'EMAIL_VIEWED',
  'EMAIL_RETRIED',
  'ISSUER_CREATED',
  'SHARE_CLASS_CREATED',
  'LEDGER_ISSUANCE_POSTED',
  'LEDGER_TRANSFER_POSTED',
  'LEDGER_REQUEST_POSTED',
  'LEDGER_AUTHORIZED_ADJUSTED',
  'LEDGER_CONVERSION_POSTED',
  'LEDGER_CANCELLATION_POSTED',
  'LEDGER_REISSUANCE_POSTED',
  'LEDGER_TRANSACTION_REVERSED',
  'CERTIFICATE_STOPPED',
  'LEDGER_RECONCILED',
  'CERTIFICATE_RELEASED',
  'LEDGER_POSTING_PROPOSED',
  'LEDGER_POSTING_CONFIRMED',
  // Issue 30: a holder took a PDF (transaction advice or statement) from the portal.
  'PORTAL_DOCUMENT_DOWNLOADED',
  // Decision 022: staff printed a holder's paper transaction advice, and recorded a batch of them as mailed.
  'PAPER_ADVICE_DOWNLOADED',
  'PAPER_ADVICES_MAILED',
  'LOST_CERTIFICATE_REPORTED',
  // An issuer's cap table left the system as an OCF bundle (decision 024).
  'OCF_EXPORTED',
  // An issuer's opening cap table posted from an OCF bundle (decision 026): the counts per object type.
  'OCF_IMPORTED',
  // Issuer accounts (decision 023): staff invite an approved application's contact; the invitee accepts.
  'ISSUER_LINKED',
  'ISSUER_INVITATION_SENT',
  'ISSUER_INVITATION_REVOKED',
  'ISSUER_INVITATION_ACCEPTED',
  // An issuer's user took its record-date list as CSV (tax IDs masked): who carried the holders' names out, and when.
  'ISSUER_HOLDERS_EXPORTED',
  // An issuer's administrator removed a colleague (decision 025): the user is disabled and signed out everywhere.
  'ISSUER_USER_REMOVED',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** Shareholders' sign-in attempts are listed under this resource type (from their own table). */
export const PORTAL_SIGN_IN_RESOURCE = 'PORTAL_SIGN_IN';

/**
 * What every staff role reads of the log (issue 27): the work on requests and their documents, the
 * registry and the ledger (every role reads the ledger itself). The rest (users, sessions, second factors, IP rules, blocked addresses, sign-in attempts,
 * contact submissions, issuer applications, the mail log) is read from ADMIN up, as those screens are.
 * Resource types are compared without case.
 */
export const ACTIVITY_RESOURCES_FOR_EVERY_ROLE = ['request', 'shareholder', 'ledger'] as const;

export const ACTIVITY_MESSAGES = {
  resourceForbidden: 'Only administrators can read the activity of that kind.',
} as const;

/** The resource types the log holds; the filter matches them without regard to case. */
export const ACTIVITY_RESOURCE_TYPES = [
  'REQUEST',
  'admin_session',
  'admin_user',
  'shareholder',
  'ip_rule',
  'contact_submission',
  'issuer_application',
  'email',
  PORTAL_SIGN_IN_RESOURCE,
] as const;
