import { Hono } from 'hono';
import { MFA_MESSAGES, mfaCodeBodySchema, mfaLoginBodySchema, totpEnableBodySchema } from '@ledgerwell/shared/admin-mfa';
import type { AppDeps, AppEnv } from '../../lib/context';
import { parseJson, readProof } from '../../lib/validate';
import { loginWithSecondFactor } from './login-mfa';
import { disableTotp, enableTotp, mfaStatus, regenerateRecoveryCodes, setupTotp } from './second-factor';

/** Open, beside POST /login: the mfaToken is the credential. */
export function adminMfaLoginRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post('/login/mfa', async (c) => {
    const input = await parseJson(c, mfaLoginBodySchema);
    const result = await loginWithSecondFactor(deps, input, c.get('meta'), await readProof(c));
    return c.json({ success: true, token: result.token, expiresAt: result.expiresAt.toISOString(), user: result.user });
  });
}

/** Mounted behind requireAdmin: each admin manages their own second factor, whatever the role. */
export function adminMfaRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/mfa', async (c) => c.json({ success: true, data: await mfaStatus(deps, c.get('admin')) }))
    .post('/mfa/totp/setup', async (c) => c.json({ success: true, data: await setupTotp(deps, c.get('admin'), c.get('meta')) }))
    .post('/mfa/totp/enable', async (c) => {
      const { code } = await parseJson(c, totpEnableBodySchema);
      const recoveryCodes = await enableTotp(deps, c.get('admin'), code, c.get('meta'), await readProof(c));
      return c.json({ success: true, message: MFA_MESSAGES.totpEnabled, data: { recoveryCodes } });
    })
    .post('/mfa/recovery-codes', async (c) => {
      const { code } = await parseJson(c, mfaCodeBodySchema);
      const recoveryCodes = await regenerateRecoveryCodes(deps, c.get('admin'), code, c.get('meta'), await readProof(c));
      return c.json({ success: true, message: MFA_MESSAGES.recoveryCodesRegenerated, data: { recoveryCodes } });
    })
    .post('/mfa/totp/disable', async (c) => {
      const { code } = await parseJson(c, mfaCodeBodySchema);
      await disableTotp(deps, c.get('admin'), code, c.get('meta'), await readProof(c));
      return c.json({ success: true, message: MFA_MESSAGES.totpDisabled });
    });
}
