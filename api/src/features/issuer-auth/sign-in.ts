import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { issuerUsers } from '@ledgerwell/db/schema';
import type { MfaLoginBody, MfaMethod, PasskeyLoginBody } from '@ledgerwell/shared/admin-mfa';
import {
  ISSUER_AUTH_MESSAGES as M,
  type IssuerLoginInput,
  type IssuerUserProfile,
} from '@ledgerwell/shared/issuer-auth';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { issuerAccount } from '../../identity/account';
import { passkeyAssertionOptions } from '../../identity/enrolment';
import { readIssuerUser, toIssuerProfile } from '../../identity/issuer-sessions';
import { finishSignIn, pendingSignIn } from '../../identity/mfa-token';
import { withPasskey, withSecondFactor, type UsedMethod } from '../../identity/second-factor';
import { beginSecondStep, openSession, passwordStep } from '../../identity/sign-in';

type IssuerUserRow = typeof issuerUsers.$inferSelect;

export interface IssuerSignedIn {
  token: string;
  expiresAt: Date;
  user: IssuerUserProfile;
}

/**
 * The end of every issuer sign-in (invitation acceptance, password, password then second factor): a session,
 * lastLoginAt and the LOGIN row, in the caller's transaction, through the same core as staff's.
 */
export async function startIssuerSession(
  deps: AppDeps,
  tx: Db,
  user: Pick<IssuerUserRow, 'id' | 'email' | 'mfaEnabledAt'>,
  meta: RequestMeta,
  details?: Record<string, unknown>,
): Promise<IssuerSignedIn> {
  const mfaVerified = details?.mfaMethod !== undefined || user.mfaEnabledAt === null;
  const session = await openSession(deps, tx, issuerAccount(user), meta, mfaVerified, details);
  await tx.update(issuerUsers).set({ lastLoginAt: deps.clock.now() }).where(eq(issuerUsers.id, user.id));
  const view = await readIssuerUser(tx, user.id);
  if (!view) throw new Error('issuer user vanished in its own sign-in');
  return { token: session.token, expiresAt: session.expiresAt, user: toIssuerProfile(view) };
}

export type IssuerLoginResult =
  | ({ mfaRequired: false } & IssuerSignedIn)
  | { mfaRequired: true; mfaToken: string; methods: MfaMethod[] };

/**
 * POST /api/issuer/login: the staff password step (decision 023) over issuer_users. A user with a second
 * factor gets an mfaToken; one without (only right after acceptance) a session that reaches enrolment only.
 */
export async function issuerLogin(
  deps: AppDeps,
  input: IssuerLoginInput,
  meta: RequestMeta,
  proof?: string,
): Promise<IssuerLoginResult> {
  const email = input.email.trim();
  const [found] = await deps.db
    .select()
    .from(issuerUsers)
    .where(eq(sql`lower(${issuerUsers.email})`, email.toLowerCase()))
    .limit(1);
  const candidate = found
    ? { user: found, account: issuerAccount(found), passwordHash: found.passwordHash, active: !found.disabledAt }
    : null;
  const step = {
    kind: 'issuer' as const,
    name: email,
    password: input.password,
    candidate,
    failureMessage: M.invalidCredentials,
    tooManyMessage: M.tooManyAttempts,
  };
  return passwordStep(deps, step, meta, proof, async (tx, user, rehash): Promise<IssuerLoginResult> => {
    if (rehash) await tx.update(issuerUsers).set({ passwordHash: rehash }).where(eq(issuerUsers.id, user.id));
    if (!user.mfaEnabledAt) return { mfaRequired: false, ...(await startIssuerSession(deps, tx, user, meta)) };
    return beginSecondStep(deps, tx, issuerAccount(user), meta);
  });
}

/** The live issuer mfaToken's row and its (still enabled) user, or 401 MFA_TOKEN_INVALID. */
function pendingIssuerSignIn(deps: AppDeps, mfaToken: string) {
  return pendingSignIn(deps, 'issuer', mfaToken, async (userId) => {
    const [user] = await deps.db
      .select()
      .from(issuerUsers)
      .where(and(eq(issuerUsers.id, userId), isNull(issuerUsers.disabledAt)))
      .limit(1);
    return user ?? null;
  });
}

const finish = (deps: AppDeps, signIn: Awaited<ReturnType<typeof pendingIssuerSignIn>>, meta: RequestMeta) =>
  finishSignIn(deps.clock, signIn.pending.id, (tx, method: UsedMethod) =>
    startIssuerSession(deps, tx, signIn.user, meta, { mfaMethod: method }),
  );

/** POST /api/issuer/login/mfa: the second step with an app or recovery code (the staff core and throttle). */
export async function issuerLoginWithCode(deps: AppDeps, input: MfaLoginBody, meta: RequestMeta, proof?: string) {
  const signIn = await pendingIssuerSignIn(deps, input.mfaToken);
  return withSecondFactor(deps, issuerAccount(signIn.user), input.code, meta, proof, finish(deps, signIn, meta));
}

/** POST /api/issuer/login/webauthn/options: an assertion challenge bound to this mfaToken. */
export async function issuerPasskeyLoginOptions(deps: AppDeps, mfaToken: string) {
  const { pending, user } = await pendingIssuerSignIn(deps, mfaToken);
  return passkeyAssertionOptions(deps, { account: issuerAccount(user), purpose: 'login', mfaTokenId: pending.id });
}

/** POST /api/issuer/login/webauthn/verify: the second step with a passkey, under the same throttle as codes. */
export async function issuerLoginWithPasskey(
  deps: AppDeps,
  input: PasskeyLoginBody,
  meta: RequestMeta,
  proof?: string,
) {
  const signIn = await pendingIssuerSignIn(deps, input.mfaToken);
  const binding = { purpose: 'login' as const, mfaTokenId: signIn.pending.id };
  const account = issuerAccount(signIn.user);
  return withPasskey(deps, account, input.response, binding, meta, proof, finish(deps, signIn, meta));
}
