import type { SessionKind } from '../../lib/session-token';

/**
 * One kind of account's sign-in and second-factor endpoints (staff under /api/admin, issuer users under
 * /api/issuer): the shared sign-in screens call whichever they are given, with that kind's session token.
 * An optional path left out is a change that kind of account cannot make (yet): its button is not shown.
 */
export interface AccountApi {
  kind: SessionKind;
  /** Names the account in the recovery codes file, e.g. 'admin' → "Ledgerwell admin recovery codes for …". */
  label: string;
  loginPasskeyOptions: string;
  mfa: string;
  mfaTotpSetup: string;
  mfaTotpEnable: string;
  mfaPasskeyRegisterOptions: string;
  mfaPasskeyRegisterVerify: string;
  /** Assertion options for proving a passkey while signed in (step-up, removals). */
  mfaPasskeyOptions?: string;
  mfaStepUp?: string;
  mfaTotpDisable?: string;
  mfaRecoveryCodes?: string;
  mfaPasskeyRemove?: (id: string) => string;
}

/** The signed-in account as the shared screens need it. */
export interface FactorAccount {
  /** What the account signs in with (a username or an e-mail address). */
  name: string;
  mfaEnabled: boolean;
  /** The second factor is required and not set up yet: the session reaches enrolment only. */
  mustEnrollMfa: boolean;
}
