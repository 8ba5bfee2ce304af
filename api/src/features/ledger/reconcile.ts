import Big from 'big.js';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { issuers, reconciliationRuns, recordDifferences, shareClasses } from '@ledgerwell/db/ledger-schema';
import { calendarDateIn, DEFAULT_ISSUER_TIME_ZONE, signedDecimal } from '@ledgerwell/shared/ledger';
import {
  AGED_DIFFERENCE_DAYS,
  type ReconciliationRunView,
  type RecordDifferenceView,
} from '@ledgerwell/shared/reconciliation';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { lockKeys } from '../../lib/throttle';
import { recordActivity, type Actor } from '../activity/record-activity';

const DAY_MS = 24 * 60 * 60 * 1000;
/** One reconciliation at a time: two runs must not both open a difference for the same class. */
const RECONCILIATION_LOCK = 'ledger:reconciliation';

interface ClassTotals {
  classId: string;
  outstanding: string;
  masterFile: string;
  journal: string;
}

/**
 * Per class, in one statement (so one snapshot): the control book's outstanding shares, the master file (every
 * position summed) and the journal (every leg summed). Each sum reads its class's rows through an index.
 */
async function classTotals(tx: Db, classId?: string): Promise<ClassTotals[]> {
  const result = await tx.execute(sql`
    select c.id as "classId",
           (b.issued_shares - b.cancelled_shares)::text as "outstanding",
           coalesce((select sum(p.drs_shares + p.certificated_shares) from ledger_positions p where p.class_id = c.id), 0)::text as "masterFile",
           coalesce((select sum(l.quantity) from ledger_legs l where l.class_id = c.id), 0)::text as "journal"
    from share_classes c
    join control_books b on b.class_id = c.id
    ${classId ? sql`where c.id = ${classId}` : sql``}
  `);
  return (result as unknown as { rows: ClassTotals[] }).rows;
}

async function differenceViews(db: Db, now: Date, where: ReturnType<typeof and>): Promise<RecordDifferenceView[]> {
  const rows = await db
    .select({ difference: recordDifferences, issuer: issuers.legalName, shareClass: shareClasses.name })
    .from(recordDifferences)
    .innerJoin(shareClasses, eq(shareClasses.id, recordDifferences.classId))
    .innerJoin(issuers, eq(issuers.id, shareClasses.issuerId))
    .where(where)
    .orderBy(desc(recordDifferences.firstFoundAt))
    .limit(500);
  return rows.map(({ difference: d, issuer, shareClass }) => {
    const age = (d.resolvedAt ?? now).getTime() - d.firstFoundAt.getTime();
    const ageDays = Math.floor(age / DAY_MS);
    return {
      id: d.id,
      classId: d.classId,
      issuer,
      shareClass,
      outstandingShares: signedDecimal(d.outstandingShares),
      masterFileTotal: signedDecimal(d.masterFileTotal),
      journalTotal: signedDecimal(d.journalTotal),
      difference: signedDecimal(d.difference),
      firstFoundAt: d.firstFoundAt.toISOString(),
      lastCheckedAt: d.lastCheckedAt.toISOString(),
      ageDays,
      aged: d.resolvedAt === null && age > AGED_DIFFERENCE_DAYS * DAY_MS,
      resolvedAt: d.resolvedAt?.toISOString() ?? null,
    };
  });
}

/** Compares every class (or one) and opens, updates or resolves its record difference; returns the classes checked. */
async function compareBooks(tx: Db, now: Date, runId: string, classId?: string) {
  const totals = await classTotals(tx, classId);
  let found = 0;
  for (const t of totals) {
    const difference = Big(t.masterFile).minus(t.outstanding);
    const inBalance = difference.eq(0) && Big(t.journal).eq(t.outstanding);
    const [open] = await tx
      .select({ id: recordDifferences.id })
      .from(recordDifferences)
      .where(and(eq(recordDifferences.classId, t.classId), isNull(recordDifferences.resolvedAt)));
    if (inBalance) {
      if (open)
        await tx
          .update(recordDifferences)
          .set({ resolvedAt: now, resolvedByRunId: runId, lastCheckedAt: now })
          .where(eq(recordDifferences.id, open.id));
      continue;
    }
    found++;
    const amounts = {
      outstandingShares: t.outstanding,
      masterFileTotal: t.masterFile,
      journalTotal: t.journal,
      difference: difference.toFixed(6),
      lastCheckedAt: now,
    };
    if (open) await tx.update(recordDifferences).set(amounts).where(eq(recordDifferences.id, open.id));
    else
      await tx
        .insert(recordDifferences)
        .values({ classId: t.classId, firstFoundAt: now, firstRunId: runId, ...amounts });
  }
  return { classIds: totals.map((t) => t.classId), found };
}

async function finishRun(
  tx: Db,
  deps: Pick<AppDeps, 'clock'>,
  run: typeof reconciliationRuns.$inferSelect,
  classId?: string,
): Promise<ReconciliationRunView> {
  const { classIds, found } = await compareBooks(tx, run.startedAt, run.id, classId);
  const finishedAt = deps.clock.now();
  await tx
    .update(reconciliationRuns)
    .set({ finishedAt, classesChecked: classIds.length, differencesFound: found })
    .where(eq(reconciliationRuns.id, run.id));
  const differences =
    classIds.length === 0
      ? []
      : await differenceViews(
          tx,
          finishedAt,
          and(inArray(recordDifferences.classId, classIds), isNull(recordDifferences.resolvedAt)),
        );
  return {
    id: run.id,
    trigger: run.trigger as ReconciliationRunView['trigger'],
    runDate: run.runDate,
    classesChecked: classIds.length,
    differencesFound: found,
    startedAt: run.startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    differences,
  };
}

const runDateOf = (now: Date) => calendarDateIn(DEFAULT_ISSUER_TIME_ZONE, now);

/** POST /ledger/reconcile: a run now, of one class or all, recorded with who asked for it. */
export async function reconcileNow(
  deps: AppDeps,
  actor: Actor,
  classId: string | undefined,
  meta: RequestMeta | null,
): Promise<ReconciliationRunView> {
  return deps.db.transaction(async (tx) => {
    await lockKeys(tx, [RECONCILIATION_LOCK]);
    const now = deps.clock.now();
    const [run] = await tx
      .insert(reconciliationRuns)
      .values({
        trigger: 'MANUAL',
        runDate: runDateOf(now),
        startedAt: now,
        adminUserId: actor.id,
        adminUsername: actor.username,
      })
      .returning();
    const view = await finishRun(tx, deps, run!, classId);
    await recordActivity(tx, {
      actor,
      action: 'LEDGER_RECONCILED',
      resourceType: 'ledger',
      resourceId: run!.id,
      details: {
        classId: classId ?? null,
        classesChecked: view.classesChecked,
        differencesFound: view.differencesFound,
      },
      meta,
    });
    return view;
  });
}

/**
 * The daily run, called by every process's hourly sweep: the first to claim today's date runs it, the others find
 * it claimed and do nothing. Null when today's run was already made.
 */
export async function reconcileDaily(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<ReconciliationRunView | null> {
  return deps.db.transaction(async (tx) => {
    await lockKeys(tx, [RECONCILIATION_LOCK]);
    const now = deps.clock.now();
    const [run] = await tx
      .insert(reconciliationRuns)
      .values({ trigger: 'DAILY', runDate: runDateOf(now), startedAt: now })
      .onConflictDoNothing()
      .returning();
    return run ? finishRun(tx, deps, run) : null;
  });
}

/** GET /ledger/record-differences: the open ones (or all), newest first, with their age. */
export async function listRecordDifferences(deps: AppDeps, status: 'open' | 'all'): Promise<RecordDifferenceView[]> {
  return differenceViews(
    deps.db,
    deps.clock.now(),
    status === 'open' ? and(isNull(recordDifferences.resolvedAt)) : undefined,
  );
}

/** For the compliance panel: open differences, and those older than 30 days (aged, Rule 17Ad-11). */
export async function recordDifferenceCounts(db: Db, now: Date) {
  const agedBefore = new Date(now.getTime() - AGED_DIFFERENCE_DAYS * DAY_MS);
  const [row] = await db
    .select({
      open: sql<number>`count(*)::int`,
      aged: sql<number>`(count(*) filter (where ${recordDifferences.firstFoundAt} < ${agedBefore}))::int`,
    })
    .from(recordDifferences)
    .where(isNull(recordDifferences.resolvedAt));
  return { openRecordDifferences: row?.open ?? 0, agedRecordDifferences: row?.aged ?? 0 };
}
