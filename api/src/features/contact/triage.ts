import { and, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { adminUsers, contactSubmissions } from '@ledgerwell/db/schema';
import { CONTACT_STATUSES, INQUIRY_TYPES, type ContactStatus } from '@ledgerwell/shared/contact';
import {
  CONTACT_ADMIN_MESSAGES as M,
  CONTACT_RECENT_DAYS,
  RETRYABLE_FORWARD_STATUSES,
  contactSearchWords,
  type ContactAssignee,
  type ContactFilters,
  type ContactListQuery,
  type ContactStats,
  type ContactSubmission,
} from '@ledgerwell/shared/contact-admin';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordActivity, type ActivityAction, type Actor } from '../activity/record-activity';
import { changedFields } from '../activity/changes';
import type { MessagingService } from './messaging-service';
import { attemptForward } from './submit-contact';
import { isUuid } from '../../lib/ids';

const c = contactSubmissions;
const RESOURCE = 'contact_submission';

export interface TriageContext {
  actor: Actor & { id: string };
  meta: RequestMeta;
}

const notFound = () => new AppError('NOT_FOUND', M.notFound);

/** An admin's name as the screens show it: first and last name, else the username. */
const displayName = sql<string | null>`nullif(trim(${adminUsers.firstName} || ' ' || ${adminUsers.lastName}), '')`;
export const assigneeJoin = sql`${adminUsers.id}::text = ${c.assignedTo}`;

/** The columns a row of the list, the detail and the export read. */
export const submissionColumns = {
  id: c.id,
  name: c.name,
  email: c.email,
  company: c.company,
  phone: c.phone,
  inquiryType: c.inquiryType,
  message: c.message,
  status: c.status,
  adminNotes: c.adminNotes,
  assignedTo: c.assignedTo,
  assignedToName: sql<string | null>`coalesce(${displayName}, ${adminUsers.username})`,
  sentToIntercom: c.sentToIntercom,
  intercomId: c.intercomId,
  forwardStatus: c.forwardStatus,
  createdAt: c.createdAt,
  respondedAt: c.respondedAt,
};

/** The submissions with their assignee's name; add the filters, order and page. */
export const selectSubmissions = (db: Db) => db.select(submissionColumns).from(c).leftJoin(adminUsers, assigneeJoin);
export type SubmissionRow = Awaited<ReturnType<typeof selectSubmissions>>[number];

export const toSubmission = (row: SubmissionRow): ContactSubmission => ({
  id: row.id,
  name: row.name,
  email: row.email,
  company: row.company,
  phone: row.phone,
  inquiryType: row.inquiryType,
  message: row.message,
  status: row.status,
  adminNotes: row.adminNotes,
  assignedTo: row.assignedTo,
  assignedToName: row.assignedToName,
  sentToIntercom: row.sentToIntercom,
  intercomId: row.intercomId,
  forwardStatus: row.forwardStatus,
  createdAt: row.createdAt.toISOString(),
  respondedAt: row.respondedAt?.toISOString() ?? null,
});

/**
 * The filters as conditions. The search matches the beginnings of the words of the name, e-mail and
 * company (the stored `search_words`, through its GIN index): "dana whit", "acme", "example.com".
 */
export function filterConditions(filters: ContactFilters): SQL | undefined {
  const words = contactSearchWords(filters.search);
  return and(
    filters.status ? eq(c.status, filters.status) : undefined,
    filters.inquiryType ? eq(c.inquiryType, filters.inquiryType) : undefined,
    // A search with no letter or digit in it matches nothing rather than everything.
    filters.search
      ? words.length
        ? sql`${c.searchWords} @@ to_tsquery('simple', ${words.map((word) => `${word}:*`).join(' & ')})`
        : sql`false`
      : undefined,
  );
}

/** GET /contact-submissions: newest first, (created_at, id) as the order every index of the table keeps. */
export async function listSubmissions(deps: AppDeps, query: ContactListQuery) {
  const where = filterConditions(query);
  const [rows, [count]] = await Promise.all([
    selectSubmissions(deps.db)
      .where(where)
      .orderBy(desc(c.createdAt), desc(c.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db.select({ total: sql<number>`count(*)::int` }).from(c).where(where),
  ]);
  const totalCount = count?.total ?? 0;
  return {
    submissions: rows.map(toSubmission),
    pagination: {
      page: query.page,
      limit: query.limit,
      totalPages: Math.max(1, Math.ceil(totalCount / query.limit)),
      totalCount,
    },
  };
}

/** GET /contact-submissions/stats: one pass over the table, grouped by status and type. */
export async function submissionStats(deps: AppDeps): Promise<ContactStats> {
  const since = new Date(deps.clock.now().getTime() - CONTACT_RECENT_DAYS * 24 * 60 * 60 * 1000);
  const groups = await deps.db
    .select({
      status: c.status,
      inquiryType: c.inquiryType,
      total: sql<number>`count(*)::int`,
      recent: sql<number>`(count(*) filter (where ${gte(c.createdAt, since)}))::int`,
      sent: sql<number>`(count(*) filter (where ${c.sentToIntercom}))::int`,
    })
    .from(c)
    .groupBy(c.status, c.inquiryType);
  const stats: ContactStats = {
    total: 0,
    recentCount: 0,
    intercomIntegrated: 0,
    byStatus: Object.fromEntries(CONTACT_STATUSES.map((status) => [status, 0])) as ContactStats['byStatus'],
    byInquiryType: Object.fromEntries(INQUIRY_TYPES.map((type) => [type, 0])) as ContactStats['byInquiryType'],
  };
  for (const group of groups) {
    stats.total += group.total;
    stats.recentCount += group.recent;
    stats.intercomIntegrated += group.sent;
    stats.byStatus[group.status] += group.total;
    stats.byInquiryType[group.inquiryType] += group.total;
  }
  return stats;
}

async function readSubmission(db: Db, id: string): Promise<ContactSubmission> {
  const [row] = await selectSubmissions(db).where(eq(c.id, id));
  if (!row) throw notFound();
  return toSubmission(row);
}

/**
 * GET /contact-submissions/:id. Opening an UNREAD submission marks it READ (spec 2.4); every opening
 * is recorded (the message carries a member of the public's details), with the status change when
 * there was one.
 */
export async function openSubmission(deps: AppDeps, id: string, context: TriageContext): Promise<ContactSubmission> {
  if (!isUuid(id)) throw notFound();
  return deps.db.transaction(async (tx) => {
    const [marked] = await tx
      .update(c)
      .set({ status: 'READ', updatedAt: deps.clock.now() })
      .where(and(eq(c.id, id), eq(c.status, 'UNREAD')))
      .returning({ id: c.id });
    const submission = await readSubmission(tx, id);
    await recordActivity(tx, {
      actor: context.actor,
      action: 'CONTACT_VIEWED',
      resourceType: RESOURCE,
      resourceId: id,
      details: {
        email: submission.email,
        ...(marked ? { changes: { status: { before: 'UNREAD', after: 'READ' } } } : {}),
      },
      meta: context.meta,
    });
    return submission;
  });
}

type ContactRow = typeof c.$inferSelect;

/**
 * One staff change to a submission, under its row lock: the update and its activity row (with the
 * before and after of what changed) land together. Nothing changed, nothing written.
 */
async function changeSubmission(
  deps: AppDeps,
  id: string,
  context: TriageContext,
  action: ActivityAction,
  change: (
    tx: Db,
    row: ContactRow,
    now: Date,
  ) => Promise<{ set: Partial<ContactRow>; details?: Record<string, unknown> }>,
): Promise<ContactSubmission> {
  if (!isUuid(id)) throw notFound();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(c).where(eq(c.id, id)).for('update');
    if (!row) throw notFound();
    const now = deps.clock.now();
    const { set, details } = await change(tx, row, now);
    const changes = changedFields(row, set);
    if (Object.keys(changes).length > 0) {
      await tx
        .update(c)
        .set({ ...set, updatedAt: now })
        .where(eq(c.id, id));
      await recordActivity(tx, {
        actor: context.actor,
        action,
        resourceType: RESOURCE,
        resourceId: id,
        details: { email: row.email, changes, ...details },
        meta: context.meta,
      });
    }
    return readSubmission(tx, id);
  });
}

/** PUT /:id/status: any status (spec 4); respondedAt is stamped when it becomes RESPONDED. */
export function changeSubmissionStatus(deps: AppDeps, id: string, context: TriageContext, status: ContactStatus) {
  return changeSubmission(deps, id, context, 'CONTACT_STATUS_CHANGED', async (_tx, row, now) => ({
    set: { status, ...(status === 'RESPONDED' && row.status !== 'RESPONDED' ? { respondedAt: now } : {}) },
  }));
}

/** PUT /:id/notes: the whole notes text ('' clears it). */
export function updateSubmissionNotes(deps: AppDeps, id: string, context: TriageContext, adminNotes: string | null) {
  return changeSubmission(deps, id, context, 'CONTACT_NOTES_UPDATED', async () => ({ set: { adminNotes } }));
}

/** PUT /:id/assign: an active admin's id, or null for nobody; anyone else is a 400 on the field. */
export function assignSubmission(deps: AppDeps, id: string, context: TriageContext, assignedTo: string | null) {
  return changeSubmission(deps, id, context, 'CONTACT_ASSIGNED', async (tx, row) => {
    const names = async (adminId: string | null) => {
      if (!adminId || !isUuid(adminId)) return null;
      const [admin] = await tx
        .select({ username: adminUsers.username, isActive: adminUsers.isActive })
        .from(adminUsers)
        .where(eq(adminUsers.id, adminId));
      return admin ?? null;
    };
    const assignee = await names(assignedTo);
    if (assignedTo && !assignee?.isActive)
      throw new AppError('VALIDATION_ERROR', M.assigneeUnknown, { assignedTo: M.assigneeUnknown });
    const previous = await names(row.assignedTo);
    return {
      set: { assignedTo },
      details: { assignee: { before: previous?.username ?? null, after: assignee?.username ?? null } },
    };
  });
}

/** GET /contact-submissions/assignees: the active admins a submission can be given to, for every role. */
export async function listAssignees(deps: AppDeps): Promise<ContactAssignee[]> {
  const rows = await deps.db
    .select({ id: adminUsers.id, username: adminUsers.username, name: displayName })
    .from(adminUsers)
    .where(eq(adminUsers.isActive, true))
    .orderBy(adminUsers.firstName, adminUsers.lastName, adminUsers.username);
  return rows.map((row) => ({ id: row.id, name: row.name ? `${row.name} (${row.username})` : row.username }));
}

/**
 * POST /:id/retry-forward: a submission whose forwarding failed (for good, or for now) is claimed
 * for one attempt at once (a new series of retries, with its lease so the sweep leaves it alone),
 * then tried; a failure leaves it to the retry sweep with the usual backoff.
 */
export async function retrySubmissionForward(
  deps: AppDeps,
  messaging: MessagingService | null,
  id: string,
  context: TriageContext,
) {
  if (!messaging) throw new AppError('CONFLICT', M.retryNotConfigured);
  if (!isUuid(id)) throw notFound();
  const claimed = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(c).where(eq(c.id, id)).for('update');
    if (!row) throw notFound();
    if (!RETRYABLE_FORWARD_STATUSES.includes(row.forwardStatus)) throw new AppError('CONFLICT', M.retryNotFailed);
    const now = deps.clock.now();
    const set = {
      forwardStatus: 'PENDING_RETRY' as const,
      forwardAttempts: 0,
      nextForwardAt: new Date(now.getTime() + 2 * 60 * 1000),
      updatedAt: now,
    };
    const [updated] = await tx.update(c).set(set).where(eq(c.id, id)).returning();
    await recordActivity(tx, {
      actor: context.actor,
      action: 'CONTACT_FORWARD_RETRIED',
      resourceType: RESOURCE,
      resourceId: id,
      details: {
        email: row.email,
        changes: changedFields(row, { forwardStatus: set.forwardStatus, forwardAttempts: set.forwardAttempts }),
        lastForwardError: row.lastForwardError,
      },
      meta: context.meta,
    });
    return updated!;
  });
  const intercomId = await attemptForward(deps, messaging, claimed);
  return { sent: intercomId !== null, submission: await readSubmission(deps.db, id) };
}
