import { Hono, type Context } from 'hono';
import {
  MFA_MESSAGES,
  PASSKEY_MESSAGES,
  mfaLoginBodySchema,
  mfaStatusResponseSchema,
  passkeyAddedMessageResponseSchema,
  passkeyLoginBodySchema,
  passkeyLoginOptionsBodySchema,
  passkeyRegisterBodySchema,
  recoveryCodesIssuedResponseSchema,
  totpEnableBodySchema,
  totpSetupResponseSchema,
  webauthnOptionsResponseSchema,
} from '@ledgerwell/shared/admin-mfa';
import { messageResponseSchema } from '@ledgerwell/shared/api-response';
import {
  ISSUER_AUTH_MESSAGES as M,
  acceptInvitationSchema,
  issuerLoginAnswerSchema,
  issuerLoginSchema,
  issuerMeResponseSchema,
  issuerSessionResponseSchema,
} from '@ledgerwell/shared/issuer-auth';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { documented } from '../../lib/openapi';
import { parseJson, readProof } from '../../lib/validate';
import { issuerAccount } from '../../identity/account';
import * as enrolment from '../../identity/enrolment';
import { readIssuerUser, toIssuerProfile } from '../../identity/issuer-sessions';
import { endOwnSession } from '../../identity/logout';
import { requireRecentProof } from '../../identity/recent-proof';
import { acceptInvitation } from './accept-invitation';
import {
  issuerLogin,
  issuerLoginWithCode,
  issuerLoginWithPasskey,
  issuerPasskeyLoginOptions,
  type IssuerSignedIn,
} from './sign-in';

const TAG = 'Issuer sign-in';
const signedIn = (result: IssuerSignedIn) => ({
  success: true as const,
  token: result.token,
  expiresAt: result.expiresAt.toISOString(),
  user: result.user,
});

/** Open under /api/issuer: the password, the second factor (the mfaToken is the credential) and an invitation. */
export function issuerOpenRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post(
      '/login',
      documented({
        tag: TAG,
        summary: 'Sign in to the issuer portal with e-mail and password',
        auth: 'public',
        body: issuerLoginSchema,
        responses: { 200: issuerLoginAnswerSchema },
        errors: [401, 429],
      }),
      async (c) => {
        const input = await parseJson(c, issuerLoginSchema);
        const result = await issuerLogin(deps, input, c.get('meta'), await readProof(c));
        if (result.mfaRequired)
          return c.json({ success: true, mfaRequired: true, mfaToken: result.mfaToken, methods: result.methods });
        return c.json(signedIn(result));
      },
    )
    .post(
      '/login/mfa',
      documented({
        tag: TAG,
        summary: 'Complete an issuer sign-in with a TOTP or recovery code',
        auth: 'public',
        body: mfaLoginBodySchema,
        responses: { 200: issuerSessionResponseSchema },
        errors: [401, 429],
      }),
      async (c) => {
        const input = await parseJson(c, mfaLoginBodySchema);
        return c.json(signedIn(await issuerLoginWithCode(deps, input, c.get('meta'), await readProof(c))));
      },
    )
    .post(
      '/login/webauthn/options',
      documented({
        tag: TAG,
        summary: 'Passkey assertion options for an issuer sign-in',
        auth: 'public',
        body: passkeyLoginOptionsBodySchema,
        responses: { 200: webauthnOptionsResponseSchema },
        errors: [401, 409],
      }),
      async (c) => {
        const { mfaToken } = await parseJson(c, passkeyLoginOptionsBodySchema);
        return c.json({ success: true, data: await issuerPasskeyLoginOptions(deps, mfaToken) });
      },
    )
    .post(
      '/login/webauthn/verify',
      documented({
        tag: TAG,
        summary: 'Complete an issuer sign-in with a passkey',
        auth: 'public',
        body: passkeyLoginBodySchema,
        responses: { 200: issuerSessionResponseSchema },
        errors: [401, 429],
      }),
      async (c) => {
        const input = await parseJson(c, passkeyLoginBodySchema);
        return c.json(signedIn(await issuerLoginWithPasskey(deps, input, c.get('meta'), await readProof(c))));
      },
    )
    .post(
      '/invitations/accept',
      documented({
        tag: TAG,
        summary: "Accept an invitation: choose the invited issuer user's password",
        description:
          "Creates the invited user (the invitation's role: an application's contact is ISSUER_ADMIN) and signs them in; the session reaches second-factor enrolment only until a factor exists. 400 INVITATION_INVALID for a token that matches nothing, 410 INVITATION_GONE for one that expired, was used or was revoked, 409 when the e-mail already has an account.",
        auth: 'public',
        body: acceptInvitationSchema,
        responses: { 200: issuerSessionResponseSchema },
        errors: [409, 410],
      }),
      async (c) => {
        const input = await parseJson(c, acceptInvitationSchema);
        return c.json(signedIn(await acceptInvitation(deps, input, c.get('meta'))));
      },
    );
}

const sessionOf = (c: Context<AppEnv>): enrolment.EnrollingSession => {
  const principal = c.get('issuerUser');
  return { account: issuerAccount({ id: principal.userId, email: principal.email }), sessionId: principal.sessionId };
};

/** Behind requireIssuer: who is signed in, sign-out, and the user's own second factors (the staff core). */
export function issuerSessionRoutes(deps: AppDeps) {
  const doc = (summary: string, extra: Omit<Parameters<typeof documented>[0], 'tag' | 'auth' | 'summary'>) =>
    documented({ tag: 'Issuer session', auth: 'issuer', summary, ...extra });
  // Adding a factor needs a recent proof, as for staff: a stolen session must not plant a factor of its own.
  const recentProof = async (c: Context<AppEnv>) => requireRecentProof(deps, c.get('issuerUser').sessionId);
  return new Hono<AppEnv>()
    .get('/me', doc('The signed-in issuer user', { responses: { 200: issuerMeResponseSchema } }), async (c) => {
      const user = await readIssuerUser(deps.db, c.get('issuerUser').userId);
      if (!user) throw new AppError('UNAUTHENTICATED', M.sessionExpired);
      return c.json({ success: true, user: toIssuerProfile(user) });
    })
    .post('/logout', doc('Sign out of the issuer portal', { responses: { 200: messageResponseSchema } }), async (c) => {
      const { account, sessionId } = sessionOf(c);
      await endOwnSession(deps, account, sessionId, c.get('meta'));
      return c.json({ success: true, message: M.loggedOut });
    })
    .get('/mfa', doc('Own second factors', { responses: { 200: mfaStatusResponseSchema } }), async (c) =>
      c.json({ success: true, data: await enrolment.mfaStatus(deps, sessionOf(c).account, true) }),
    )
    .post(
      '/mfa/totp/setup',
      doc('Start setting up an authenticator app', { responses: { 200: totpSetupResponseSchema }, errors: [409] }),
      async (c) => {
        await recentProof(c);
        return c.json({ success: true, data: await enrolment.setupTotp(deps, sessionOf(c), c.get('meta')) });
      },
    )
    .post(
      '/mfa/totp/enable',
      doc('Confirm the authenticator app', {
        body: totpEnableBodySchema,
        responses: { 200: recoveryCodesIssuedResponseSchema },
        errors: [409, 429],
      }),
      async (c) => {
        await recentProof(c);
        const { code } = await parseJson(c, totpEnableBodySchema);
        const recoveryCodes = await enrolment.enableTotp(deps, sessionOf(c), code, c.get('meta'), await readProof(c));
        return c.json({ success: true, message: MFA_MESSAGES.totpEnabled, data: { recoveryCodes } });
      },
    )
    .post(
      '/mfa/webauthn/register/options',
      doc('Passkey registration options', { responses: { 200: webauthnOptionsResponseSchema }, errors: [409] }),
      async (c) => {
        await recentProof(c);
        return c.json({ success: true, data: await enrolment.passkeyRegistrationOptions(deps, sessionOf(c)) });
      },
    )
    .post(
      '/mfa/webauthn/register/verify',
      doc('Register a passkey', {
        body: passkeyRegisterBodySchema,
        responses: { 200: passkeyAddedMessageResponseSchema },
        errors: [409],
      }),
      async (c) => {
        await recentProof(c);
        const body = await parseJson(c, passkeyRegisterBodySchema);
        const recoveryCodes = await enrolment.registerPasskey(deps, sessionOf(c), body, c.get('meta'));
        return c.json({ success: true, message: PASSKEY_MESSAGES.added, data: { recoveryCodes } });
      },
    );
}
