/** What the admin activity log records (admin-request-review spec 7, GET /admin/activity): one list for the server and the filters. */
export const ACTIVITY_ACTIONS = [
  'LOGIN',
  'LOGIN_FAILED',
  'LOGIN_THROTTLED',
  'LOGOUT',
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
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** Shareholders' sign-in attempts are listed under this resource type (from their own table). */
export const PORTAL_SIGN_IN_RESOURCE = 'PORTAL_SIGN_IN';

/** The resource types the log holds; the filter matches them without regard to case. */
export const ACTIVITY_RESOURCE_TYPES = ['REQUEST', 'admin_session', 'admin_user', 'shareholder', PORTAL_SIGN_IN_RESOURCE] as const;
