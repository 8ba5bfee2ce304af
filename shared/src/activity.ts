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
  'MFA_RECOVERY_CODES_REGENERATED',
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
  'IP_RULE_CREATED',
  'IP_RULE_UPDATED',
  'IP_RULE_DELETED',
  'ADMIN_ACCESS_BLOCKED',
  'CONTACT_VIEWED',
  'CONTACT_STATUS_CHANGED',
  'ADMIN_SESSION_ENDED',
  'ADMIN_MFA_RESET',
  'CONTACT_NOTES_UPDATED',
  'CONTACT_ASSIGNED',
  'CONTACT_FORWARD_RETRIED',
  'CONTACT_EXPORTED',
  'ISSUER_APPLICATION_STATUS_CHANGED',
  'ISSUER_APPLICATION_NOTES_UPDATED',
  'ISSUER_APPLICATIONS_EXPORTED',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** Shareholders' sign-in attempts are listed under this resource type (from their own table). */
export const PORTAL_SIGN_IN_RESOURCE = 'PORTAL_SIGN_IN';

/** The resource types the log holds; the filter matches them without regard to case. */
export const ACTIVITY_RESOURCE_TYPES = ['REQUEST', 'admin_session', 'admin_user', 'shareholder', 'ip_rule', 'contact_submission', 'issuer_application', PORTAL_SIGN_IN_RESOURCE] as const;
