import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { issuerUsers } from '@ledgerwell/db/schema';
import {
  MFA_MESSAGES,
  PASSKEY_MESSAGES,
  mfaProofBodySchema,
  recoveryCodesIssuedResponseSchema,
  stepUpBodySchema,
  stepUpResponseSchema,
  webauthnOptionsResponseSchema,
} from '@ledgerwell/shared/admin-mfa';
import { messageResponseSchema } from '@ledgerwell/shared/api-response';
import { ISSUER_AUTH_MESSAGES } from '@ledgerwell/shared/issuer-auth';
import { ISSUER_USERS_MESSAGES } from '@ledgerwell/shared/issuer-users';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { documented } from '../../lib/openapi';
import { parseJson, readProof } from '../../lib/validate';
import { issuerAccount } from '../../identity/account';
import { passkeyAssertionOptions } from '../../identity/enrolment';
import * as factorChanges from '../../identity/factor-changes';
import { stepUpSession } from '../../identity/step-up';

const accountOf = (c: Context<AppEnv>) => {
  const principal = c.get('issuerUser');
  return issuerAccount({ id: principal.userId, email: principal.email });
};

/** A factor change of the signed-in issuer user: every issuer user must keep a second factor (decision 023). */
async function issuerChange(c: Context<AppEnv>) {
  return {
    account: accountOf(c),
    mustKeepOne: ISSUER_USERS_MESSAGES.lastFactor,
    factor: await parseJson(c, mfaProofBodySchema),
    meta: c.get('meta'),
    proof: await readProof(c),
  };
}

/**
 * Behind requireIssuer: step-up and the changes to one's own factors that need a current factor, as staff's, over
 * the same identity core (decision 025). Each issuer user manages their own, whatever the role.
 */
export function issuerFactorRoutes(deps: AppDeps) {
  const doc = (summary: string, extra: Omit<Parameters<typeof documented>[0], 'tag' | 'auth' | 'summary'>) =>
    documented({ tag: 'Issuer session', auth: 'issuer', summary, ...extra });
  return (
    new Hono<AppEnv>()
      .post(
        '/mfa/step-up',
        doc('Confirm it is you before an export or a change to the users', {
          body: stepUpBodySchema,
          responses: { 200: stepUpResponseSchema },
          errors: [429],
        }),
        async (c) => {
          const body = await parseJson(c, stepUpBodySchema);
          const principal = c.get('issuerUser');
          const [user] = await deps.db.select().from(issuerUsers).where(eq(issuerUsers.id, principal.userId)).limit(1);
          if (!user) throw new AppError('UNAUTHENTICATED', ISSUER_AUTH_MESSAGES.sessionExpired);
          const who = { account: issuerAccount(user), sessionId: principal.sessionId, signInName: user.email, user };
          return c.json({
            success: true,
            data: await stepUpSession(deps, who, body, c.get('meta'), await readProof(c)),
          });
        },
      )
      // Assertion options for proving a passkey while signed in (step-up, recovery codes, removals).
      .post(
        '/mfa/webauthn/options',
        doc('Passkey assertion options for proving a factor', {
          responses: { 200: webauthnOptionsResponseSchema },
          errors: [409],
        }),
        async (c) =>
          c.json({
            success: true,
            data: await passkeyAssertionOptions(deps, { account: accountOf(c), purpose: 'verify' }),
          }),
      )
      .post(
        '/mfa/recovery-codes',
        doc('New recovery codes', {
          body: mfaProofBodySchema,
          responses: { 200: recoveryCodesIssuedResponseSchema },
          errors: [409, 429],
        }),
        async (c) => {
          const recoveryCodes = await factorChanges.regenerateRecoveryCodes(deps, await issuerChange(c));
          return c.json({ success: true, message: MFA_MESSAGES.recoveryCodesRegenerated, data: { recoveryCodes } });
        },
      )
      .post(
        '/mfa/totp/disable',
        doc('Remove the authenticator app (a passkey must remain)', {
          body: mfaProofBodySchema,
          responses: { 200: messageResponseSchema },
          errors: [409, 429],
        }),
        async (c) => {
          await factorChanges.disableTotp(deps, await issuerChange(c));
          return c.json({ success: true, message: MFA_MESSAGES.totpDisabled });
        },
      )
      .post(
        '/mfa/webauthn/:id/remove',
        doc('Remove a passkey (another factor must remain)', {
          body: mfaProofBodySchema,
          responses: { 200: messageResponseSchema },
          errors: [404, 409, 429],
        }),
        async (c) => {
          await factorChanges.removePasskey(deps, { ...(await issuerChange(c)), passkeyId: c.req.param('id') });
          return c.json({ success: true, message: PASSKEY_MESSAGES.removed });
        },
      )
  );
}
