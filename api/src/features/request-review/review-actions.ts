import { QUESTIONS_LINE } from '@ledgerwell/shared/contact-facts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@ledgerwell/db/client';
import { adminUsers, shareholderRequests, shareholders } from '@ledgerwell/db/schema';
import {
  allowedStatusChanges,
  FINAL_STATUSES,
  REVIEW_MESSAGES as M,
  type flagSchema,
  type ImageState,
  type StatusAction,
} from '@ledgerwell/shared/request-review';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordActivity, type ActivityAction, type Actor } from '../activity/record-activity';
import { queueEmail } from '../email/queue-email';
import { recordHistory, type HistoryEntry } from '../request-history/record-history';
import { applyAddressChange } from './address-change';
import { loadRequest, type RequestRow } from './request-detail';

export interface ReviewContext {
  actor: Actor & { id: string };
  meta: RequestMeta;
}

/**
 * Runs one staff change to a request in a transaction holding the request's row lock, and writes its
 * history line and activity row with it: the change and its record land together or not at all.
 */
export async function reviewChange<T>(
  deps: AppDeps,
  requestId: string,
  context: ReviewContext,
  change: (
    tx: Db,
    request: RequestRow,
    now: Date,
  ) => Promise<{
    result: T;
    action: ActivityAction;
    history: Omit<HistoryEntry, 'requestId' | 'actorType' | 'adminId'>;
    details?: Record<string, unknown>;
  }>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const request = await loadRequest(tx, requestId, true);
    const now = deps.clock.now();
    const outcome = await change(tx, request, now);
    await tx
      .update(shareholderRequests)
      .set({ updatedAt: now, firstResponseAt: request.firstResponseAt ?? now })
      .where(eq(shareholderRequests.id, requestId));
    await recordHistory(tx, now, { requestId, actorType: 'ADMIN', adminId: context.actor.id, ...outcome.history });
    await recordActivity(tx, {
      actor: context.actor,
      action: outcome.action,
      resourceType: 'REQUEST',
      resourceId: requestId,
      details: { referenceNumber: request.referenceNumber, ...outcome.details },
      meta: context.meta,
    });
    return outcome.result;
  });
}

const STATUS_WORD: Record<StatusAction, string> = {
  PROCESSING: 'is being processed',
  APPROVED: 'has been approved',
  REJECTED: 'has been rejected',
};

/** The closing line of every e-mail a review sends the shareholder. */

/** Where and how to address the shareholder who filed the request. */
export async function holderEmail(tx: Db, request: RequestRow) {
  const [holder] = await tx
    .select({ email: shareholders.email, name: shareholders.name })
    .from(shareholders)
    .where(eq(shareholders.id, request.shareholderId));
  return holder;
}

/** The 409's reason, so staff know what to do instead: the status is final, what is allowed, or (a transfer) there is nothing to decide on yet. */
function refusalReason(request: RequestRow, allowed: StatusAction[]) {
  if (FINAL_STATUSES.includes(request.status)) return `${request.status} is final`;
  if (request.requestType === 'TRANSFER' && request.status === 'AWAITING_VERIFICATION')
    return 'the identity documents are not in yet, so it can only be rejected';
  if (allowed.length) return `allowed: ${allowed.join(', ')}`;
  return request.requestType === 'TRANSFER'
    ? 'the identity documents are not in yet'
    : `nothing can be set from ${request.status}`;
}

/** PUT /requests/:id/status: the state machine of docs/request-status.md; anything else is a 409 naming what is allowed. */
export function changeStatus(
  deps: AppDeps,
  requestId: string,
  context: ReviewContext,
  input: { status: StatusAction; notes?: string | undefined },
) {
  return reviewChange(deps, requestId, context, async (tx, request, now) => {
    const allowed = allowedStatusChanges(request.requestType, request.status);
    if (!allowed.includes(input.status)) {
      throw new AppError(
        'CONFLICT',
        `This request cannot change from ${request.status} to ${input.status}: ${refusalReason(request, allowed)}.`,
      );
    }
    await tx
      .update(shareholderRequests)
      .set({ status: input.status, processedAt: now, processedBy: context.actor.id })
      .where(eq(shareholderRequests.id, requestId));
    if (input.status === 'APPROVED' && request.requestType === 'ADDRESS_CHANGE')
      await applyAddressChange(tx, request, now, context.actor);
    const holder = await holderEmail(tx, request);
    if (holder) {
      const lines = [
        `Dear ${holder.name},`,
        '',
        `Your request ${request.referenceNumber} ${STATUS_WORD[input.status]}.`,
      ];
      if (input.status === 'REJECTED' && input.notes) lines.push('', `Reason: ${input.notes}`);
      lines.push('', QUESTIONS_LINE);
      await queueEmail(deps, tx, {
        to: holder.email,
        subject: `Update on your request ${request.referenceNumber}`,
        lines,
        kind: 'STATUS_CHANGED',
        relatedId: requestId,
      });
    }
    return {
      result: { status: input.status },
      action: 'REQUEST_STATUS_CHANGED',
      history: {
        action: 'STATUS_CHANGED',
        fromStatus: request.status,
        toStatus: input.status,
        details: input.notes ? { notes: input.notes } : {},
      },
      details: { from: request.status, to: input.status, notes: input.notes ?? null },
    };
  });
}

// Each run of white space that holds a line break becomes one space. The former pattern (optional
// white space, a line break, optional white space) said the same but backtracked quadratically on a
// long run of spaces without a break: 40 ms for 5,000.
const oneLine = (text: string) => text.replace(/\s+/g, (run) => (run.includes('\n') ? ' ' : run));

/** POST /requests/:id/notes: appended as `[ISO timestamp] author: text`, never rewritten. */
export function addNote(deps: AppDeps, requestId: string, context: ReviewContext, text: string) {
  return reviewChange(deps, requestId, context, async (tx, request, now) => {
    const line = `[${now.toISOString()}] ${context.actor.username}: ${oneLine(text)}`;
    await tx
      .update(shareholderRequests)
      .set({
        adminNotes: sql`case when ${shareholderRequests.adminNotes} = '' then ${line} else ${shareholderRequests.adminNotes} || E'\\n' || ${line} end`,
      })
      .where(eq(shareholderRequests.id, requestId));
    return {
      result: { adminNotes: request.adminNotes ? `${request.adminNotes}\n${line}` : line },
      action: 'REQUEST_NOTE_ADDED',
      history: { action: 'NOTE_ADDED', details: { note: text } },
    };
  });
}

/** POST /requests/:id/flag: the assignee, when named, must be an active admin. */
export function flagRequest(
  deps: AppDeps,
  requestId: string,
  context: ReviewContext,
  input: z.output<typeof flagSchema>,
) {
  return reviewChange(deps, requestId, context, async (tx, _request, now) => {
    let assignee: { id: string; username: string } | undefined;
    if (input.assignTo) {
      [assignee] = await tx
        .select({ id: adminUsers.id, username: adminUsers.username })
        .from(adminUsers)
        .where(
          and(sql`lower(${adminUsers.username}) = ${input.assignTo.toLowerCase()}`, eq(adminUsers.isActive, true)),
        );
      if (!assignee) throw new AppError('VALIDATION_ERROR', M.assigneeUnknown, { assignTo: M.assigneeUnknown });
    }
    await tx
      .update(shareholderRequests)
      .set({
        isFlagged: true,
        flagPriority: input.priority,
        flagReason: input.reason,
        flaggedBy: context.actor.id,
        flaggedAt: now,
        assignedTo: assignee?.id ?? null,
      })
      .where(eq(shareholderRequests.id, requestId));
    const details = { priority: input.priority, reason: input.reason, assignedTo: assignee?.username ?? null };
    return { result: details, action: 'REQUEST_FLAGGED', history: { action: 'FLAGGED', details }, details };
  });
}

export function unflagRequest(deps: AppDeps, requestId: string, context: ReviewContext) {
  return reviewChange(deps, requestId, context, async (tx, request) => {
    if (!request.isFlagged) throw new AppError('CONFLICT', 'This request is not flagged.');
    await tx
      .update(shareholderRequests)
      .set({
        isFlagged: false,
        flagPriority: null,
        flagReason: null,
        flaggedBy: null,
        flaggedAt: null,
        assignedTo: null,
      })
      .where(eq(shareholderRequests.id, requestId));
    return { result: null, action: 'REQUEST_UNFLAGGED', history: { action: 'UNFLAGGED' } };
  });
}

/** PUT /requests/:id/image-state: the viewer's rotation and zoom for one image, kept per request. No history line: it changes no decision. */
export async function saveImageState(deps: AppDeps, requestId: string, context: ReviewContext, state: ImageState) {
  await deps.db.transaction(async (tx) => {
    const request = await loadRequest(tx, requestId, true);
    const value = JSON.stringify({ [state.imageType]: { rotation: state.rotation, zoomState: state.zoomState } });
    await tx
      .update(shareholderRequests)
      .set({ imageStates: sql`${shareholderRequests.imageStates} || ${value}::jsonb` })
      .where(eq(shareholderRequests.id, requestId));
    await recordActivity(tx, {
      actor: context.actor,
      action: 'IMAGE_STATE_SAVED',
      resourceType: 'REQUEST',
      resourceId: requestId,
      details: { referenceNumber: request.referenceNumber, ...state },
      meta: context.meta,
    });
  });
}
