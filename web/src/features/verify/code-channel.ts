import { VERIFICATION_MESSAGES, verificationCodeSchema } from '@ledgerwell/shared/verification';
import { paths } from '../../config/paths';
import { uploadVerificationPhoto, validateVerificationCode } from './api';
import { deviceDeps, type VerificationChannel } from './channel';
import { CODE_CHECKING_LABEL } from './components/verify-pending';
import { PAGE_MESSAGES } from './messages';
import type { SessionDeps } from './session';

/** How a verification code is checked and its failures worded (apart from the network, for the tests). */
export const codeRules: Pick<SessionDeps, 'wellFormed' | 'loadErrorMessage'> = {
  wellFormed: (code) => verificationCodeSchema.safeParse(code).success,
  loadErrorMessage: ({ network, serverMessage }) =>
    network ? PAGE_MESSAGES.loadNetworkError : (serverMessage ?? PAGE_MESSAGES.loadFailed),
};

/** /verify/{code}: the e-mailed link, no sign-in (spec call 7, and call 6 variant B). */
export function codeChannel(code: string): VerificationChannel {
  return {
    key: code,
    deps: {
      ...deviceDeps(),
      ...codeRules,
      validate: (key, proof) => validateVerificationCode(key, { altcha: proof }),
      upload: ({ key, kind, photo, proof }) => uploadVerificationPhoto({ code: key, kind, photo, altcha: proof }),
    },
    checkingLabel: CODE_CHECKING_LABEL,
    invalid: { title: 'Invalid Verification Code', message: VERIFICATION_MESSAGES.invalidCodeScreen },
    handoff: { code, link: `${window.location.origin}${paths.verify(code)}` },
    exit: { to: paths.home, label: 'Return to Home' },
    failureHeading: PAGE_MESSAGES.uploadFailedHeading,
  };
}
