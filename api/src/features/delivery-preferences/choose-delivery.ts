import { eq } from 'drizzle-orm';
import { deliveryPreferenceChoices, shareholders } from '@ledgerwell/db/schema';
import type { DeliveryPreference, DeliveryPreferenceInput } from '@ledgerwell/shared/delivery-preferences';
import type { AppDeps, RequestMeta } from '../../lib/context';
import type { PortalSession } from '../portal-auth/portal-sessions';
import { latestChoice, toDeliveryPreference } from './current-preferences';

/**
 * Records the holder's choice of electronic delivery or paper, with the time, the address and browser it came
 * from and the portal session. The table of choices is itself the audit record (append-only, one row per
 * change, with who, when and where from), so no activity row repeats it.
 *
 * Choosing what is already the current choice records nothing and answers the current choice with the time it
 * was first made: `chosenAt` says since when documents go that way. A holder who never chose gets paper; a first
 * explicit choice of paper is still recorded, as their own decision.
 */
export async function chooseDeliveryPreference({
  deps,
  session,
  input,
  meta,
}: {
  deps: AppDeps;
  session: Pick<PortalSession, 'id' | 'shareholderId'>;
  input: DeliveryPreferenceInput;
  meta: RequestMeta;
}): Promise<DeliveryPreference> {
  return deps.db.transaction(async (tx) => {
    // One choice at a time per holder: two tabs saving the same choice at once must not record it twice.
    await tx
      .select({ id: shareholders.id })
      .from(shareholders)
      .where(eq(shareholders.id, session.shareholderId))
      .for('no key update');
    const current = await latestChoice(tx, session.shareholderId);
    if (current?.electronic === input.electronic) return toDeliveryPreference(current);
    const [row] = await tx
      .insert(deliveryPreferenceChoices)
      .values({
        shareholderId: session.shareholderId,
        electronic: input.electronic,
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
        portalSessionId: session.id,
        createdAt: deps.clock.now(),
      })
      .returning();
    return toDeliveryPreference(row!);
  });
}
