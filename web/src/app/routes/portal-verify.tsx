import { useParams } from 'react-router';
import { checkVerificationStatus } from '../../features/portal/requests-api';
import { getPortalToken } from '../../features/portal/portal-session';
import { RequestVerificationPage } from '../../features/verify/routes/verify';

/*
 * Identity verification from the portal. Features do not import each other, so the portal's
 * signed-in token and its status check (spec call 8) are handed to the verify feature here.
 */
export default function PortalVerifyRoute() {
  const { requestId = '' } = useParams();
  return (
    <RequestVerificationPage requestId={requestId} token={getPortalToken()} checkStatus={checkVerificationStatus} />
  );
}
