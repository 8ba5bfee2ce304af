import { Navigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { codeChannel } from '../code-channel';
import { VerificationFlow } from '../components/verification-flow';
import { requestChannel, requestKey, type CheckVerificationStatus } from '../request-channel';

/*
 * The verification page's two ways in, one module so that both are the one verify chunk: the
 * e-mailed code link, and the signed-in portal (whose route, in app/, hands in the portal's parts).
 */

/** /verify/{code}: identity verification by one-time code (public-site spec 2, 4, 5, 7, 8). */
export default function VerifyPage() {
  const { code = '' } = useParams();
  const normalised = code.trim().toUpperCase();
  // A new code is a new page: its own session, state and photos.
  return <VerificationFlow key={normalised} channel={codeChannel(normalised)} />;
}

interface RequestVerificationPageProps {
  requestId: string;
  /** The portal's signed-in token; null when signed out. */
  token: string | null;
  checkStatus: CheckVerificationStatus;
}

/** /shareholder-requests/verify/{id}: the same capture for a shareholder signed in to the portal, on any device, without the code. */
export function RequestVerificationPage({ requestId, token, checkStatus }: RequestVerificationPageProps) {
  // Signed out (or a tab the token never reached): the portal signs in first.
  if (!token) return <Navigate to={paths.shareholderRequests} replace />;
  return <VerificationFlow key={requestKey(requestId)} channel={requestChannel({ requestId, token, checkStatus })} />;
}
