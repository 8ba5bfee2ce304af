import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { adminUsers } from '@ledgerwell/db/schema';
import type { AdminRole } from '@ledgerwell/shared/admin-auth';
import { MFA_MESSAGES, type StepUpBody, type StepUpResult } from '@ledgerwell/shared/admin-mfa';
import type { AdminContext, AppDeps, AppEnv, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { requireRole } from '../../identity/middleware';
import { staffAccount } from '../../identity/account';
import { requireRecentProof } from '../../identity/recent-proof';
import { stepUpSession } from '../../identity/step-up';

interface StepUpRule {
  /** 'writes': every method but GET and HEAD; 'reads': GET and HEAD (a download). */
  methods: 'writes' | 'reads';
  /** Anchored, on the path relative to /api/admin without a trailing slash. */
  pattern: RegExp;
  except?: ReadonlySet<string>;
  /**
   * The least role the routes behind the pattern admit: checked here first, so a role that may not make
   * the call at all is told FORBIDDEN, not asked to confirm a second factor it could not use anyway.
   */
  minimumRole: AdminRole;
}

/** The one list of sensitive calls (issue 17): each needs a proof from the last ADMIN_STEP_UP_WINDOW_MS. */
const STEP_UP_POLICY: readonly StepUpRule[] = [
  // Creating, editing, deactivating and resetting users, their second factor and their sessions. Everyone's own
  // profile and own password change stay open: that change proves the current password itself.
  {
    methods: 'writes',
    pattern: /^\/users(?:\/.*)?$/,
    except: new Set(['/users/me', '/users/me/password']),
    minimumRole: 'SUPER_ADMIN',
  },
  { methods: 'writes', pattern: /^\/ip-whitelist(?:\/.*)?$/, minimumRole: 'SUPER_ADMIN' },
  // The registry decides who can sign in to the portal and what they hold (issue 27): adding shareholders, by the
  // form or a CSV import, is as sensitive as the IP whitelist.
  { methods: 'writes', pattern: /^\/shareholders(?:\/import)?$/, minimumRole: 'ADMIN' },
  // New shares, cancelled shares, replacement certificates, reversals, the authorized shares and the register of issuers and classes change what the issuer may have
  // outstanding: step-up, as for the registry. (Transfers move shares between holders inside the class and need
  // ADMIN only.)
  {
    methods: 'writes',
    pattern:
      /^\/(?:ledger\/(?:issuances|cancellations|reissuances|authorized-adjustments|transactions\/[0-9a-f-]{36}\/reverse)|issuers(?:\/[0-9a-f-]{36}\/classes)?)$/,
    minimumRole: 'ADMIN',
  },
  // Adding a second factor needs the proof removing one does (issue 27): a stolen session must not plant a
  // passkey or an authenticator app of its own. Every role manages its own factors.
  {
    methods: 'writes',
    pattern: /^\/mfa\/(?:totp\/(?:setup|enable)|webauthn\/register\/(?:options|verify))$/,
    minimumRole: 'READ_ONLY',
  },
  // Contact submissions and issuer applications: every row the filters match leaves the system.
  { methods: 'reads', pattern: /^(?:\/[a-z0-9-]+)+\/export\/csv$/, minimumRole: 'ADMIN' },
  // An issuer's whole cap table as an OCF bundle: every holder and every posting leaves the system.
  { methods: 'reads', pattern: /^\/issuers\/[0-9a-f-]{36}\/ocf$/, minimumRole: 'ADMIN' },
  // And into it: an OCF import writes an issuer's whole cap table, every holder and every posting.
  { methods: 'writes', pattern: /^\/issuers\/[0-9a-f-]{36}\/ocf-import$/, minimumRole: 'ADMIN' },
];

/** Far longer than any admin route (ids are uuids): such a path names no route, and is not run through the patterns. */
const MAX_PATH_LENGTH = 512;

const READ_METHODS = new Set(['GET', 'HEAD']);

export function stepUpRuleFor(method: string, path: string): StepUpRule | undefined {
  if (path.length > MAX_PATH_LENGTH) return undefined;
  const kind = READ_METHODS.has(method) ? 'reads' : 'writes';
  return STEP_UP_POLICY.find((rule) => rule.methods === kind && rule.pattern.test(path) && !rule.except?.has(path));
}

/**
 * Behind requireMfaEnrolled: a sensitive call (STEP_UP_POLICY) goes on only when this session proved the
 * user's strongest credential within the window. Read from the database, not the session cache: another
 * process may have just recorded the step-up, and the cache learns of nothing about it.
 */
export function requireStepUp(deps: AppDeps) {
  const roleChecks = new Map(STEP_UP_POLICY.map((rule) => [rule, requireRole(rule.minimumRole)]));
  return createMiddleware<AppEnv>(async (c, next) => {
    const path = c.req.path.replace(/^\/api\/admin/, '').replace(/\/$/, '');
    const rule = stepUpRuleFor(c.req.method, path);
    if (!rule) return next();
    await roleChecks.get(rule)!(c, async () => {
      await requireRecentProof(deps, c.get('admin').sessionId);
      await next();
    });
  });
}

/**
 * POST /api/admin/mfa/step-up: the staff user's strongest credential again, through the identity core
 * (a code or passkey with a second factor, the password without one).
 */
export async function stepUp(
  deps: AppDeps,
  admin: AdminContext,
  body: StepUpBody,
  meta: RequestMeta,
  proof?: string,
): Promise<StepUpResult> {
  const [user] = await deps.db.select().from(adminUsers).where(eq(adminUsers.id, admin.profile.id)).limit(1);
  if (!user) throw new AppError('UNAUTHENTICATED', MFA_MESSAGES.stepUpRequired);
  const who = { account: staffAccount(user), sessionId: admin.sessionId, signInName: user.username, user };
  return stepUpSession(deps, who, body, meta, proof);
}
