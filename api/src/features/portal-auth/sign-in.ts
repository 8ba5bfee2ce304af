import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { shareholderAccounts, shareholders } from '@ledgerwell/db/schema';
import { PORTAL_AUTH_MESSAGES as M, PORTAL_THROTTLE } from '@ledgerwell/shared/portal-auth';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { guardAttempt, type ThrottleRule } from '../../lib/attempt-guard';
import { clearHits } from '../../lib/throttle';
import { createPortalSession, recordPortalEvent, revokePortalSession, type PortalSession } from './portal-sessions';
import { guessesExhausted } from './sign-in-link';
import { accountSummary } from './account-summary';
import { dailyGuessRule, keys, rule } from './throttle-rules';

/** The overall brake first: while it holds, everyone gets its message. */
const overallRule = () => rule(keys.allFailures, PORTAL_THROTTLE.failuresOverall, M.busy);

const guard = (
  deps: AppDeps,
  rules: ThrottleRule[],
  code: string | null,
  meta: RequestMeta,
  proof: string | undefined,
) => guardAttempt(deps, rules, { proof, onRefused: () => recordPortalEvent(deps.db, 'THROTTLED', { code }, meta) });

/**
 * Step one: the shareholder code. The per-address limit is checked before the lookup, so once it
 * bites, known and unknown codes get the same 429 and codes cannot be enumerated at speed.
 */
export async function validateCode(deps: AppDeps, code: string, meta: RequestMeta, proof?: string) {
  const attempt = await guard(
    deps,
    [overallRule(), rule(keys.codeFailuresByIp(meta.ip), PORTAL_THROTTLE.failedCodesPerIp, M.tooManyCodeAttempts)],
    code,
    meta,
    proof,
  );

  const [shareholder] = await deps.db
    .select({ id: shareholders.id })
    .from(shareholders)
    .where(sql`upper(${shareholders.code}) = ${code.toUpperCase()}`)
    .limit(1);
  if (!shareholder) {
    await recordPortalEvent(deps.db, 'CODE_REFUSED', { code }, meta);
    throw new AppError('INVALID_CREDENTIALS', M.invalidCode);
  }
  return deps.db.transaction(async (tx) => {
    const token = await createPortalSession(tx, deps.clock, { stage: 'CODE', shareholderId: shareholder.id }, meta);
    await attempt.forgive(tx);
    await recordPortalEvent(tx, 'CODE_ACCEPTED', { code, shareholderId: shareholder.id }, meta);
    return token;
  });
}

/** Account numbers compare on letters and digits only, in upper case: "100-200 300" is "100200300". */
const normalise = (accountNumber: string) => accountNumber.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

/**
 * Step two: the statement account number, the real secret. Every account of the holder is compared
 * through an HMAC with timingSafeEqual, always all of them, so a wrong number takes as long as a
 * right one.
 */
export async function validateAccount(
  deps: AppDeps,
  codeSession: PortalSession,
  accountNumber: string,
  meta: RequestMeta,
  proof?: string,
) {
  const [holder] = await deps.db
    .select({ code: shareholders.code, name: shareholders.name })
    .from(shareholders)
    .where(eq(shareholders.id, codeSession.shareholderId));
  if (!holder) throw new AppError('UNAUTHENTICATED', M.signInFirst);
  // The day's cap first (decision 018): past it no guess is evaluated, solved challenge or not.
  const daily = await guardAttempt(deps, [dailyGuessRule(holder.code)], {
    pastLimit: 'refuse',
    refusedCode: 'ACCOUNT_GUESSES_EXHAUSTED',
    onRefused: () => guessesExhausted(deps, codeSession.shareholderId, holder.code, meta),
  });
  const attempt = await guard(
    deps,
    [
      overallRule(),
      rule(keys.accountFailuresByCode(holder.code), PORTAL_THROTTLE.failedAccountsPerCode, M.tooManyAccountAttempts),
      rule(keys.accountFailuresByIp(meta.ip), PORTAL_THROTTLE.failedAccountsPerIp, M.tooManyAccountAttempts),
    ],
    holder.code,
    meta,
    proof,
  ).catch(async (error: unknown) => {
    // Not evaluated (a challenge unsolved): it does not count against the day's cap either.
    await daily.forgive();
    throw error;
  });

  const accounts = await deps.db
    .select()
    .from(shareholderAccounts)
    .where(eq(shareholderAccounts.shareholderId, codeSession.shareholderId));
  const key = randomBytes(32);
  const digest = (value: string) => createHmac('sha256', key).update(normalise(value)).digest();
  const given = digest(accountNumber);
  let match: (typeof accounts)[number] | undefined;
  for (const account of accounts) {
    if (timingSafeEqual(digest(account.accountNumber), given) && !match) match = account;
  }

  if (!match) {
    await recordPortalEvent(
      deps.db,
      'ACCOUNT_REFUSED',
      { code: holder.code, shareholderId: codeSession.shareholderId },
      meta,
    );
    throw new AppError('INVALID_CREDENTIALS', M.invalidAccount);
  }

  const account = match;
  return deps.db.transaction(async (tx) => {
    await revokePortalSession(tx, deps.clock, codeSession.id);
    const token = await createPortalSession(
      tx,
      deps.clock,
      { stage: 'ACCOUNT', shareholderId: codeSession.shareholderId, accountId: account.id },
      meta,
    );
    await attempt.forgive(tx);
    await daily.forgive(tx);
    await clearHits(tx, keys.accountFailuresByCode(holder.code));
    await recordPortalEvent(
      tx,
      'ACCOUNT_ACCEPTED',
      { code: holder.code, shareholderId: codeSession.shareholderId },
      meta,
    );
    return {
      token,
      shareholder: { name: holder.name, code: holder.code },
      account: await accountSummary(tx, account),
    };
  });
}

/** The holder and account behind a signed-in portal session. */
export async function portalSessionSummary(deps: AppDeps, session: PortalSession) {
  const [row] = await deps.db
    .select({ shareholder: shareholders, account: shareholderAccounts })
    .from(shareholderAccounts)
    .innerJoin(shareholders, eq(shareholders.id, shareholderAccounts.shareholderId))
    .where(eq(shareholderAccounts.id, session.accountId ?? ''))
    .limit(1);
  if (!row) throw new AppError('UNAUTHENTICATED', M.sessionExpired);
  return {
    shareholder: { name: row.shareholder.name, code: row.shareholder.code },
    account: await accountSummary(deps.db, row.account),
  };
}

export async function portalLogout(deps: AppDeps, session: PortalSession, meta: RequestMeta) {
  await deps.db.transaction(async (tx) => {
    await revokePortalSession(tx, deps.clock, session.id);
    await recordPortalEvent(tx, 'LOGOUT', { shareholderId: session.shareholderId }, meta);
  });
}
