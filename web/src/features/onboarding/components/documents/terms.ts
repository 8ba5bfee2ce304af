/**
 * The commitments the three onboarding documents state (spec section 9), written once so the
 * Service Agreement and the Service Standards table cannot drift apart.
 */
export const DOCUMENT_VERSION = 'Version 1.0';

export const TERMINATION_NOTICE = "30 days' written notice";

export interface ServiceLevel {
  id: string;
  area: string;
  commitment: string;
  measure: string;
}

export const SERVICE_LEVELS: readonly ServiceLevel[] = [
  {
    id: 'transfers',
    area: 'Transfer requests',
    commitment: 'Processed within 3 business days',
    measure:
      'From receipt of a complete request in good order, with every required document and verification, to the update of the shareholder record.',
  },
  {
    id: 'certificates',
    area: 'Certificate issuance',
    commitment: 'Issued within 5 business days',
    measure:
      'From receipt of a complete issuance instruction to the dispatch of the certificate or the book-entry (DRS) statement.',
  },
  {
    id: 'support',
    area: 'E-mail support',
    commitment: 'Answered within 4 business hours',
    measure:
      'From receipt of the e-mail to the first reply from a named member of the support team (not an automatic acknowledgement).',
  },
  {
    id: 'uptime',
    area: 'Platform availability',
    commitment: '99.9% uptime',
    measure:
      'Minutes the issuer and shareholder portals are available in a calendar month, excluding scheduled maintenance announced in advance.',
  },
  {
    id: 'accuracy',
    area: 'Record accuracy',
    commitment: '99.99% of record entries accurate',
    measure:
      'Share-register entries found correct in the monthly reconciliation, as a share of all entries made in that month.',
  },
  {
    id: 'reports',
    area: 'Monthly reports',
    commitment: 'Delivered by the 10th of each month',
    measure:
      'Shareholder list, transfer journal, and service-level results for the previous calendar month, available in the issuer portal.',
  },
];

export const ENCRYPTION_AT_REST = 'AES-256';
export const ENCRYPTION_IN_TRANSIT = 'TLS 1.3';
