import { Hono } from 'hono';
import { ADMIN_MESSAGES, adminLoginSchema, changePasswordSchema } from '@ledgerwell/shared/admin-auth';
import type { AppDeps, AppEnv } from '../../lib/context';
import { parseJson, readProof } from '../../lib/validate';
import { changeOwnPassword } from './change-password';
import { login } from './login';
import { logout } from './logout';

/** Login is the one open admin route. */
export function adminLoginRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post('/login', async (c) => {
    const input = await parseJson(c, adminLoginSchema);
    const result = await login(deps, input, c.get('meta'), await readProof(c));
    // A user with a second factor gets no session yet: POST /login/mfa completes the sign-in.
    if (result.mfaRequired) return c.json({ success: true, mfaRequired: true, mfaToken: result.mfaToken, methods: result.methods });
    return c.json({ success: true, token: result.token, expiresAt: result.expiresAt.toISOString(), user: result.user });
  });
}

/** Mounted behind requireAdmin. */
export function adminSessionRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/auth/verify', (c) => c.json({ success: true, admin: c.get('admin').profile }))
    .post('/logout', async (c) => {
      await logout(deps, c.get('admin'), c.get('meta'));
      return c.json({ success: true, message: 'Logged out' });
    })
    .get('/users/me', (c) => c.json({ success: true, data: c.get('admin').profile }))
    .put('/users/me/password', async (c) => {
      const input = await parseJson(c, changePasswordSchema);
      await changeOwnPassword(deps, c.get('admin'), input, c.get('meta'), await readProof(c));
      return c.json({ success: true, message: ADMIN_MESSAGES.passwordChanged });
    });
}
