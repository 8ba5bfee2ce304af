import type { MfaMethod } from '@ledgerwell/shared/admin-mfa';

/** A password sign-in either opens the session or asks for the second factor (no session yet). */
export type SignInStep<Profile> =
  | { status: 'signedIn'; profile: Profile }
  | { status: 'mfaRequired'; mfaToken: string; methods: MfaMethod[] };
