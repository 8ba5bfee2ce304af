import { and, eq, or } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { adviceDeliveries, adviceMailings } from '@ledgerwell/db/ledger-schema';
import { PAPER_ADVICE_MESSAGES as M, type MarkMailedInput } from '@ledgerwell/shared/paper-advices';
import { adviceDocumentId, parseAdviceDocumentId } from '@ledgerwell/shared/portal-documents';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordActivity, type Actor } from '../activity/record-activity';

type AdviceKey = { transactionId: string; accountId: string };
/** The id as `adviceDocumentId` writes it (lower case), whatever case the caller sent. */
const idOf = (key: AdviceKey) => adviceDocumentId(key.transactionId, key.accountId);

const keysOf = (ids: string[]): AdviceKey[] =>
  ids.map((id) => {
    const key = parseAdviceDocumentId(id);
    // The schema let only well-formed ids through.
    if (!key) throw new AppError('VALIDATION_ERROR', M.idInvalid, { documentIds: M.idInvalid });
    return key;
  });

const matching = (table: typeof adviceDeliveries | typeof adviceMailings, keys: AdviceKey[]) =>
  or(...keys.map((key) => and(eq(table.transactionId, key.transactionId), eq(table.accountId, key.accountId))));

/**
 * Why each advice cannot be marked: not a paper advice (an e-mailed one, or no advice at all), or already mailed.
 * Empty when every one can.
 */
async function refusals(tx: Db, keys: AdviceKey[]): Promise<Record<string, string>> {
  const [paper, mailed] = await Promise.all([
    tx
      .select({ transactionId: adviceDeliveries.transactionId, accountId: adviceDeliveries.accountId })
      .from(adviceDeliveries)
      .where(and(eq(adviceDeliveries.channel, 'PAPER'), matching(adviceDeliveries, keys))),
    tx
      .select({ transactionId: adviceMailings.transactionId, accountId: adviceMailings.accountId })
      .from(adviceMailings)
      .where(matching(adviceMailings, keys)),
  ]);
  const paperIds = new Set(paper.map(idOf));
  const mailedIds = new Set(mailed.map(idOf));
  const refused: Record<string, string> = {};
  for (const id of keys.map(idOf)) {
    if (!paperIds.has(id)) refused[id] = M.notPaper;
    else if (mailedIds.has(id)) refused[id] = M.alreadyMailed;
  }
  return refused;
}

/**
 * Records the advices as mailed by `actor`, all of them in one transaction or none: a 409 names each advice that
 * is not a paper one or was already marked (`errors`: document id → why), and nothing is written. Two staff
 * marking the same advice at once: the primary key lets one insert through, and the other's whole batch answers
 * 409 like any advice already mailed.
 */
export async function markAdvicesMailed(
  deps: AppDeps,
  actor: Actor,
  { documentIds }: MarkMailedInput,
  meta: RequestMeta | null,
): Promise<{ mailed: number; mailedAt: string }> {
  const keys = keysOf(documentIds);
  const mailedAt = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const refused = await refusals(tx, keys);
    if (Object.keys(refused).length > 0) throw new AppError('CONFLICT', M.conflict, refused);
    const written = await tx
      .insert(adviceMailings)
      .values(keys.map((key) => ({ ...key, mailedAt, mailedById: actor.id, mailedBy: actor.username ?? '' })))
      .onConflictDoNothing()
      .returning({ transactionId: adviceMailings.transactionId, accountId: adviceMailings.accountId });
    if (written.length < keys.length) {
      const done = new Set(written.map(idOf));
      const raced = keys.map(idOf).filter((id) => !done.has(id));
      throw new AppError('CONFLICT', M.conflict, Object.fromEntries(raced.map((id) => [id, M.alreadyMailed])));
    }
    await recordActivity(tx, {
      actor,
      action: 'PAPER_ADVICES_MAILED',
      resourceType: 'ledger',
      details: { count: keys.length, mailedAt: mailedAt.toISOString() },
      meta,
    });
  });
  return { mailed: keys.length, mailedAt: mailedAt.toISOString() };
}
