import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { ipWhitelistRules } from '@ledgerwell/db/schema';
import {
  addressAllowed,
  IP_RULE_MESSAGES,
  SELF_LOCKOUT_FIELD,
  type IpRule,
  type IpRuleInput,
} from '@ledgerwell/shared/ip-rules';
import type { ActiveIpRule, AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { changedFields } from '../activity/changes';
import { recordActivity, type Actor } from '../activity/record-activity';
import { inForce } from './rule-cache';
import { isUuid } from '../../lib/ids';

type RuleRow = typeof ipWhitelistRules.$inferSelect;

export const DUPLICATE_RULE_MESSAGE = 'An IP rule for this address already exists';

export function toIpRule(row: RuleRow): IpRule {
  return {
    id: row.id,
    ipAddress: row.ipAddress,
    description: row.description,
    isActive: row.isActive,
    addedBy: row.addedByUsername,
    addedById: row.addedById,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** What the activity log keeps of a rule (before and after a change). */
const auditView = (row: RuleRow) => ({
  ipAddress: row.ipAddress,
  description: row.description,
  isActive: row.isActive,
  expiresAt: row.expiresAt,
});

/**
 * The active rules (normalised text) with their expiry, expired ones included: whether a rule is in
 * force is judged against the clock at each check (`inForce`), so a cached copy stays right as rules
 * expire. One read of a few rows.
 */
export async function activeRules(db: Db): Promise<ActiveIpRule[]> {
  const rows = await db
    .select({ ipAddress: ipWhitelistRules.ipAddress, expiresAt: ipWhitelistRules.expiresAt })
    .from(ipWhitelistRules)
    .where(eq(ipWhitelistRules.isActive, true));
  return rows.map((row) => ({ ipAddress: row.ipAddress, expiresAt: row.expiresAt?.getTime() ?? null }));
}

/** The rules in force at `now` (active, unexpired), as normalised text, read from the database. */
export async function rulesInForce(db: Db, now: Date): Promise<string[]> {
  return inForce(await activeRules(db), now);
}

/**
 * After a change has committed: this process reads the rules again from its next call on. The other
 * processes hear the trigger's announcement (migration 0020); this one must not wait for it.
 */
async function thenForget<T>(deps: AppDeps, change: Promise<T>): Promise<T> {
  const result = await change;
  deps.ipRuleCache?.forget();
  return result;
}

export async function listIpRules(deps: AppDeps): Promise<IpRule[]> {
  const rows = await deps.db
    .select()
    .from(ipWhitelistRules)
    .orderBy(desc(ipWhitelistRules.createdAt), desc(ipWhitelistRules.id));
  return rows.map(toIpRule);
}

/** Rule changes run one at a time, so the self-lockout check sees every other change committed. */
async function lockRules(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('ip-whitelist-rules', 0))`);
}

/**
 * After a change (inside its transaction): when rules are in force and none admits the caller's own
 * address, the change is refused with 409 unless the caller confirmed it. Returns whether it locks
 * the caller out (recorded in the activity row).
 */
async function checkSelfLockout(tx: Db, now: Date, ip: string, confirmed: boolean): Promise<boolean> {
  const rules = await rulesInForce(tx, now);
  const locksOut = rules.length > 0 && !addressAllowed(ip, rules);
  if (locksOut && !confirmed) {
    throw new AppError('CONFLICT', IP_RULE_MESSAGES.selfLockout, {
      [SELF_LOCKOUT_FIELD]: IP_RULE_MESSAGES.selfLockout,
    });
  }
  return locksOut;
}

async function assertAddressFree(tx: Db, ipAddress: string, exceptId?: string): Promise<void> {
  const [taken] = await tx
    .select({ id: ipWhitelistRules.id })
    .from(ipWhitelistRules)
    .where(eq(ipWhitelistRules.ipAddress, ipAddress))
    .limit(1);
  if (taken && taken.id !== exceptId)
    throw new AppError('CONFLICT', DUPLICATE_RULE_MESSAGE, { ipAddress: DUPLICATE_RULE_MESSAGE });
}

async function lockedRule(tx: Db, id: string): Promise<RuleRow> {
  const [row] = await tx.select().from(ipWhitelistRules).where(eq(ipWhitelistRules.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', IP_RULE_MESSAGES.notFound);
  return row;
}

export function assertRuleId(id: string): void {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', IP_RULE_MESSAGES.notFound);
}

export async function createIpRule(
  deps: AppDeps,
  actor: Actor,
  input: IpRuleInput,
  meta: RequestMeta,
): Promise<IpRule> {
  return thenForget(
    deps,
    deps.db.transaction(async (tx) => {
      await lockRules(tx);
      await assertAddressFree(tx, input.ipAddress);
      const now = deps.clock.now();
      const [row] = await tx
        .insert(ipWhitelistRules)
        .values({
          ipAddress: input.ipAddress,
          description: input.description,
          isActive: input.isActive ?? true,
          expiresAt: input.expiresAt,
          addedById: actor.id,
          addedByUsername: actor.username,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const locksOut = await checkSelfLockout(tx, now, meta.ip, input.confirmSelfLockout === true);
      await recordActivity(tx, {
        actor,
        action: 'IP_RULE_CREATED',
        resourceType: 'ip_rule',
        resourceId: row!.id,
        details: { ...auditView(row!), ...(locksOut ? { selfLockoutConfirmed: true } : {}) },
        meta,
      });
      return toIpRule(row!);
    }),
  );
}

export type IpRuleChange =
  | ({ kind: 'edit' } & IpRuleInput)
  | { kind: 'toggle'; isActive: boolean; confirmSelfLockout?: boolean | undefined };

export async function updateIpRule(
  deps: AppDeps,
  actor: Actor,
  id: string,
  change: IpRuleChange,
  meta: RequestMeta,
): Promise<IpRule> {
  assertRuleId(id);
  return thenForget(
    deps,
    deps.db.transaction(async (tx) => {
      await lockRules(tx);
      const before = await lockedRule(tx, id);
      const now = deps.clock.now();
      const fields =
        change.kind === 'toggle'
          ? { isActive: change.isActive }
          : {
              ipAddress: change.ipAddress,
              description: change.description,
              expiresAt: change.expiresAt,
              ...(change.isActive === undefined ? {} : { isActive: change.isActive }),
            };
      if (change.kind === 'edit') await assertAddressFree(tx, change.ipAddress, id);
      const [after] = await tx
        .update(ipWhitelistRules)
        .set({ ...fields, updatedAt: now })
        .where(eq(ipWhitelistRules.id, id))
        .returning();
      const locksOut = await checkSelfLockout(tx, now, meta.ip, change.confirmSelfLockout === true);
      await recordActivity(tx, {
        actor,
        action: 'IP_RULE_UPDATED',
        resourceType: 'ip_rule',
        resourceId: id,
        details: {
          ipAddress: after!.ipAddress,
          ...(change.kind === 'toggle' ? { toggled: change.isActive ? 'activated' : 'deactivated' } : {}),
          changes: changedFields(auditView(before), auditView(after!)),
          ...(locksOut ? { selfLockoutConfirmed: true } : {}),
        },
        meta,
      });
      return toIpRule(after!);
    }),
  );
}

export async function deleteIpRule(
  deps: AppDeps,
  actor: Actor,
  id: string,
  confirmSelfLockout: boolean,
  meta: RequestMeta,
): Promise<void> {
  assertRuleId(id);
  await thenForget(
    deps,
    deps.db.transaction(async (tx) => {
      await lockRules(tx);
      const before = await lockedRule(tx, id);
      await tx.delete(ipWhitelistRules).where(eq(ipWhitelistRules.id, id));
      const locksOut = await checkSelfLockout(tx, deps.clock.now(), meta.ip, confirmSelfLockout);
      await recordActivity(tx, {
        actor,
        action: 'IP_RULE_DELETED',
        resourceType: 'ip_rule',
        resourceId: id,
        details: { ...auditView(before), ...(locksOut ? { selfLockoutConfirmed: true } : {}) },
        meta,
      });
    }),
  );
}

/**
 * The recovery command's work (`pnpm admin:ip-allow`): the rule added, or an existing rule for the
 * same address made active again with no expiry. Recorded with the system as the actor.
 */
export async function allowAddress(
  db: Db,
  now: Date,
  ipAddress: string,
  description: string,
): Promise<{ rule: IpRule; created: boolean }> {
  const system: Actor = { id: null, username: 'system' };
  return db.transaction(async (tx) => {
    await lockRules(tx);
    const [existing] = await tx
      .select()
      .from(ipWhitelistRules)
      .where(eq(ipWhitelistRules.ipAddress, ipAddress))
      .limit(1);
    if (existing) {
      const [after] = await tx
        .update(ipWhitelistRules)
        .set({ isActive: true, expiresAt: null, updatedAt: now })
        .where(eq(ipWhitelistRules.id, existing.id))
        .returning();
      await recordActivity(tx, {
        actor: system,
        action: 'IP_RULE_UPDATED',
        resourceType: 'ip_rule',
        resourceId: existing.id,
        details: { ipAddress, changes: changedFields(auditView(existing), auditView(after!)), via: 'admin:ip-allow' },
      });
      return { rule: toIpRule(after!), created: false };
    }
    const [row] = await tx
      .insert(ipWhitelistRules)
      .values({
        ipAddress,
        description,
        isActive: true,
        expiresAt: null,
        addedById: null,
        addedByUsername: system.username,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordActivity(tx, {
      actor: system,
      action: 'IP_RULE_CREATED',
      resourceType: 'ip_rule',
      resourceId: row!.id,
      details: { ...auditView(row!), via: 'admin:ip-allow' },
    });
    return { rule: toIpRule(row!), created: true };
  });
}
