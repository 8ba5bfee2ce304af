import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { deliveryPreferenceChoices } from '@ledgerwell/db/schema';
import { NO_DELIVERY_CHOICE, type DeliveryPreference } from '@ledgerwell/shared/delivery-preferences';

type ChoiceRow = typeof deliveryPreferenceChoices.$inferSelect;

export const toDeliveryPreference = (row: ChoiceRow): DeliveryPreference => ({
  electronic: row.electronic,
  chosenAt: row.createdAt.toISOString(),
  sourceAddress: row.ipAddress,
});

/**
 * The newest choice first: by time, then by id, since two choices can carry the same timestamp (a clock
 * that does not move between them) and the later insert is the later choice.
 */
const newestFirst = [desc(deliveryPreferenceChoices.createdAt), desc(deliveryPreferenceChoices.id)];

/** The holder's newest recorded choice, or null when they never chose. */
export async function latestChoice(db: Db, shareholderId: string): Promise<ChoiceRow | null> {
  const [row] = await db
    .select()
    .from(deliveryPreferenceChoices)
    .where(eq(deliveryPreferenceChoices.shareholderId, shareholderId))
    .orderBy(...newestFirst)
    .limit(1);
  return row ?? null;
}

/** One holder's current choice: paper when they never chose. */
export async function currentDeliveryPreference(db: Db, shareholderId: string): Promise<DeliveryPreference> {
  const row = await latestChoice(db, shareholderId);
  return row ? toDeliveryPreference(row) : NO_DELIVERY_CHOICE;
}

/** The current choices of many holders in one query (a page of the registry); a holder who never chose is absent. */
export async function currentDeliveryPreferences(
  db: Db,
  shareholderIds: string[],
): Promise<Map<string, DeliveryPreference>> {
  const choices = new Map<string, DeliveryPreference>();
  if (shareholderIds.length === 0) return choices;
  const rows = await db
    .selectDistinctOn([deliveryPreferenceChoices.shareholderId])
    .from(deliveryPreferenceChoices)
    .where(inArray(deliveryPreferenceChoices.shareholderId, shareholderIds))
    .orderBy(deliveryPreferenceChoices.shareholderId, ...newestFirst);
  for (const row of rows) choices.set(row.shareholderId, toDeliveryPreference(row));
  return choices;
}
