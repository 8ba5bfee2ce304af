import { and, sql } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { issuerApplications } from '@ledgerwell/db/schema';
import {
  issuerApplicationsExportFileName,
  type IssuerApplicationFilters,
} from '@ledgerwell/shared/issuer-applications';
import type { AppDeps } from '../../lib/context';
import type { CsvColumn } from '../../lib/csv-export';
import { createdUpTo, keysetCursor, keysetPages, newestFirst } from '../../lib/keyset-export';
import { recordedCsvExport } from '../activity/recorded-export';
import { filterConditions, ISSUER_RESOURCE, type ReviewerContext } from './review';

const a = issuerApplications;

/** Rows per keyset page: the contact export's measured size (bench:export), for rows of the same order of width. */
export const EXPORT_PAGE_ROWS = 500;

/**
 * The latest signature's signer, "name, title", or null when unsigned. Spelled out: in a one-table
 * select drizzle writes columns unqualified, so `${a.id}` would read the signature's own id here.
 */
const signer = sql<string | null>`(
  select sig.signature_name || ', ' || sig.signature_title from issuer_application_signatures sig
  where sig.application_id = "issuer_applications"."id" order by sig.signed_at desc, sig.id desc limit 1)`;

/** What the export reads: never the EIN, in any form. */
const exportColumns = {
  id: a.id,
  onboardingId: a.onboardingId,
  submittedAt: a.submittedAt,
  createdAt: a.createdAt,
  companyName: a.companyName,
  legalName: a.legalName,
  entityType: a.entityType,
  incorporationState: a.incorporationState,
  contactName: a.contactName,
  contactEmail: a.contactEmail,
  contactPhone: a.contactPhone,
  addressLine1: a.addressLine1,
  addressLine2: a.addressLine2,
  city: a.city,
  state: a.state,
  postalCode: a.postalCode,
  shareholderCount: a.shareholderCount,
  status: a.status,
  adminNotes: a.adminNotes,
  signer,
  cursor: keysetCursor(a),
};
const selectForExport = (db: Db) => db.select(exportColumns).from(a);
type ExportRow = Awaited<ReturnType<typeof selectForExport>>[number];

const COLUMNS: CsvColumn<ExportRow>[] = [
  { header: 'ID', value: (row) => row.id },
  { header: 'Onboarding ID', value: (row) => row.onboardingId },
  { header: 'Submitted', value: (row) => row.submittedAt ?? row.createdAt },
  { header: 'Company', value: (row) => row.companyName },
  { header: 'Legal Name', value: (row) => row.legalName },
  { header: 'Entity Type', value: (row) => row.entityType },
  { header: 'State of Incorporation', value: (row) => row.incorporationState },
  { header: 'Contact Name', value: (row) => row.contactName },
  { header: 'Email', value: (row) => row.contactEmail },
  { header: 'Phone', value: (row) => row.contactPhone },
  { header: 'Address', value: (row) => [row.addressLine1, row.addressLine2].filter(Boolean).join(', ') },
  { header: 'City', value: (row) => row.city },
  { header: 'State', value: (row) => row.state },
  { header: 'ZIP', value: (row) => row.postalCode },
  { header: 'Shareholders', value: (row) => row.shareholderCount },
  { header: 'Status', value: (row) => row.status },
  { header: 'Signed', value: (row) => row.signer !== null },
  { header: 'Signer', value: (row) => row.signer },
  { header: 'Admin Notes', value: (row) => row.adminNotes },
];

/** The matching rows, newest first, a keyset page at a time, up to the export's start. */
const pages = (deps: AppDeps, filters: IssuerApplicationFilters, upTo: Date): AsyncGenerator<ExportRow[]> => {
  const where = and(filterConditions(filters), createdUpTo(a, upTo));
  return keysetPages(a, EXPORT_PAGE_ROWS, (after) =>
    selectForExport(deps.db)
      .where(and(where, after))
      .orderBy(...newestFirst(a))
      .limit(EXPORT_PAGE_ROWS),
  );
};

/**
 * GET /issuer-applications/export/csv: every application the filters match, streamed. The export is
 * recorded before the first row leaves, with its filters and the number of rows it holds.
 */
export async function exportApplications(
  deps: AppDeps,
  filters: IssuerApplicationFilters,
  context: ReviewerContext,
): Promise<Response> {
  const now = deps.clock.now();
  const where = and(filterConditions(filters), createdUpTo(a, now));
  return recordedCsvExport(deps, {
    context,
    action: 'ISSUER_APPLICATIONS_EXPORTED',
    resourceType: ISSUER_RESOURCE,
    filters,
    fileName: issuerApplicationsExportFileName(now),
    count: async (tx) => (await tx.select({ rows: sql<number>`count(*)::int` }).from(a).where(where))[0]?.rows ?? 0,
    columns: COLUMNS,
    pages: pages(deps, filters, now),
    name: 'issuer application export',
  });
}
