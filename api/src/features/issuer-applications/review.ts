import { and, asc, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { issuerApplicationReviews, issuerApplications, issuerApplicationSignatures } from '@ledgerwell/db/schema';
import {
  ISSUER_APPLICATION_MESSAGES as M,
  ISSUER_APPLICATION_STATUSES,
  ISSUER_APPLICATIONS_RECENT_DAYS,
  DECIDED_ISSUER_STATUSES,
  issuerApprovalRate,
  issuerSearchWords,
  maskEin,
  type IssuerApplication,
  type IssuerApplicationFilters,
  type IssuerApplicationListQuery,
  type IssuerApplicationRow,
  type IssuerApplicationStats,
  type IssuerApplicationStatus,
  type IssuerApplicationStatusBody,
} from '@ledgerwell/shared/issuer-applications';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordActivity, type Actor } from '../activity/record-activity';
import { changedFields } from '../activity/changes';
import { queueDecisionEmail } from './decision-email';
import { onApproval } from './invitations';
import { isUuid } from '../../lib/ids';

const a = issuerApplications;
const s = issuerApplicationSignatures;
const r = issuerApplicationReviews;
export const ISSUER_RESOURCE = 'issuer_application';

export interface ReviewerContext {
  actor: Actor & { id: string; username: string };
  meta: RequestMeta;
}

const notFound = () => new AppError('NOT_FOUND', M.notFound);
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The filters as conditions. The search matches the beginnings of the words of the company name,
 * contact name and e-mail (the stored `search_words`, through its GIN index): "acme hold", "dana",
 * "example.com". A search with no letter or digit in it matches nothing rather than everything.
 */
export function filterConditions(filters: IssuerApplicationFilters): SQL | undefined {
  const words = issuerSearchWords(filters.search);
  return and(
    filters.status ? eq(a.status, filters.status) : undefined,
    filters.search
      ? words.length
        ? sql`${a.searchWords} @@ to_tsquery('simple', ${words.map((word) => `${word}:*`).join(' & ')})`
        : sql`false`
      : undefined,
  );
}

/** The signatures of some applications, oldest first, by application. */
async function signaturesOf(db: Db, ids: string[]) {
  const byApplication = new Map<
    string,
    { id: string; created_at: string; signature_name: string; signature_title: string }[]
  >();
  if (ids.length === 0) return byApplication;
  const rows = await db
    .select({
      id: s.id,
      applicationId: s.applicationId,
      name: s.signatureName,
      title: s.signatureTitle,
      signedAt: s.signedAt,
    })
    .from(s)
    .where(inArray(s.applicationId, ids))
    .orderBy(asc(s.signedAt), asc(s.id));
  for (const row of rows) {
    const list = byApplication.get(row.applicationId) ?? [];
    list.push({ id: row.id, created_at: iso(row.signedAt), signature_name: row.name, signature_title: row.title });
    byApplication.set(row.applicationId, list);
  }
  return byApplication;
}

/** GET /issuer-onboarding: newest first, (created_at, id) as the order the table's indexes keep. */
export async function listApplications(deps: AppDeps, query: IssuerApplicationListQuery) {
  const where = filterConditions(query);
  const [rows, [count]] = await Promise.all([
    deps.db
      .select({
        id: a.id,
        companyName: a.companyName,
        contactName: a.contactName,
        contactEmail: a.contactEmail,
        status: a.status,
        createdAt: a.createdAt,
      })
      .from(a)
      .where(where)
      .orderBy(desc(a.createdAt), desc(a.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db.select({ total: sql<number>`count(*)::int` }).from(a).where(where),
  ]);
  const signatures = await signaturesOf(
    deps.db,
    rows.map((row) => row.id),
  );
  const totalCount = count?.total ?? 0;
  const applications: IssuerApplicationRow[] = rows.map((row) => ({
    id: row.id,
    company_name: row.companyName,
    contact_name: row.contactName,
    contact_email: row.contactEmail,
    revenue: null,
    status: row.status as IssuerApplicationStatus,
    created_at: iso(row.createdAt),
    signatures: (signatures.get(row.id) ?? []).map(({ created_at, signature_name, signature_title }) => ({
      created_at,
      signature_name,
      signature_title,
    })),
  }));
  return {
    applications,
    pagination: {
      page: query.page,
      limit: query.limit,
      totalPages: Math.max(1, Math.ceil(totalCount / query.limit)),
      totalCount,
    },
  };
}

/** GET /issuer-onboarding/stats: one pass over the table, grouped by status. */
export async function applicationStats(deps: AppDeps): Promise<IssuerApplicationStats> {
  const since = new Date(deps.clock.now().getTime() - ISSUER_APPLICATIONS_RECENT_DAYS * 24 * 60 * 60 * 1000);
  const groups = await deps.db
    .select({
      status: a.status,
      total: sql<number>`count(*)::int`,
      recent: sql<number>`(count(*) filter (where ${gte(a.createdAt, since)}))::int`,
    })
    .from(a)
    .groupBy(a.status);
  const byStatus = Object.fromEntries(ISSUER_APPLICATION_STATUSES.map((status) => [status, 0])) as Record<
    IssuerApplicationStatus,
    number
  >;
  let total = 0;
  let recentCount = 0;
  for (const group of groups) {
    total += group.total;
    recentCount += group.recent;
    byStatus[group.status as IssuerApplicationStatus] += group.total;
  }
  return { total, recentCount, conversionRate: issuerApprovalRate(byStatus), byStatus };
}

type ApplicationRow = typeof a.$inferSelect;

/** What the wizard sent, as staff may see it: never a whole EIN, never the signature image (shown on its own). */
function visibleApplicationData(row: ApplicationRow): Record<string, unknown> {
  const data =
    row.applicationData && typeof row.applicationData === 'object' && !Array.isArray(row.applicationData)
      ? { ...(row.applicationData as Record<string, unknown>) }
      : {};
  if ('ein' in data) data.ein = maskEin(row.einLast4);
  delete data.signatureData;
  delete data.signature_data;
  return data;
}

async function readApplication(db: Db, id: string): Promise<IssuerApplication> {
  const [row] = await db.select().from(a).where(eq(a.id, id));
  if (!row) throw notFound();
  const [signatures, [latest], reviews] = await Promise.all([
    signaturesOf(db, [id]),
    db
      .select({ png: s.signaturePng })
      .from(s)
      .where(eq(s.applicationId, id))
      .orderBy(desc(s.signedAt), desc(s.id))
      .limit(1),
    db
      .select({ status: r.status, notes: r.notes, reviewedBy: r.reviewedBy, createdAt: r.createdAt })
      .from(r)
      .where(eq(r.applicationId, id))
      .orderBy(asc(r.createdAt), asc(r.id)),
  ]);
  return {
    id: row.id,
    company_name: row.companyName,
    legal_name: row.legalName,
    entity_type: row.entityType,
    incorporation_state: row.incorporationState,
    incorporation_date: row.incorporationDate === null ? null : String(row.incorporationDate),
    ein: maskEin(row.einLast4),
    revenue: null,
    industry: null,
    description: row.description,
    contact_name: row.contactName,
    contact_title: null,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    city: row.city,
    state: row.state,
    postal_code: row.postalCode,
    country: row.country,
    funding_stage: null,
    previous_funding: null,
    outstanding_shares: null,
    share_price: null,
    valuation: null,
    shareholder_count: row.shareholderCount,
    legal_counsel: null,
    previous_securities_offerings: null,
    regulatory_history: null,
    board_composition: null,
    reason: null,
    timeline: null,
    comments: row.submissionNotes,
    status: row.status as IssuerApplicationStatus,
    admin_notes: row.adminNotes,
    signatures: signatures.get(id) ?? [],
    signature_data: latest?.png ? `data:image/png;base64,${Buffer.from(latest.png).toString('base64')}` : null,
    reviewHistory: reviews.map((review) => ({
      status: review.status as IssuerApplicationStatus,
      notes: review.notes,
      timestamp: iso(review.createdAt),
      reviewedBy: review.reviewedBy,
    })),
    application_data: visibleApplicationData(row),
    session_token: row.sessionToken,
    ip_address: row.ipAddress,
    user_agent: row.userAgent,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** GET /issuer-onboarding/:id: an unknown id, or one that is no uuid, is a 404. */
export async function getApplication(deps: AppDeps, id: string): Promise<IssuerApplication> {
  if (!isUuid(id)) throw notFound();
  return readApplication(deps.db, id);
}

/** The application, locked for the change in the caller's transaction. */
async function lockApplication(tx: Db, id: string): Promise<ApplicationRow> {
  const [row] = await tx.select().from(a).where(eq(a.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * The time of a new review entry: now, or a millisecond past the latest entry when that is not
 * earlier (two changes within one millisecond, or a clock set back). The history is read in
 * created_at order and its ids are random, so its times must be strictly increasing; the
 * application's row lock keeps two changes from reading the same latest entry.
 */
async function nextReviewTime(tx: Db, id: string, now: Date): Promise<Date> {
  const [latest] = await tx
    .select({ at: r.createdAt })
    .from(r)
    .where(eq(r.applicationId, id))
    .orderBy(desc(r.createdAt))
    .limit(1);
  return latest && latest.at.getTime() >= now.getTime() ? new Date(latest.at.getTime() + 1) : now;
}

/**
 * PUT /issuer-onboarding/:id/status: any status (spec 4). Every call appends a review history entry
 * (who, when, the note), the same status again included: a note on its own is part of the record.
 * A new decision (APPROVED or REJECTED) queues the applicant's e-mail in the same transaction.
 */
export function changeApplicationStatus(
  deps: AppDeps,
  id: string,
  context: ReviewerContext,
  body: IssuerApplicationStatusBody,
): Promise<IssuerApplication> {
  if (!isUuid(id)) return Promise.reject(notFound());
  return deps.db.transaction(async (tx) => {
    const row = await lockApplication(tx, id);
    const now = await nextReviewTime(tx, id, deps.clock.now());
    const changes = changedFields(row, { status: body.status });
    await tx.update(a).set({ status: body.status, updatedAt: now }).where(eq(a.id, id));
    await tx.insert(r).values({
      applicationId: id,
      status: body.status,
      notes: body.notes,
      reviewedById: context.actor.id,
      reviewedBy: context.actor.username,
      createdAt: now,
    });
    const decided = (DECIDED_ISSUER_STATUSES as readonly string[]).includes(body.status) && row.status !== body.status;
    if (decided) await queueDecisionEmail(deps, tx, row, body.status as (typeof DECIDED_ISSUER_STATUSES)[number]);
    // Approval makes (or links) the ledger's issuer and invites the contact, in this same transaction.
    if (decided && body.status === 'APPROVED') await onApproval(deps, tx, row, context);
    await recordActivity(tx, {
      actor: context.actor,
      action: 'ISSUER_APPLICATION_STATUS_CHANGED',
      resourceType: ISSUER_RESOURCE,
      resourceId: id,
      details: {
        companyName: row.companyName,
        onboardingId: row.onboardingId,
        changes,
        status: body.status,
        notes: body.notes,
        emailQueued: decided,
      },
      meta: context.meta,
    });
    return readApplication(tx, id);
  });
}

/** PUT /issuer-applications/:id/notes: the whole notes text (blank clears it). Nothing changed, nothing written. */
export function updateApplicationNotes(
  deps: AppDeps,
  id: string,
  context: ReviewerContext,
  adminNotes: string | null,
): Promise<IssuerApplication> {
  if (!isUuid(id)) return Promise.reject(notFound());
  return deps.db.transaction(async (tx) => {
    const row = await lockApplication(tx, id);
    const changes = changedFields(row, { adminNotes });
    if (Object.keys(changes).length > 0) {
      await tx.update(a).set({ adminNotes, updatedAt: deps.clock.now() }).where(eq(a.id, id));
      await recordActivity(tx, {
        actor: context.actor,
        action: 'ISSUER_APPLICATION_NOTES_UPDATED',
        resourceType: ISSUER_RESOURCE,
        resourceId: id,
        details: { companyName: row.companyName, onboardingId: row.onboardingId, changes },
        meta: context.meta,
      });
    }
    return readApplication(tx, id);
  });
}
