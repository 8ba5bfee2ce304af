import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { emailOutbox } from '@ledgerwell/db/schema';
import type { AdminRole } from '@ledgerwell/shared/admin-auth';
import {
  OUTBOX_MESSAGES as M,
  maskEmailAddress,
  RETRYABLE_EMAIL_STATUSES,
  type OutboxEmail,
  type OutboxEmailText,
  type OutboxListQuery,
} from '@ledgerwell/shared/email-outbox';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { fieldContext } from '../../lib/field-encryption';
import { isUuid } from '../../lib/ids';
import { recordActivity, type Actor } from '../activity/record-activity';

const o = emailOutbox;
const RESOURCE = 'email';

/** Who looks: the role decides whether addresses are shown whole. */
export interface OutboxViewer {
  actor: Actor & { id: string };
  role: AdminRole;
  meta: RequestMeta;
}

type OutboxRow = Omit<typeof o.$inferSelect, 'bodyEncrypted' | 'relatedId' | 'handedOverAt'>;

const notFound = () => new AppError('NOT_FOUND', M.notFound);
const seesAddresses = (viewer: OutboxViewer) => viewer.role === 'SUPER_ADMIN';

/** LIKE's own characters taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Every spelling of `address` in `text` (SMTP errors quote it, in any case) replaced by `masked`. */
function maskIn(text: string, address: string, masked: string): string {
  if (address === '') return text;
  const lower = text.toLowerCase();
  const needle = address.toLowerCase();
  let out = '';
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    out += text.slice(from, at) + masked;
    from = at + needle.length;
  }
  return out + text.slice(from);
}

function toOutboxEmail(row: OutboxRow, viewer: OutboxViewer): OutboxEmail {
  const full = seesAddresses(viewer);
  const recipient = full ? row.toAddress : maskEmailAddress(row.toAddress);
  return {
    id: row.id,
    recipient,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError === null || full ? row.lastError : maskIn(row.lastError, row.toAddress, recipient),
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    textAvailable: full && row.status === 'LOGGED',
  };
}

/** Everything but the body: the list never decrypts. */
const listColumns = {
  id: o.id,
  toAddress: o.toAddress,
  subject: o.subject,
  kind: o.kind,
  status: o.status,
  attempts: o.attempts,
  nextAttemptAt: o.nextAttemptAt,
  lastError: o.lastError,
  createdAt: o.createdAt,
  sentAt: o.sentAt,
};

/** GET /outbox: newest first by (created_at, id), the order of email_outbox_created_idx. */
export async function listOutbox(deps: AppDeps, query: OutboxListQuery, viewer: OutboxViewer) {
  const search = query.search ? likeLiteral(query.search) : undefined;
  const where = and(
    query.status ? eq(o.status, query.status) : undefined,
    query.kind ? eq(o.kind, query.kind) : undefined,
    search === undefined
      ? undefined
      : // Below SUPER_ADMIN the address is masked, so a search on it would reveal what the mask hides.
        seesAddresses(viewer)
        ? or(ilike(o.toAddress, `${search}%`), ilike(o.subject, `%${search}%`))
        : ilike(o.subject, `%${search}%`),
  );
  const [rows, [count]] = await Promise.all([
    deps.db
      .select(listColumns)
      .from(o)
      .where(where)
      .orderBy(desc(o.createdAt), desc(o.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db.select({ total: sql<number>`count(*)::int` }).from(o).where(where),
  ]);
  const totalCount = count?.total ?? 0;
  return {
    emails: rows.map((row) => toOutboxEmail(row, viewer)),
    pagination: {
      page: query.page,
      limit: query.limit,
      totalPages: Math.max(1, Math.ceil(totalCount / query.limit)),
      totalCount,
    },
  };
}

/**
 * GET /outbox/:id (SUPER_ADMIN): the full text of an e-mail kept as sent to the log, the only kind no
 * one received. Each view is recorded, without the text: it may hold a verification link.
 */
export async function readOutboxText(deps: AppDeps, id: string, viewer: OutboxViewer): Promise<OutboxEmailText> {
  if (!isUuid(id)) throw notFound();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(o).where(eq(o.id, id));
    if (!row) throw notFound();
    if (row.status !== 'LOGGED') throw new AppError('FORBIDDEN', M.textUnavailable);
    const text = deps.cipher.decrypt(row.bodyEncrypted, fieldContext.emailBody(row.id));
    await recordActivity(tx, {
      actor: viewer.actor,
      action: 'EMAIL_VIEWED',
      resourceType: RESOURCE,
      resourceId: id,
      details: { kind: row.kind, subject: row.subject },
      meta: viewer.meta,
    });
    return { ...toOutboxEmail(row, viewer), text };
  });
}

/**
 * POST /outbox/:id/retry (SUPER_ADMIN): a FAILED or UNCONFIRMED e-mail is queued again, due now, for
 * one more attempt (an UNCONFIRMED one only once the operator has found it never arrived).
 * Its attempts are kept, so the list stays truthful about how often it was tried; the sender marks it
 * FAILED again if that attempt fails too (attempts already at the limit).
 */
export async function retryOutboxEmail(deps: AppDeps, id: string, viewer: OutboxViewer): Promise<OutboxEmail> {
  if (!isUuid(id)) throw notFound();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(o).where(eq(o.id, id)).for('update');
    if (!row) throw notFound();
    if (!RETRYABLE_EMAIL_STATUSES.includes(row.status)) throw new AppError('CONFLICT', M.retryNotFailed);
    const [updated] = await tx
      .update(o)
      .set({ status: 'PENDING', handedOverAt: null, nextAttemptAt: deps.clock.now() })
      .where(eq(o.id, id))
      .returning();
    await recordActivity(tx, {
      actor: viewer.actor,
      action: 'EMAIL_RETRIED',
      resourceType: RESOURCE,
      resourceId: id,
      details: {
        kind: row.kind,
        attempts: row.attempts,
        changes: { status: { before: row.status, after: 'PENDING' } },
      },
      meta: viewer.meta,
    });
    return toOutboxEmail(updated!, viewer);
  });
}
