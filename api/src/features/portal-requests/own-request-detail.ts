import { OWN_REQUEST_MESSAGES as M, type OwnRequestDetail } from '@ledgerwell/shared/portal-request-detail';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { PortalSession } from '../portal-auth/portal-sessions';
import { findRequest, historyOf, identityDocumentsOf } from '../request-history/read-request';
import { neededFromHolder } from './needed-from-holder';
import { submittedFields } from './submitted-fields';

type HistoryLine = Awaited<ReturnType<typeof historyOf>>[number];

/**
 * The holder's view of the history: the status changes only, with no staff names, notes or
 * addresses. A rejection keeps its reason: staff write that note for the holder (the actions panel
 * says so) and its e-mail sends it; every other decision note stays internal.
 */
function statusChanges(lines: readonly HistoryLine[]): OwnRequestDetail['history'] {
  return lines.flatMap((line) => {
    if (line.toStatus === null) return [];
    const notes = line.details?.notes;
    const reason =
      line.toStatus === 'REJECTED' && line.actorType === 'ADMIN' && typeof notes === 'string' ? notes : null;
    return [{ status: line.toStatus, at: line.createdAt.toISOString(), reason }];
  });
}

/**
 * One of the signed-in holder's own requests. The holder is part of the lookup, so another holder's
 * request, an unknown id and a malformed one are the same 404: whether a request exists is not told.
 */
export async function ownRequestDetail({
  deps,
  session,
  id,
}: {
  deps: AppDeps;
  session: Pick<PortalSession, 'shareholderId'>;
  id: string;
}): Promise<OwnRequestDetail> {
  const request = await findRequest(deps.db, id, { shareholderId: session.shareholderId });
  if (!request) throw new AppError('NOT_FOUND', M.notFound);
  const history = await historyOf(deps.db, request.id);
  const documents = request.requestType === 'TRANSFER' ? await identityDocumentsOf(deps.db, request.id) : [];
  return {
    id: request.id,
    referenceNumber: request.referenceNumber,
    requestType: request.requestType,
    status: request.status,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
    history: statusChanges(history),
    submitted: submittedFields(request),
    needed: neededFromHolder(request, documents),
  };
}
