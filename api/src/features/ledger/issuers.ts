import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { controlBooks, issuers, shareClasses } from '@ledgerwell/db/ledger-schema';
import { issuerApplications } from '@ledgerwell/db/schema';
import {
  LEDGER_MESSAGES as M,
  normalizeDecimal,
  type IssuerInput,
  type IssuerView,
  type ShareClassInput,
  type ShareClassView,
} from '@ledgerwell/shared/ledger';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { recordActivity, type Actor } from '../activity/record-activity';
import type { PostingClass } from './journal';

const decimalOrNull = (value: string | null) => (value === null ? null : normalizeDecimal(value));

async function classViews(tx: Db, issuerIds: string[]): Promise<ShareClassView[]> {
  if (issuerIds.length === 0) return [];
  const rows = await tx
    .select({
      id: shareClasses.id,
      issuerId: shareClasses.issuerId,
      name: shareClasses.name,
      cusip: shareClasses.cusip,
      parValue: shareClasses.parValue,
      authorizedShares: controlBooks.authorizedShares,
      outstandingShares: sql<string>`${controlBooks.issuedShares} - ${controlBooks.cancelledShares}`,
    })
    .from(shareClasses)
    .innerJoin(controlBooks, eq(controlBooks.classId, shareClasses.id))
    .where(inArray(shareClasses.issuerId, issuerIds))
    .orderBy(asc(shareClasses.name));
  return rows.map((row) => ({
    ...row,
    parValue: decimalOrNull(row.parValue),
    authorizedShares: decimalOrNull(row.authorizedShares),
    outstandingShares: normalizeDecimal(row.outstandingShares),
  }));
}

async function issuerViews(tx: Db, rows: (typeof issuers.$inferSelect)[]): Promise<IssuerView[]> {
  const classes = await classViews(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    legalName: row.legalName,
    timeZone: row.timeZone,
    issuerApplicationId: row.issuerApplicationId,
    createdAt: row.createdAt.toISOString(),
    classes: classes.filter((c) => c.issuerId === row.id),
  }));
}

export async function listIssuers(deps: AppDeps): Promise<IssuerView[]> {
  const rows = await deps.db
    .select()
    .from(issuers)
    .orderBy(asc(sql`lower(${issuers.legalName})`));
  return issuerViews(deps.db, rows);
}

export async function createIssuer(deps: AppDeps, actor: Actor, input: IssuerInput, meta: RequestMeta | null) {
  return deps.db.transaction(async (tx) => {
    if (input.issuerApplicationId) {
      const [application] = await tx
        .select({ id: issuerApplications.id })
        .from(issuerApplications)
        .where(eq(issuerApplications.id, input.issuerApplicationId));
      if (!application) throw notFound('Issuer application not found');
    }
    const [row] = await tx
      .insert(issuers)
      .values({ legalName: input.legalName, timeZone: input.timeZone, issuerApplicationId: input.issuerApplicationId })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('CONFLICT', M.issuerNameTaken, { legalName: M.issuerNameTaken });
    await recordActivity(tx, {
      actor,
      action: 'ISSUER_CREATED',
      resourceType: 'ledger',
      resourceId: row.id,
      details: { legalName: row.legalName },
      meta,
    });
    const [view] = await issuerViews(tx, [row]);
    return view!;
  });
}

export async function createShareClass(
  deps: AppDeps,
  actor: Actor,
  issuerId: string,
  input: ShareClassInput,
  meta: RequestMeta | null,
) {
  return deps.db.transaction(async (tx) => {
    const [issuer] = await tx.select({ id: issuers.id }).from(issuers).where(eq(issuers.id, issuerId));
    if (!issuer) throw notFound('Issuer not found');
    if (input.cusip) {
      const [taken] = await tx
        .select({ id: shareClasses.id })
        .from(shareClasses)
        .where(eq(shareClasses.cusip, input.cusip));
      if (taken) throw new AppError('CONFLICT', M.cusipTaken, { cusip: M.cusipTaken });
    }
    const [row] = await tx
      .insert(shareClasses)
      .values({ issuerId, name: input.name, cusip: input.cusip ?? null, parValue: input.parValue ?? null })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('CONFLICT', M.classNameTaken, { name: M.classNameTaken });
    await tx.insert(controlBooks).values({ classId: row.id, authorizedShares: input.authorizedShares });
    await recordActivity(tx, {
      actor,
      action: 'SHARE_CLASS_CREATED',
      resourceType: 'ledger',
      resourceId: row.id,
      details: { issuerId, name: row.name, authorizedShares: input.authorizedShares },
      meta,
    });
    const views = await classViews(tx, [issuerId]);
    return views.find((v) => v.id === row.id)!;
  });
}

/**
 * The class an account of the registry names by its free-text issuer and class, created when new (the
 * authorized shares then wait to be recorded). Names compare without case or surrounding spaces.
 */
export async function classForRegistry(tx: Db, issuerName: string, className: string): Promise<PostingClass> {
  const legalName = issuerName.trim();
  await tx.insert(issuers).values({ legalName }).onConflictDoNothing();
  const [issuer] = await tx
    .select({ id: issuers.id, timeZone: issuers.timeZone })
    .from(issuers)
    .where(sql`lower(${issuers.legalName}) = lower(${legalName})`);
  if (!issuer) throw new Error('issuer vanished');
  const name = className.trim();
  const [created] = await tx
    .insert(shareClasses)
    .values({ issuerId: issuer.id, name })
    .onConflictDoNothing()
    .returning({ id: shareClasses.id });
  if (created) {
    await tx.insert(controlBooks).values({ classId: created.id });
    return { id: created.id, issuerId: issuer.id, timeZone: issuer.timeZone };
  }
  const [existing] = await tx
    .select({ id: shareClasses.id })
    .from(shareClasses)
    .where(sql`${shareClasses.issuerId} = ${issuer.id} AND lower(${shareClasses.name}) = lower(${name})`);
  if (!existing) throw new Error('class vanished');
  return { id: existing.id, issuerId: issuer.id, timeZone: issuer.timeZone };
}

/**
 * The ledger's issuer for an application staff approve (decision 023), in the approval's transaction: the
 * issuer already on the ledger under the same legal name (names are unique there, in any case) is linked, whether
 * staff made it by hand or an earlier application of the company did (ISSUER_LINKED names it); otherwise a new
 * issuer is made from the legal name.
 */
export async function issuerForApplication(
  tx: Db,
  actor: Actor,
  application: { id: string; legalName: string },
  meta: RequestMeta | null,
): Promise<string> {
  const [existing] = await tx
    .select()
    .from(issuers)
    .where(eq(sql`lower(${issuers.legalName})`, application.legalName.toLowerCase()))
    .for('update');
  if (existing) {
    // The issuer keeps the first application it came from; the later one records the issuer on itself.
    if (!existing.issuerApplicationId)
      await tx.update(issuers).set({ issuerApplicationId: application.id }).where(eq(issuers.id, existing.id));
    await recordActivity(tx, {
      actor,
      action: 'ISSUER_LINKED',
      resourceType: 'ledger',
      resourceId: existing.id,
      details: {
        legalName: existing.legalName,
        issuerApplicationId: application.id,
        earlierApplicationId: existing.issuerApplicationId,
      },
      meta,
    });
    return existing.id;
  }
  const [row] = await tx
    .insert(issuers)
    .values({ legalName: application.legalName, issuerApplicationId: application.id })
    .returning({ id: issuers.id, legalName: issuers.legalName });
  if (!row) throw new Error('issuer insert returned no row');
  await recordActivity(tx, {
    actor,
    action: 'ISSUER_CREATED',
    resourceType: 'ledger',
    resourceId: row.id,
    details: { legalName: row.legalName, issuerApplicationId: application.id },
    meta,
  });
  return row.id;
}
