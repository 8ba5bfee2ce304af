import type { AdminProfile } from '@ledgerwell/shared/admin-auth';
import { apiPaths } from '../../config/paths';
import type { AccountApi } from '../../components/sign-in/account-api';

const a = apiPaths.admin;

/** Staff accounts' sign-in and second-factor endpoints, for the shared sign-in screens. */
export const staffAccountApi = {
  kind: 'admin',
  label: 'admin',
  loginPasskeyOptions: a.loginPasskeyOptions,
  mfa: a.mfa,
  mfaTotpSetup: a.mfaTotpSetup,
  mfaTotpEnable: a.mfaTotpEnable,
  mfaPasskeyRegisterOptions: a.mfaPasskeyRegisterOptions,
  mfaPasskeyRegisterVerify: a.mfaPasskeyRegisterVerify,
  mfaPasskeyOptions: a.mfaPasskeyOptions,
  mfaStepUp: a.mfaStepUp,
  mfaTotpDisable: a.mfaTotpDisable,
  mfaRecoveryCodes: a.mfaRecoveryCodes,
  mfaPasskeyRemove: a.mfaPasskeyRemove,
} satisfies AccountApi;

/** A staff profile as the shared second-factor screens need it. */
export const staffFactorAccount = (admin: Pick<AdminProfile, 'username' | 'mfaEnabled' | 'mustEnrollMfa'>) => ({
  name: admin.username,
  mfaEnabled: admin.mfaEnabled,
  mustEnrollMfa: admin.mustEnrollMfa,
});
