import { z } from 'zod';
import { VERIFICATION_MESSAGES, type VerificationState } from '@ledgerwell/shared/verification';
import { paths } from '../../config/paths';
import { uploadVerificationPhotoForRequest } from './api';
import { deviceDeps, type VerificationChannel } from './channel';
import { REQUEST_PAGE_MESSAGES } from './messages';
import type { SessionDeps } from './session';

/** The portal's status check (spec call 8), handed in by the app: features do not import each other. */
export type CheckVerificationStatus = (token: string, requestId: string) => Promise<VerificationState>;

const KEY_PREFIX = 'request:';
const requestIdSchema = z.uuid();

/** A request's session key: never a valid code (codes are letters and digits), so a request and a code never share photos. */
export const requestKey = (requestId: string) => `${KEY_PREFIX}${requestId}`;

/** How a request key is checked and its failures worded: the spec's portal messages. */
export const requestRules: Pick<SessionDeps, 'wellFormed' | 'loadErrorMessage'> = {
  wellFormed: (key) => key.startsWith(KEY_PREFIX) && requestIdSchema.safeParse(key.slice(KEY_PREFIX.length)).success,
  loadErrorMessage: ({ network }) =>
    network ? VERIFICATION_MESSAGES.networkError : REQUEST_PAGE_MESSAGES.statusFailed,
};

/**
 * /shareholder-requests/verify/{id}: signed in to the portal, on any device, without the code (spec
 * call 8 for the state, call 6 variant A for the photos).
 */
export function requestChannel(input: {
  requestId: string;
  token: string;
  checkStatus: CheckVerificationStatus;
}): VerificationChannel {
  const { requestId, token, checkStatus } = input;
  return {
    key: requestKey(requestId),
    deps: {
      ...deviceDeps(),
      ...requestRules,
      validate: () => checkStatus(token, requestId),
      upload: ({ kind, photo }) => uploadVerificationPhotoForRequest({ token, requestId, kind, photo }),
    },
    checkingLabel: REQUEST_PAGE_MESSAGES.checking,
    invalid: { title: REQUEST_PAGE_MESSAGES.invalidTitle, message: REQUEST_PAGE_MESSAGES.invalid },
    handoff: null,
    exit: { to: paths.shareholderRequests, label: 'Return to Shareholder Portal' },
    failureHeading: VERIFICATION_MESSAGES.uploadFailed,
  };
}
