import type { IssuerUserProfile } from '@ledgerwell/shared/issuer-auth';
import { apiPaths } from '../../config/paths';
import type { FactorAccount } from '../../components/sign-in/account-api';
import type { StepUpApi } from '../../components/sign-in/step-up-api';

const i = apiPaths.issuer;

/**
 * Issuer users' sign-in and second-factor endpoints, for the shared sign-in screens. Removing a factor and
 * new recovery codes have no issuer endpoints: those buttons are not shown.
 */
export const issuerAccountApi = {
  kind: 'issuer',
  label: 'issuer portal',
  loginPasskeyOptions: i.loginPasskeyOptions,
  mfa: i.mfa,
  mfaTotpSetup: i.mfaTotpSetup,
  mfaTotpEnable: i.mfaTotpEnable,
  mfaPasskeyRegisterOptions: i.mfaPasskeyRegisterOptions,
  mfaPasskeyRegisterVerify: i.mfaPasskeyRegisterVerify,
  mfaPasskeyOptions: i.mfaPasskeyOptions,
  mfaStepUp: i.mfaStepUp,
} satisfies StepUpApi;

/** An issuer user as the shared second-factor screens need it: they sign in with their e-mail address. */
export const issuerFactorAccount = (user: IssuerUserProfile): FactorAccount => ({
  name: user.email,
  mfaEnabled: user.mfaEnabled,
  mustEnrollMfa: user.mustEnrollMfa,
});
