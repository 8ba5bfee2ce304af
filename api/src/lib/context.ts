import type { Db, DbEngine } from '@ledgerwell/db/client';
import type { AdminProfile } from '@ledgerwell/shared/admin-auth';
import type { AppConfig } from '../config/env';
import type { Clock } from './clock';
import type { FieldCipher } from './field-encryption';
import type { Logger } from './logger';
import type { FileStorage } from './storage';
import type { SessionCacheOf } from '../features/admin-auth/sessions';

/** What every service needs, passed explicitly so tests can build an app on their own database and clock. */
export interface AppDeps {
  db: Db;
  engine: DbEngine;
  config: AppConfig;
  logger: Logger;
  clock: Clock;
  /** Encrypts PII (tax IDs) at rest. */
  cipher: FieldCipher;
  /** Uploaded files (identity photos). */
  storage: FileStorage;
  /** Admin sessions this process checked recently (session-cache.ts); without it every call reads its session. */
  sessionCache?: SessionCacheOf;
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
  };
}
