import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { adminUsers } from '@ledgerwell/db/schema';
import type { AppDeps } from '../../lib/context';
import { recordActivity } from '../activity/record-activity';
import { hashPassword } from '../../identity/passwords';

export interface BootstrapResult {
  created: boolean;
  username?: string;
  /** Set only when the password was generated: the caller prints it once and it is never stored in clear. */
  generatedPassword?: string;
}

/** 20 random characters from four classes, so it always passes the strength rules. */
export function generatePassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!@#$%^&*-_=+'];
  const all = sets.join('');
  const pick = (set: string, byte: number) => set[byte % set.length]!;
  const bytes = randomBytes(20);
  const chars = sets.map((set, i) => pick(set, bytes[i]!));
  for (let i = sets.length; i < bytes.length; i++) chars.push(pick(all, bytes[i]!));
  return chars.sort(() => randomBytes(1)[0]! - 128).join('');
}

/**
 * On first start with no admin at all, creates a SUPER_ADMIN. An advisory lock makes several
 * processes starting at once create exactly one.
 */
export async function bootstrapAdmin(deps: AppDeps): Promise<BootstrapResult> {
  const { config } = deps;
  const generatedPassword = config.ADMIN_PASSWORD ? undefined : generatePassword();
  const password = config.ADMIN_PASSWORD ?? generatedPassword!;
  const username = config.ADMIN_USERNAME ?? 'admin';
  const passwordHash = await hashPassword(password);

  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ledgerwell:bootstrap-admin'))`);
    const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(adminUsers);
    if ((existing?.count ?? 0) > 0) return { created: false };
    const [user] = await tx
      .insert(adminUsers)
      .values({
        username,
        email: config.ADMIN_EMAIL ?? `${username}@localhost`,
        firstName: 'System',
        lastName: 'Administrator',
        role: 'SUPER_ADMIN',
        passwordHash,
        mustChangePassword: generatedPassword !== undefined,
      })
      .returning({ id: adminUsers.id });
    await recordActivity(tx, {
      actor: { id: null, username: 'system' },
      action: 'ADMIN_BOOTSTRAPPED',
      resourceType: 'admin_user',
      resourceId: user?.id ?? null,
      details: { username, passwordGenerated: generatedPassword !== undefined },
    });
    return generatedPassword ? { created: true, username, generatedPassword } : { created: true, username };
  });
}
