import type { ControlBookView, IssuerView } from '../api/ledger';

/** One issuer with a class in balance and one whose authorized shares are not recorded, for the ledger screens' tests. */
export const issuers: IssuerView[] = [
  {
    id: 'issuer-1',
    legalName: 'Acme Corp',
    timeZone: 'America/Los_Angeles',
    issuerApplicationId: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    classes: [
      {
        id: 'class-common',
        issuerId: 'issuer-1',
        name: 'Common',
        cusip: '004400AB1',
        parValue: '0.001',
        authorizedShares: '10000000',
        outstandingShares: '1250000.5',
      },
      {
        id: 'class-preferred',
        issuerId: 'issuer-1',
        name: 'Series A Preferred',
        cusip: null,
        parValue: null,
        authorizedShares: null,
        outstandingShares: '0',
      },
    ],
  },
];

export const controlBooks: Record<string, ControlBookView> = {
  'class-common': {
    classId: 'class-common',
    authorizedShares: '10000000',
    issuedShares: '1300000.5',
    cancelledShares: '50000',
    outstandingShares: '1250000.5',
    masterFileTotal: '1250000.5',
    difference: '0',
  },
  'class-preferred': {
    classId: 'class-preferred',
    authorizedShares: null,
    issuedShares: '0',
    cancelledShares: '0',
    outstandingShares: '0',
    masterFileTotal: '0',
    difference: '0',
  },
};
