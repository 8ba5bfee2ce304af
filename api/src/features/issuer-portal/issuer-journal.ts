import type { IssuerTransaction, IssuerTransactionsQuery } from '@ledgerwell/shared/issuer-portal';
import type { AppDeps } from '../../lib/context';
import { listJournal } from '../ledger/ledger-queries';
import { requireIssuerClass } from './issuer-classes';

/**
 * The journal of the issuer's classes: the staff journal's own query, always narrowed to the session's issuer (a
 * posting's legs lie in its class, so none names another issuer's account). A class of another issuer is not
 * found. The staff member who posted is left out: staff identities are the transfer agent's.
 */
export async function issuerJournal({
  deps,
  issuerId,
  query,
}: {
  deps: AppDeps;
  issuerId: string;
  query: IssuerTransactionsQuery;
}) {
  if (query.classId) await requireIssuerClass(deps, issuerId, query.classId);
  const page = await listJournal(deps, { ...query, issuerId });
  const data: IssuerTransaction[] = page.data.map(({ postedBy: _, balanceAfter: __, ...view }) => view);
  return { ...page, data };
}
