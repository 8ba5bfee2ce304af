import { Hono } from 'hono';
import {
  portalSessionResponseSchema,
  redeemSignInLinkSchema,
  validateAccountResponseSchema,
  validateAccountSchema,
  validateCodeResponseSchema,
  validateCodeSchema,
  PORTAL_AUTH_MESSAGES,
} from '@ledgerwell/shared/portal-auth';
import { messageResponseSchema } from '@ledgerwell/shared/api-response';
import type { AppDeps } from '../../lib/context';
import { parseJson, readProof } from '../../lib/validate';
import { requirePortalSession, type PortalEnv } from './middleware';
import { portalLogout, portalSessionSummary, validateAccount, validateCode } from './sign-in';
import { redeemSignInLink, sendSignInLink } from './sign-in-link';
import { documented } from '../../lib/openapi';

/** Portal sign-in (public-site spec calls 3 and 4), under /api/shareholder-portal. */
export function portalAuthRoutes(deps: AppDeps) {
  return new Hono<PortalEnv>()
    .post(
      '/validate-code',
      documented({
        tag: 'Shareholder portal',
        summary: 'Sign in, step 1: the shareholder code',
        auth: 'public',
        body: validateCodeSchema,
        responses: { 200: validateCodeResponseSchema },
        errors: [401, 404, 429],
      }),
      async (c) => {
        const { code } = await parseJson(c, validateCodeSchema);
        const token = await validateCode(deps, code, c.get('meta'), await readProof(c));
        return c.json({ success: true, token, message: 'Shareholder code accepted' });
      },
    )
    .post(
      '/validate-account',
      documented({
        tag: 'Shareholder portal',
        summary: 'Sign in, step 2: the account number (token from step 1)',
        auth: 'portal',
        body: validateAccountSchema,
        responses: { 200: validateAccountResponseSchema },
        errors: [404, 429],
      }),
      requirePortalSession(deps, 'CODE'),
      async (c) => {
        const { accountNumber } = await parseJson(c, validateAccountSchema);
        const result = await validateAccount(
          deps,
          c.get('portalSession'),
          accountNumber,
          c.get('meta'),
          await readProof(c),
        );
        return c.json({ success: true, message: 'Account verified', ...result });
      },
    )
    .post(
      '/sign-in-link',
      documented({
        tag: 'Shareholder portal',
        summary:
          "E-mail a one-time sign-in link (token from step 1) once the code's account-number guesses for the day are spent",
        auth: 'portal',
        responses: { 200: messageResponseSchema },
        errors: [409, 429],
      }),
      requirePortalSession(deps, 'CODE'),
      async (c) => {
        await sendSignInLink(deps, c.get('portalSession'), c.get('meta'));
        return c.json({ success: true, message: PORTAL_AUTH_MESSAGES.linkSent });
      },
    )
    .post(
      '/sign-in-link/redeem',
      documented({
        tag: 'Shareholder portal',
        summary: 'Sign in with the token of an e-mailed sign-in link (15 minutes, one use)',
        auth: 'public',
        body: redeemSignInLinkSchema,
        responses: { 200: validateAccountResponseSchema },
        errors: [401],
      }),
      async (c) => {
        const { token } = await parseJson(c, redeemSignInLinkSchema);
        const result = await redeemSignInLink(deps, token, c.get('meta'));
        return c.json({ success: true, message: 'Signed in', ...result });
      },
    )
    .get(
      '/session',
      documented({
        tag: 'Shareholder portal',
        summary: 'The signed-in shareholder and account',
        auth: 'portal',
        responses: { 200: portalSessionResponseSchema },
      }),
      requirePortalSession(deps, 'ACCOUNT'),
      async (c) => c.json({ success: true, ...(await portalSessionSummary(deps, c.get('portalSession'))) }),
    )
    .post(
      '/logout',
      documented({
        tag: 'Shareholder portal',
        summary: 'Sign out of the portal',
        auth: 'portal',
        responses: { 200: messageResponseSchema },
      }),
      requirePortalSession(deps, 'ACCOUNT'),
      async (c) => {
        await portalLogout(deps, c.get('portalSession'), c.get('meta'));
        return c.json({ success: true, message: 'Signed out' });
      },
    );
}
