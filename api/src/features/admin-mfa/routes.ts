import { Hono } from 'hono';
import {
  MFA_MESSAGES,
  mfaStatusResponseSchema,
  passkeyAddedMessageResponseSchema,
  recoveryCodesIssuedResponseSchema,
  totpSetupResponseSchema,
  webauthnOptionsResponseSchema,
  mfaLoginBodySchema,
  mfaProofBodySchema,
  PASSKEY_MESSAGES,
  passkeyLoginBodySchema,
  passkeyLoginOptionsBodySchema,
  passkeyRegisterBodySchema,
  totpEnableBodySchema,
} from '@ledgerwell/shared/admin-mfa';
import { adminLoginResponseSchema } from '@ledgerwell/shared/admin-auth';
import { messageResponseSchema } from '@ledgerwell/shared/api-response';
import type { AppDeps, AppEnv } from '../../lib/context';
import { parseJson, readProof } from '../../lib/validate';
import { loginWithPasskey, loginWithSecondFactor, passkeyLoginOptions } from './login-mfa';
import { passkeyAssertionOptions, passkeyRegistrationOptions, registerPasskey, removePasskey } from './passkeys';
import { disableTotp, enableTotp, mfaStatus, regenerateRecoveryCodes, setupTotp } from './second-factor';
import { documented } from '../../lib/openapi';
import { staffAccount } from '../../identity/account';

/** Open, beside POST /login: the mfaToken is the credential. */
export function adminMfaLoginRoutes(deps: AppDeps) {
  const signedIn = (result: Awaited<ReturnType<typeof loginWithSecondFactor>>) => ({
    success: true,
    token: result.token,
    expiresAt: result.expiresAt.toISOString(),
    user: result.user,
  });
  return new Hono<AppEnv>()
    .post(
      '/login/mfa',
      documented({
        tag: 'Admin sign-in',
        summary: 'Complete a sign-in with a TOTP or recovery code',
        auth: 'public',
        body: mfaLoginBodySchema,
        responses: { 200: adminLoginResponseSchema },
        errors: [401, 403, 429],
      }),
      async (c) => {
        const input = await parseJson(c, mfaLoginBodySchema);
        return c.json(signedIn(await loginWithSecondFactor(deps, input, c.get('meta'), await readProof(c))));
      },
    )
    .post(
      '/login/webauthn/options',
      documented({
        tag: 'Admin sign-in',
        summary: 'Passkey assertion options for a sign-in',
        auth: 'public',
        body: passkeyLoginOptionsBodySchema,
        responses: { 200: webauthnOptionsResponseSchema },
        errors: [401, 403, 429],
      }),
      async (c) => {
        const { mfaToken } = await parseJson(c, passkeyLoginOptionsBodySchema);
        return c.json({ success: true, data: await passkeyLoginOptions(deps, mfaToken) });
      },
    )
    .post(
      '/login/webauthn/verify',
      documented({
        tag: 'Admin sign-in',
        summary: 'Complete a sign-in with a passkey',
        auth: 'public',
        body: passkeyLoginBodySchema,
        responses: { 200: adminLoginResponseSchema },
        errors: [401, 403, 429],
      }),
      async (c) => {
        const input = await parseJson(c, passkeyLoginBodySchema);
        return c.json(signedIn(await loginWithPasskey(deps, input, c.get('meta'), await readProof(c))));
      },
    );
}

/** Mounted behind requireAdmin: each admin manages their own second factor, whatever the role. */
export function adminMfaRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .get(
        '/mfa',
        documented({
          tag: 'Admin second factor',
          summary: 'Own second-factor status',
          auth: 'admin',
          responses: { 200: mfaStatusResponseSchema },
        }),
        async (c) => c.json({ success: true, data: await mfaStatus(deps, c.get('admin')) }),
      )
      .post(
        '/mfa/totp/setup',
        documented({
          tag: 'Admin second factor',
          summary: 'Start setting up an authenticator app',
          auth: 'admin',
          responses: { 200: totpSetupResponseSchema },
          errors: [409],
        }),
        async (c) => c.json({ success: true, data: await setupTotp(deps, c.get('admin'), c.get('meta')) }),
      )
      .post(
        '/mfa/totp/enable',
        documented({
          tag: 'Admin second factor',
          summary: 'Confirm the authenticator app',
          auth: 'admin',
          body: totpEnableBodySchema,
          responses: { 200: recoveryCodesIssuedResponseSchema },
          errors: [409, 429],
        }),
        async (c) => {
          const { code } = await parseJson(c, totpEnableBodySchema);
          const recoveryCodes = await enableTotp(deps, c.get('admin'), code, c.get('meta'), await readProof(c));
          return c.json({ success: true, message: MFA_MESSAGES.totpEnabled, data: { recoveryCodes } });
        },
      )
      .post(
        '/mfa/recovery-codes',
        documented({
          tag: 'Admin second factor',
          summary: 'New recovery codes',
          auth: 'admin',
          body: mfaProofBodySchema,
          responses: { 200: recoveryCodesIssuedResponseSchema },
          errors: [409, 429],
        }),
        async (c) => {
          const factor = await parseJson(c, mfaProofBodySchema);
          const recoveryCodes = await regenerateRecoveryCodes(
            deps,
            c.get('admin'),
            factor,
            c.get('meta'),
            await readProof(c),
          );
          return c.json({ success: true, message: MFA_MESSAGES.recoveryCodesRegenerated, data: { recoveryCodes } });
        },
      )
      .post(
        '/mfa/totp/disable',
        documented({
          tag: 'Admin second factor',
          summary: 'Remove the authenticator app',
          auth: 'admin',
          body: mfaProofBodySchema,
          responses: { 200: messageResponseSchema },
          errors: [409, 429],
        }),
        async (c) => {
          const factor = await parseJson(c, mfaProofBodySchema);
          await disableTotp(deps, c.get('admin'), factor, c.get('meta'), await readProof(c));
          return c.json({ success: true, message: MFA_MESSAGES.totpDisabled });
        },
      )
      .post(
        '/mfa/webauthn/register/options',
        documented({
          tag: 'Admin second factor',
          summary: 'Passkey registration options',
          auth: 'admin',
          responses: { 200: webauthnOptionsResponseSchema },
          errors: [409],
        }),
        async (c) => c.json({ success: true, data: await passkeyRegistrationOptions(deps, c.get('admin')) }),
      )
      .post(
        '/mfa/webauthn/register/verify',
        documented({
          tag: 'Admin second factor',
          summary: 'Register a passkey',
          auth: 'admin',
          body: passkeyRegisterBodySchema,
          responses: { 200: passkeyAddedMessageResponseSchema },
          errors: [409],
        }),
        async (c) => {
          const body = await parseJson(c, passkeyRegisterBodySchema);
          const recoveryCodes = await registerPasskey(deps, c.get('admin'), body, c.get('meta'));
          return c.json({ success: true, message: PASSKEY_MESSAGES.added, data: { recoveryCodes } });
        },
      )
      // Assertion options for proving a factor while signed in (recovery codes, removals, step-up).
      .post(
        '/mfa/webauthn/options',
        documented({
          tag: 'Admin second factor',
          summary: 'Passkey assertion options for proving a factor',
          auth: 'admin',
          responses: { 200: webauthnOptionsResponseSchema },
          errors: [409],
        }),
        async (c) =>
          c.json({
            success: true,
            data: await passkeyAssertionOptions(deps, {
              account: staffAccount(c.get('admin').profile),
              purpose: 'verify',
            }),
          }),
      )
      .post(
        '/mfa/webauthn/:id/remove',
        documented({
          tag: 'Admin second factor',
          summary: 'Remove a passkey',
          auth: 'admin',
          body: mfaProofBodySchema,
          responses: { 200: messageResponseSchema },
          errors: [404, 409, 429],
        }),
        async (c) => {
          const factor = await parseJson(c, mfaProofBodySchema);
          await removePasskey(deps, c.get('admin'), c.req.param('id'), factor, c.get('meta'), await readProof(c));
          return c.json({ success: true, message: PASSKEY_MESSAGES.removed });
        },
      )
  );
}
