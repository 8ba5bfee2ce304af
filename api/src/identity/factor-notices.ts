import { eq } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { adminUsers, issuerUsers } from '@ledgerwell/db/schema';
import type { AppDeps, RequestMeta } from '../lib/context';
import { queueEmail } from '../features/email/queue-email';
import type { Account } from './account';

/** A change to a user's second factors that the user is told of by e-mail (issue 27). */
export type FactorChange =
  | { kind: 'passkey-added'; name: string }
  | { kind: 'passkey-removed'; name: string }
  | { kind: 'totp-added' }
  | { kind: 'totp-removed' }
  | { kind: 'recovery-codes-regenerated' }
  | { kind: 'reset-by-administrator' };

const WHAT_HAPPENED: { [K in FactorChange['kind']]: (change: Extract<FactorChange, { kind: K }>) => string } = {
  'passkey-added': (change) => `A passkey named "${change.name}" was added to your account`,
  'passkey-removed': (change) => `The passkey named "${change.name}" was removed from your account`,
  'totp-added': () => 'An authenticator app was set up as a second factor on your account',
  'totp-removed': () => 'The authenticator app was removed from your account',
  'recovery-codes-regenerated': () => 'New recovery codes were made for your account; the earlier ones no longer work',
  'reset-by-administrator': () => 'An administrator removed every second factor of your account and ended its sessions',
};

const SUBJECT: Record<FactorChange['kind'], string> = {
  'passkey-added': 'A passkey was added to your Ledgerwell account',
  'passkey-removed': 'A passkey was removed from your Ledgerwell account',
  'totp-added': 'An authenticator app was added to your Ledgerwell account',
  'totp-removed': 'An authenticator app was removed from your Ledgerwell account',
  'recovery-codes-regenerated': 'New recovery codes for your Ledgerwell account',
  'reset-by-administrator': 'Your Ledgerwell second factors were reset',
};

const whenText = (at: Date) =>
  `${at.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/**
 * Tells the user, at the address on their account, that a second factor changed: in the caller's
 * transaction, so the e-mail goes only if the change commits. Whoever holds a stolen session can change
 * factors only after a step-up, and the real user still learns of it here, as the big providers do.
 */
export async function queueFactorChangeNotice(
  deps: Pick<AppDeps, 'cipher' | 'clock' | 'config'>,
  tx: Db,
  account: Account,
  change: FactorChange,
  meta: RequestMeta | null,
): Promise<void> {
  const [user] =
    account.kind === 'staff'
      ? await tx
          .select({ email: adminUsers.email, username: adminUsers.username })
          .from(adminUsers)
          .where(eq(adminUsers.id, account.id))
          .limit(1)
      : await tx
          .select({ email: issuerUsers.email, username: issuerUsers.email })
          .from(issuerUsers)
          .where(eq(issuerUsers.id, account.id))
          .limit(1);
  if (!user) return;
  const security = account.kind === 'staff' ? '/admin/security' : '/issuer/security';
  const happened = (WHAT_HAPPENED[change.kind] as (c: FactorChange) => string)(change);
  const where = meta ? ` from the address ${meta.ip}` : '';
  await queueEmail(deps, tx, {
    to: user.email,
    subject: SUBJECT[change.kind],
    lines: [
      `Hello ${user.username},`,
      '',
      `${happened} on ${whenText(deps.clock.now())}${where}.`,
      '',
      'If this was you, there is nothing to do.',
      `If it was not, sign in at ${deps.config.publicUrl}${security}, remove any passkey or app you do not recognise, change your password, and tell your administrator at once.`,
    ],
    kind: 'SECURITY_NOTICE',
    relatedId: account.id,
  });
}
