// No zod here: the portal's first view (its 'how it works' list) needs the request types and not
// the request schemas, whose construction is a long task on a phone (portal-requests.ts re-exports these).

/** Shareholder request types, as the portal sends them (public-site spec 3). */
export const REQUEST_TYPES = ['TRANSFER', 'ADDRESS_CHANGE', 'CERTIFICATE', 'INQUIRY', 'LOST_CERTIFICATE'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/**
 * The types the portal offers as a generic form (its request cards): a lost-certificate report is filed from the
 * holdings, with its affidavit, through its own call.
 */
export const PORTAL_FORM_REQUEST_TYPES = [
  'TRANSFER',
  'ADDRESS_CHANGE',
  'CERTIFICATE',
  'INQUIRY',
] as const satisfies readonly RequestType[];
export type PortalFormRequestType = (typeof PORTAL_FORM_REQUEST_TYPES)[number];

/** The request types' names, as the portal's cards (public-site spec 2) and every other screen and e-mail show them. */
export const REQUEST_TYPE_TITLES: Record<RequestType, string> = {
  TRANSFER: 'Transfer Request',
  ADDRESS_CHANGE: 'Address Change',
  CERTIFICATE: 'Certificate Request',
  INQUIRY: 'General Inquiry',
  LOST_CERTIFICATE: 'Lost Certificate Report',
};
