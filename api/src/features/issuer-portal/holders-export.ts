import type { IssuerPrincipal } from '../../identity/issuer-principal';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { csvResponse } from '../../lib/csv-export';
import { recordActivity } from '../activity/record-activity';
import { issuerActor } from './issuer-env';
import { holderCsvColumns, holderPages } from '../ledger/holders';

/**
 * The issuer's record-date list as a streamed CSV: the staff export's pages, scoped to the issuer (another issuer's
 * class is not found), with each holder's tax ID masked to its last four. Recorded before the first row leaves: who
 * took the holders' names out, of which class, as of which date.
 */
export async function issuerHoldersCsv({
  deps,
  principal,
  classId,
  asOf,
  meta,
}: {
  deps: AppDeps;
  principal: IssuerPrincipal;
  classId: string;
  asOf: string | undefined;
  meta: RequestMeta;
}): Promise<Response> {
  const { asOf: date, pages } = await holderPages(deps, classId, asOf, { issuerId: principal.issuerId, taxIds: true });
  await recordActivity(deps.db, {
    actor: issuerActor(principal),
    action: 'ISSUER_HOLDERS_EXPORTED',
    resourceType: 'share_class',
    resourceId: classId,
    details: { issuerId: principal.issuerId, issuerUserId: principal.userId, asOf: date },
    meta,
  });
  return csvResponse({ fileName: `holders-${date}.csv`, columns: holderCsvColumns(date, { taxId: true }), pages });
}
