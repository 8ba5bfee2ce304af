import { WRITE_OR_CALL } from '@ledgerwell/shared/contact-facts';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { portalSessions, shareholderAccounts, shareholders } from '@ledgerwell/db/schema';
import {
  PORTAL_AUTH_MESSAGES as M,
  PORTAL_SIGN_IN_LINK_FRAGMENT,
  PORTAL_SIGN_IN_LINKS_PER_DAY,
  PORTAL_THROTTLE,
} from '@ledgerwell/shared/portal-auth';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { windowOf } from '../../lib/throttle';
import { hashToken } from '../../lib/tokens';
import { queueEmail } from '../email/queue-email';
import { accountSummary } from './account-summary';
import { createPortalSession, recordPortalEvent, type PortalSession } from './portal-sessions';
import { keys } from './throttle-rules';

/** The code as the e-mails show it: enough for the holder to recognise, not enough to sign in with. */
const codeEnding = (code: string) => `ending ${code.slice(-3).toUpperCase()}`;

/**
 * The day's account-number guesses for a code are spent (decision 018): recorded, and the holder told
 * once a day at the address on file (the per-recipient limit makes it once however often it trips).
 */
export async function guessesExhausted(deps: AppDeps, shareholderId: string, code: string, meta: RequestMeta) {
  await deps.db.transaction(async (tx) => {
    await recordPortalEvent(tx, 'GUESSES_EXHAUSTED', { code, shareholderId }, meta);
    const [holder] = await tx
      .select({ email: shareholders.email })
      .from(shareholders)
      .where(eq(shareholders.id, shareholderId));
    if (!holder) return;
    await queueEmail(deps, tx, {
      to: holder.email,
      subject: 'Sign-in attempts on your Ledgerwell shareholder account',
      lines: [
        'Hello,',
        '',
        `Today ${PORTAL_THROTTLE.accountGuessesPerCodePerDay} incorrect account numbers were entered at the shareholder portal for your shareholder code (${codeEnding(code)}). To protect your holdings, we stopped accepting account numbers for that code until tomorrow. Nobody signed in with a wrong number, and nothing about your holdings has changed.`,
        '',
        `If you want to sign in meanwhile, enter your shareholder code at ${deps.config.publicUrl}/shareholder-requests and ask for a one-time sign-in link: we send it to this address only.`,
        `If these attempts were not yours, you need do nothing; if you think someone knows your shareholder code, ${WRITE_OR_CALL}.`,
      ],
      kind: 'PORTAL_GUESSES_EXHAUSTED',
      relatedId: shareholderId,
      dailyLimitPerRecipient: 1,
    });
  });
}

/**
 * POST /sign-in-link, with the step-one token: e-mails a one-time link that signs in without the account
 * number, to the address on file. Offered only while the code's day of guesses is spent: otherwise the
 * account number is the way in, and the public cannot make us write to a holder at will.
 */
export async function sendSignInLink(deps: AppDeps, codeSession: PortalSession, meta: RequestMeta) {
  const [holder] = await deps.db
    .select({ code: shareholders.code, email: shareholders.email })
    .from(shareholders)
    .where(eq(shareholders.id, codeSession.shareholderId));
  if (!holder) throw new AppError('UNAUTHENTICATED', M.signInFirst);
  const { count } = await windowOf(
    deps.db,
    deps.clock,
    keys.accountGuessesByCode(holder.code),
    PORTAL_THROTTLE.guessWindowMs,
  );
  if (count < PORTAL_THROTTLE.accountGuessesPerCodePerDay) throw new AppError('CONFLICT', M.linkNotOffered);
  // The holder's first account: the link proves the address on file, which all their accounts share.
  const [account] = await deps.db
    .select({ id: shareholderAccounts.id })
    .from(shareholderAccounts)
    .where(eq(shareholderAccounts.shareholderId, codeSession.shareholderId))
    .orderBy(asc(shareholderAccounts.createdAt), asc(shareholderAccounts.id))
    .limit(1);
  if (!account) throw new AppError('CONFLICT', M.linkNotOffered);

  await deps.db.transaction(async (tx) => {
    const token = await createPortalSession(
      tx,
      deps.clock,
      { stage: 'LINK', shareholderId: codeSession.shareholderId, accountId: account.id },
      meta,
    );
    const queued = await queueEmail(deps, tx, {
      to: holder.email,
      subject: 'Your Ledgerwell sign-in link',
      lines: [
        'Hello,',
        '',
        `You asked to sign in to the Ledgerwell shareholder portal for your shareholder code (${codeEnding(holder.code)}) without your account number. Open this link within 15 minutes, on the device where you asked; it works once:`,
        `${deps.config.publicUrl}/shareholder-requests#${PORTAL_SIGN_IN_LINK_FRAGMENT}=${token}`,
        '',
        `If you did not ask for it, do not open it and do not forward this e-mail; ${WRITE_OR_CALL}.`,
      ],
      kind: 'PORTAL_SIGN_IN_LINK',
      relatedId: codeSession.shareholderId,
      dailyLimitPerRecipient: PORTAL_SIGN_IN_LINKS_PER_DAY,
    });
    // Over the address's limit: no e-mail, and no link either (the transaction keeps neither).
    if (!queued) throw new AppError('RATE_LIMITED', M.linkLimit);
    await recordPortalEvent(tx, 'LINK_SENT', { code: holder.code, shareholderId: codeSession.shareholderId }, meta);
  });
}

/**
 * POST /sign-in-link/redeem: the link's token, used up in the same statement that finds it (so two
 * opens at once cannot both sign in), becomes a signed-in session on the holder's account.
 */
export async function redeemSignInLink(deps: AppDeps, token: string, meta: RequestMeta) {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [link] = await tx
      .update(portalSessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(portalSessions.tokenHash, hashToken(token)),
          eq(portalSessions.stage, 'LINK'),
          isNull(portalSessions.revokedAt),
          gt(portalSessions.expiresAt, now),
        ),
      )
      .returning();
    if (!link?.accountId) throw new AppError('INVALID_CREDENTIALS', M.linkInvalid);
    const [row] = await tx
      .select({ holder: shareholders, account: shareholderAccounts })
      .from(shareholderAccounts)
      .innerJoin(shareholders, eq(shareholders.id, shareholderAccounts.shareholderId))
      .where(eq(shareholderAccounts.id, link.accountId));
    if (!row) throw new AppError('INVALID_CREDENTIALS', M.linkInvalid);
    const session = await createPortalSession(
      tx,
      deps.clock,
      { stage: 'ACCOUNT', shareholderId: link.shareholderId, accountId: link.accountId },
      meta,
    );
    await recordPortalEvent(tx, 'LINK_USED', { code: row.holder.code, shareholderId: link.shareholderId }, meta);
    return {
      token: session,
      shareholder: { name: row.holder.name, code: row.holder.code },
      account: await accountSummary(tx, row.account),
    };
  });
}
