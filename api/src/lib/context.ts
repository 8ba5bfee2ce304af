import type { InferSelectModel } from 'drizzle-orm';
import type { Db, DbEngine } from '@ledgerwell/db/client';
import type { adminSessions, adminUsers } from '@ledgerwell/db/schema';
import type { AdminProfile } from '@ledgerwell/shared/admin-auth';
import type { AppConfig } from '../config/env';
import type { Clock } from './clock';
import type { FieldCipher } from './field-encryption';
import type { LifecycleState } from './lifecycle';
import type { Logger } from './logger';
import type { FileStorage } from './storage';
import type { IssuerPrincipal } from '../identity/issuer-principal';

/** What every service needs, passed explicitly so tests can build an app on their own database and clock. */
export interface AppDeps {
  db: Db;
  engine: DbEngine;
  config: AppConfig;
  logger: Logger;
  clock: Clock;
  /**
   * The clock TOTP codes are checked against; unset: `clock`. Only an in-process test harness sets it
   * (start/in-process-overrides.ts), so that browser tests need not wait for the next 30-second step.
   */
  totpClock?: Clock;
  /** Encrypts PII (tax IDs) at rest. */
  cipher: FieldCipher;
  /** Uploaded files (identity photos). */
  storage: FileStorage;
  /** Admin sessions this process checked recently (session-cache.ts); without it every call reads its session. */
  sessionCache?: AdminSessionCache;
  /** Active IP whitelist rules this process read recently (ip-whitelist/rule-cache.ts); without it every admin call reads them. */
  ipRuleCache?: AdminIpRuleCache;
  /** Whether the process is shutting down (lib/lifecycle.ts): readiness answers 503 meanwhile. Unset: never (tests). */
  lifecycle?: LifecycleState;
}

/**
 * What the session cache keeps for a token: the session's row and its user's profile columns (never
 * the password hash). Declared here, from the database schema, so the core names no feature: the
 * admin-auth session lookup must produce exactly this (its `keep` call does not compile otherwise).
 */
export interface CachedAdminSession {
  session: Pick<InferSelectModel<typeof adminSessions>, 'id' | 'revokedAt' | 'expiresAt' | 'lastSeenAt'>;
  user: Pick<
    InferSelectModel<typeof adminUsers>,
    | 'id'
    | 'username'
    | 'email'
    | 'firstName'
    | 'lastName'
    | 'phone'
    | 'role'
    | 'isActive'
    | 'mustChangePassword'
    | 'lastLoginAt'
    | 'mfaEnabledAt'
    | 'createdAt'
  >;
}

/** The per-process session cache as services use it (implemented by features/admin-auth/session-cache.ts). */
export interface AdminSessionCache {
  get(tokenHash: string): CachedAdminSession | undefined;
  /** Taken before reading the database; `keep` refuses the read if anything changed meanwhile. */
  mark(): number;
  keep(tokenHash: string, userId: string, value: CachedAdminSession, mark: number): void;
  drop(tokenHash: string): void;
  /** Drops a user's sessions (their user, sessions or rights changed). */
  forget(userId: string): void;
}

/** An active IP whitelist rule as the rule cache keeps it: its expiry (epoch ms, or null) is judged at each check. */
export interface ActiveIpRule {
  ipAddress: string;
  expiresAt: number | null;
}

/** The per-process IP rule cache as services use it (implemented by features/ip-whitelist/rule-cache.ts). */
export interface AdminIpRuleCache {
  /** The active rules, or undefined when they must be read from the database. */
  get(): readonly ActiveIpRule[] | undefined;
  /** Taken before reading the database; `keep` refuses the read if anything changed meanwhile. */
  mark(): number;
  keep(rules: readonly ActiveIpRule[], mark: number): void;
  /** The rules changed: read them again. */
  forget(): void;
}

/** Who sent a request, for the activity log and throttles. */
export interface RequestMeta {
  requestId: string;
  ip: string;
  userAgent: string | null;
}

export interface AdminContext {
  profile: AdminProfile;
  sessionId: string;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    meta: RequestMeta;
    admin: AdminContext;
    /** Set on /api/issuer/* by requireIssuer (decision 023). */
    issuerUser: IssuerPrincipal;
  };
}
