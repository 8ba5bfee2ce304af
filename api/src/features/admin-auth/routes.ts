import { Hono } from 'hono';
import {
  ADMIN_MESSAGES,
  adminLoginSchema,
  adminMeResponseSchema,
  adminVerifyResponseSchema,
  changePasswordSchema,
} from '@ledgerwell/shared/admin-auth';
import { adminLoginAnswerSchema } from '@ledgerwell/shared/admin-mfa';
import { messageResponseSchema } from '@ledgerwell/shared/api-response';
import type { AppDeps, AppEnv } from '../../lib/context';
import { parseJson, readProof } from '../../lib/validate';
import { changeOwnPassword } from './change-password';
import { login } from './login';
import { logout } from '../../identity/logout';
import { documented } from '../../lib/openapi';

/** Login is the one open admin route. */
export function adminLoginRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post(
    '/login',
    documented({
      tag: 'Admin sign-in',
      summary: 'Sign in with username and password',
      auth: 'public',
      body: adminLoginSchema,
      responses: { 200: adminLoginAnswerSchema },
      errors: [401, 403, 429],
    }),
    async (c) => {
      const input = await parseJson(c, adminLoginSchema);
      const result = await login(deps, input, c.get('meta'), await readProof(c));
      // A user with a second factor gets no session yet: POST /login/mfa completes the sign-in.
      if (result.mfaRequired)
        return c.json({ success: true, mfaRequired: true, mfaToken: result.mfaToken, methods: result.methods });
      return c.json({
        success: true,
        token: result.token,
        expiresAt: result.expiresAt.toISOString(),
        user: result.user,
      });
    },
  );
}

/** Mounted behind requireAdmin. */
export function adminSessionRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/auth/verify',
      documented({
        tag: 'Admin session',
        summary: 'The signed-in admin',
        auth: 'admin',
        responses: { 200: adminVerifyResponseSchema },
      }),
      (c) => c.json({ success: true, admin: c.get('admin').profile }),
    )
    .post(
      '/logout',
      documented({
        tag: 'Admin session',
        summary: 'Sign out',
        auth: 'admin',
        responses: { 200: messageResponseSchema },
      }),
      async (c) => {
        await logout(deps, c.get('admin'), c.get('meta'));
        return c.json({ success: true, message: 'Logged out' });
      },
    )
    .get(
      '/users/me',
      documented({
        tag: 'Admin session',
        summary: 'Own profile',
        auth: 'admin',
        responses: { 200: adminMeResponseSchema },
      }),
      (c) => c.json({ success: true, data: c.get('admin').profile }),
    )
    .put(
      '/users/me/password',
      documented({
        tag: 'Admin session',
        summary: 'Change own password',
        auth: 'admin',
        body: changePasswordSchema,
        responses: { 200: messageResponseSchema },
        errors: [429],
      }),
      async (c) => {
        const input = await parseJson(c, changePasswordSchema);
        await changeOwnPassword(deps, c.get('admin'), input, c.get('meta'), await readProof(c));
        return c.json({ success: true, message: ADMIN_MESSAGES.passwordChanged });
      },
    );
}
