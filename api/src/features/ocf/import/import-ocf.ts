import { eq, sql } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { issuers, ledgerTransactions, shareClasses } from '@ledgerwell/db/ledger-schema';
import type { OcfTransaction } from '@ledgerwell/shared/ocf';
import { replayOcfBundle } from '@ledgerwell/shared/ocf-check';
import {
  OCF_IMPORT_MESSAGES as M,
  type OcfImportCounts,
  type OcfImportProblem,
  type OcfImportResult,
} from '@ledgerwell/shared/ocf-import';
import type { AppDeps, RequestMeta } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { recordActivity, type Actor } from '../../activity/record-activity';
import { withPostingErrors } from '../../ledger/posting-errors';
import { groupPostings, namedSecurities } from './group-postings';
import { importStakeholder, importStockClass, ObjectRejected, openAccount } from './import-register';
import { postGroup, type HeldSecurity, type ImportRegister } from './post-group';
import { readBundle } from './read-bundle';

const COUNT_OF: Record<OcfTransaction['object_type'], keyof OcfImportCounts> = {
  TX_STOCK_ISSUANCE: 'issuances',
  TX_STOCK_TRANSFER: 'transfers',
  TX_STOCK_CANCELLATION: 'cancellations',
  TX_STOCK_REISSUANCE: 'reissuances',
  TX_STOCK_CONVERSION: 'conversions',
  TX_STOCK_CLASS_AUTHORIZED_SHARES_ADJUSTMENT: 'authorizedAdjustments',
};

/** Thrown inside the transaction so it rolls back; carries the report out. */
class BundleRejected extends Error {
  constructor(readonly problems: OcfImportProblem[]) {
    super('bundle rejected');
  }
}

export type ImportOutcome = { ok: true; result: OcfImportResult } | { ok: false; problems: OcfImportProblem[] };

export interface OcfImport {
  deps: AppDeps;
  actor: Actor;
  issuerId: string;
  bytes: Uint8Array;
  meta: RequestMeta | null;
}

/**
 * POST /issuers/:issuerId/ocf-import: an issuer's opening cap table from an OCF bundle, all or nothing. Every
 * object is checked against the schemas and the stack's rules first (ocf-check); then, in one transaction, the
 * classes, holders and accounts are made and every posting goes through the ledger's own services, each in a
 * savepoint so that one refused posting is reported and the next is still tried. Any rejection rolls all back.
 */
export async function importOcf({ deps, actor, issuerId, bytes, meta }: OcfImport): Promise<ImportOutcome> {
  const { files, problems: unreadable } = readBundle(bytes);
  const replay = replayOcfBundle(files);
  const structural = [...unreadable, ...replay.problems];
  // The issuer is looked at before a report: a bad bundle for an unknown or used issuer is told that first.
  await checkIssuer(deps.db, issuerId);
  if (structural.length > 0) return { ok: false, problems: structural };
  try {
    const result = await deps.db.transaction(async (tx) => {
      const issuer = await checkIssuer(tx, issuerId, { lock: true });
      const { register, counts } = await importRegister(tx, deps, actor, issuer, replay.objects, meta);
      await postAll(tx, { deps, actor, register }, replay.objects.transactions, counts);
      await advanceCertificateCounter(tx, issuerId);
      await recordActivity(tx, {
        actor,
        action: 'OCF_IMPORTED',
        resourceType: 'ledger',
        resourceId: issuerId,
        details: { counts },
        meta,
      });
      return { issuerId, counts };
    });
    return { ok: true, result };
  } catch (error) {
    if (error instanceof BundleRejected) return { ok: false, problems: error.problems };
    throw error;
  }
}

/** The issuer exists and is fresh: none of its classes has a ledger posting (else 409). */
async function checkIssuer(db: Db, issuerId: string, { lock = false } = {}) {
  const query = db.select({ id: issuers.id, legalName: issuers.legalName, timeZone: issuers.timeZone }).from(issuers);
  const [issuer] = await (lock
    ? query.where(eq(issuers.id, issuerId)).for('update')
    : query.where(eq(issuers.id, issuerId)));
  if (!issuer) throw notFound('Issuer not found');
  const [posted] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .innerJoin(shareClasses, eq(shareClasses.id, ledgerTransactions.classId))
    .where(eq(shareClasses.issuerId, issuerId))
    .limit(1);
  if (posted) throw new AppError('CONFLICT', M.notFresh);
  return issuer;
}

type Objects = ReturnType<typeof replayOcfBundle>['objects'];

/** The classes, the holders, and an account for each holder in each class it receives securities in. */
async function importRegister(
  tx: Db,
  deps: AppDeps,
  actor: Actor,
  issuer: { id: string; legalName: string; timeZone: string },
  objects: Objects,
  meta: RequestMeta | null,
) {
  const problems: OcfImportProblem[] = [];
  const register: ImportRegister = { classes: new Map(), accounts: new Map() };
  const names = new Map<string, string>();
  for (const { file, item } of objects.classes) {
    try {
      register.classes.set(item.id, await importStockClass(tx, deps, actor, issuer, item, meta));
      names.set(item.id, item.name);
    } catch (error) {
      problems.push({ file, objectId: item.id, reason: reasonOf(error) });
    }
  }
  if (problems.length > 0) throw new BundleRejected(problems);
  const holders = new Map<string, { shareholderId: string; registrationName: string }>();
  for (const { item } of objects.stakeholders)
    holders.set(item.id, { shareholderId: await importStakeholder(tx, item), registrationName: item.name.legal_name });
  for (const { item } of objects.transactions) {
    if (item.object_type !== 'TX_STOCK_ISSUANCE') continue;
    const key = `${item.stakeholder_id} ${item.stock_class_id}`;
    const postingClass = register.classes.get(item.stock_class_id);
    if (register.accounts.has(key) || !postingClass) continue;
    const account = await openAccount(tx, deps, actor, holders.get(item.stakeholder_id)!, {
      ...postingClass,
      name: names.get(item.stock_class_id)!,
      issuerName: issuer.legalName,
    });
    register.accounts.set(key, account);
  }
  const counts: OcfImportCounts = {
    stockClasses: objects.classes.length,
    stakeholders: objects.stakeholders.length,
    issuances: 0,
    transfers: 0,
    cancellations: 0,
    reissuances: 0,
    conversions: 0,
    authorizedAdjustments: 0,
    ledgerTransactions: 0,
  };
  return { register, counts };
}

const reasonOf = (error: unknown): string => {
  if (error instanceof ObjectRejected || error instanceof AppError) return error.message;
  throw error;
};

/**
 * Every posting in date order, each in a savepoint: a refused one is reported with its object and undone alone,
 * and those that consume what it would have made are passed over (the report names the cause, not its echoes).
 */
async function postAll(
  tx: Db,
  context: Omit<Parameters<typeof postGroup>[1], 'securities'>,
  transactions: Objects['transactions'],
  counts: OcfImportCounts,
) {
  const problems: OcfImportProblem[] = [];
  const securities = new Map<string, HeldSecurity>();
  const lost = new Set<string>();
  for (const group of groupPostings(transactions)) {
    // What the group touches: the securities it consumes (none for issuances) and those it makes.
    const consumed =
      group.kind === 'consumption' ? group.objects.map((o) => ('security_id' in o ? o.security_id : '')) : [];
    const made = [
      ...group.objects.flatMap((o) => (group.kind === 'issuance' && 'security_id' in o ? [o.security_id] : [])),
      ...group.objects.flatMap(namedSecurities),
      ...group.created.map((o) => o.security_id),
    ];
    if (consumed.some((id) => lost.has(id))) {
      for (const id of made) lost.add(id);
      continue;
    }
    try {
      const posted = await tx.transaction((savepoint) =>
        withPostingErrors(() => postGroup(savepoint, { ...context, securities }, group)),
      );
      for (const id of posted.consumed) securities.delete(id);
      for (const [id, held] of posted.created) securities.set(id, held);
      counts.ledgerTransactions += posted.ledgerTransactions;
      for (const object of [...group.objects, ...group.created]) counts[COUNT_OF[object.object_type]]++;
    } catch (error) {
      const objectId = error instanceof ObjectRejected ? error.objectId : group.id;
      problems.push({ file: group.file, objectId, reason: reasonOf(error) });
      for (const id of [...made, ...consumed]) lost.add(id);
    }
  }
  if (problems.length > 0) throw new BundleRejected(problems);
}

/**
 * Numbers the bundle gave in the issuer's own series (LW000042) are taken: the issuer's next system number moves
 * past the highest, so a later posting never draws one of them.
 */
async function advanceCertificateCounter(tx: Db, issuerId: string) {
  await tx.execute(sql`
    update issuers set next_certificate_number = greatest(next_certificate_number,
      coalesce((select max(substring(number from '^LW([0-9]{1,15})$')::bigint) + 1 from certificates
                where issuer_id = ${issuerId}), 1))
    where id = ${issuerId}`);
}
