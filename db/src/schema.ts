import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  primaryKey,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { ADMIN_ROLES } from '@ledgerwell/shared/admin-auth';
import { ISSUER_USER_ROLES } from '@ledgerwell/shared/issuer-auth';
import { CONTACT_STATUSES, INQUIRY_TYPES } from '@ledgerwell/shared/contact';
import { EMAIL_STATUSES } from '@ledgerwell/shared/email-outbox';
import { HOLDING_TYPES } from '@ledgerwell/shared/registry';
import { REQUEST_STATUSES, REQUEST_TYPES } from '@ledgerwell/shared/portal-requests';
import { DOCUMENT_TYPES } from '@ledgerwell/shared/verification';
import { OPEN_TRANSFER_STATUSES, PENDING_REVIEW_STATUSES, sqlStatusList } from '@ledgerwell/shared/request-review';

/** PostgreSQL's text-search document type (drizzle has none built in); written only by PostgreSQL here. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const adminRole = pgEnum('admin_role', ADMIN_ROLES);

/**
 * Issuer users (decision 023): the people of one issuer who sign in to the issuer portal. Their own kind of
 * account, never staff: a row here never appears in admin_users, and their sessions and second factors are the
 * staff tables' rows owned through `issuer_user_id` instead of `admin_user_id` (exactly one of the two is set).
 * `issuer_id` references issuers(id): that foreign key is declared in migration 0036 only, as ledger-schema.ts
 * imports this module.
 */
export const issuerUsers = pgTable(
  'issuer_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuerId: uuid('issuer_id').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ISSUER_USER_ROLES }).notNull(),
    /** As admin_users.mfa_enabled_at: at least one second factor; every issuer user must have one. */
    mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('issuer_users_email_lower_idx').on(sql`lower(${t.email})`),
    index('issuer_users_issuer_idx').on(t.issuerId),
    check('issuer_users_role_check', sql`${t.role} in ('ISSUER_ADMIN', 'ISSUER_VIEWER')`),
  ],
);

/** The owner of a session, token or factor: a staff user or an issuer user, never both (checked in 0036). */
const ownerColumns = (cascade: boolean) => ({
  adminUserId: uuid('admin_user_id').references(() => adminUsers.id, cascade ? { onDelete: 'cascade' } : {}),
  issuerUserId: uuid('issuer_user_id').references(() => issuerUsers.id, cascade ? { onDelete: 'cascade' } : {}),
});
const oneOwner = (name: string, t: { adminUserId: AnyPgColumn; issuerUserId: AnyPgColumn }) =>
  check(name, sql`num_nonnulls(${t.adminUserId}, ${t.issuerUserId}) = 1`);

export const adminUsers = pgTable(
  'admin_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    role: adminRole('role').notNull().default('READ_ONLY'),
    isActive: boolean('is_active').notNull().default(true),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * When the user's first second factor was confirmed; null: none. Kept on the user row so the
     * enrolment gate reads it from the cached session (decision 009), whose triggers announce it.
     */
    mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('admin_users_username_lower_idx').on(sql`lower(${t.username})`)],
);

/**
 * One authenticator app per user. The secret is encrypted with the field cipher; a row without
 * enabled_at is a set-up waiting for its first code, replaced by the next set-up. last_used_step is
 * the last 30-second step a code was accepted for: only later steps are accepted (no replay).
 * Passkeys will get a table of their own.
 */
export const adminTotp = pgTable(
  'admin_totp',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(true),
    secretEncrypted: text('secret_encrypted').notNull(),
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('admin_totp_admin_user_idx').on(t.adminUserId),
    uniqueIndex('admin_totp_issuer_user_idx').on(t.issuerUserId),
    oneOwner('admin_totp_one_owner', t),
  ],
);

/** Single-use recovery codes, stored as keyed hashes (HMAC with a key derived from ENCRYPTION_KEY). */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(true),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('admin_recovery_codes_user_hash_idx').on(t.adminUserId, t.codeHash),
    uniqueIndex('admin_recovery_codes_issuer_user_hash_idx').on(t.issuerUserId, t.codeHash),
    oneOwner('admin_recovery_codes_one_owner', t),
  ],
);

/**
 * The step between a right password and the second factor: only the SHA-256 of the token is stored;
 * it lives 5 minutes and is consumed by the sign-in it completes.
 */
export const adminMfaTokens = pgTable(
  'admin_mfa_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(true),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('admin_mfa_tokens_token_hash_idx').on(t.tokenHash),
    index('admin_mfa_tokens_user_idx').on(t.adminUserId),
    index('admin_mfa_tokens_issuer_user_idx').on(t.issuerUserId),
    oneOwner('admin_mfa_tokens_one_owner', t),
  ],
);

/**
 * WebAuthn credentials (passkeys), a second factor beside the app. The credential id is the
 * authenticator's (base64url, unique across users); the public key is the COSE key as registered;
 * the signature counter only grows, so a cloned authenticator shows itself.
 */
export const adminPasskeys = pgTable(
  'admin_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(true),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('admin_passkeys_credential_id_idx').on(t.credentialId),
    index('admin_passkeys_user_idx').on(t.adminUserId),
    index('admin_passkeys_issuer_user_idx').on(t.issuerUserId),
    oneOwner('admin_passkeys_one_owner', t),
  ],
);

/**
 * Server-side WebAuthn challenges: single use, 5 minutes, bound to the user and the purpose
 * (registering, signing in, proving a factor while signed in); a sign-in's also to its mfaToken.
 */
export const adminWebauthnChallenges = pgTable(
  'admin_webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(true),
    purpose: text('purpose', { enum: ['register', 'login', 'verify'] }).notNull(),
    challenge: text('challenge').notNull(),
    mfaTokenId: uuid('mfa_token_id').references(() => adminMfaTokens.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('admin_webauthn_challenges_challenge_idx').on(t.challenge),
    index('admin_webauthn_challenges_user_idx').on(t.adminUserId),
    index('admin_webauthn_challenges_issuer_user_idx').on(t.issuerUserId),
    oneOwner('admin_webauthn_challenges_one_owner', t),
    check('admin_webauthn_challenges_purpose_check', sql`${t.purpose} in ('register', 'login', 'verify')`),
  ],
);

/** Only the SHA-256 of a session token is stored, so a database leak yields no usable session. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(false),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** When this session last proved a second factor (sign-in or enrolment); step-up reads it. */
    mfaVerifiedAt: timestamp('mfa_verified_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('admin_sessions_token_hash_idx').on(t.tokenHash),
    index('admin_sessions_user_idx').on(t.adminUserId),
    index('admin_sessions_issuer_user_idx').on(t.issuerUserId),
    oneOwner('admin_sessions_one_owner', t),
  ],
);

/**
 * Append-only record of every admin action. A trigger in the migrations refuses UPDATE, DELETE and
 * TRUNCATE, so not even a bug in the API can rewrite history.
 */
export const adminActivity = pgTable(
  'admin_activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminUserId: uuid('admin_user_id').references(() => adminUsers.id),
    adminUsername: text('admin_username'),
    /** An issuer user's own action (decision 023): admin_user_id is then null and admin_username their e-mail. */
    issuerUserId: uuid('issuer_user_id').references(() => issuerUsers.id),
    actionType: text('action_type').notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_activity_created_idx').on(t.createdAt),
    index('admin_activity_user_idx').on(t.adminUsername, t.createdAt),
    index('admin_activity_action_idx').on(t.actionType, t.createdAt),
    index('admin_activity_resource_idx').on(t.resourceType, t.resourceId),
  ],
);

/** Throttle hits, shared by every API process: one row per counted event under a key such as `admin-login:user:alice`. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.key, t.createdAt)],
);

/**
 * Proof-of-work payloads already accepted, by their challenge's signature: each is good for one
 * call. Rows outlive their challenge only until the hourly sweep.
 */
export const challengeRedemptions = pgTable(
  'challenge_redemptions',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('challenge_redemptions_expires_idx').on(t.expiresAt)],
);

/**
 * Keys that older versions generated into the database. Keys now derive from ENCRYPTION_KEY
 * (FieldCipher.deriveKey), never from a value stored here; the rows left are only read during a
 * transition and deleted after it (api/src/lib/app-secrets.ts).
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
  /** When this version first started beside the row: no new value used the key after it (plus a rolling start). */
  supersededAt: timestamp('superseded_at', { withTimezone: true }),
});

export const inquiryType = pgEnum('inquiry_type', INQUIRY_TYPES);
export const contactStatus = pgEnum('contact_status', CONTACT_STATUSES);
/** Where forwarding to the customer messaging service stands. */
export const FORWARD_STATUSES = ['NOT_CONFIGURED', 'SENT', 'PENDING_RETRY', 'FAILED'] as const;
export const forwardStatus = pgEnum('forward_status', FORWARD_STATUSES);

export const contactSubmissions = pgTable(
  'contact_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    phone: text('phone'),
    inquiryType: inquiryType('inquiry_type').notNull().default('GENERAL'),
    message: text('message').notNull(),
    status: contactStatus('status').notNull().default('UNREAD'),
    adminNotes: text('admin_notes'),
    assignedTo: text('assigned_to'),
    sentToIntercom: boolean('sent_to_intercom').notNull().default(false),
    intercomId: text('intercom_id'),
    forwardStatus: forwardStatus('forward_status').notNull().default('NOT_CONFIGURED'),
    forwardAttempts: integer('forward_attempts').notNull().default(0),
    nextForwardAt: timestamp('next_forward_at', { withTimezone: true }),
    lastForwardError: text('last_forward_error'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /**
     * The words of the name, e-mail and company, for the admin search by word beginnings ("acme",
     * "dana whit", "example.com"): the address's punctuation is a word break, so its parts are words.
     */
    searchWords: tsvector('search_words').generatedAlwaysAs(
      (): SQL =>
        sql`to_tsvector('simple', translate(${contactSubmissions.name} || ' ' || ${contactSubmissions.email} || ' ' || coalesce(${contactSubmissions.company}, ''), '@._+-/&,()''', '             '))`,
    ),
  },
  // The admin list and the export read newest first, (created_at, id) as the key: one index per filter.
  (t) => [
    index('contact_submissions_created_idx').on(t.createdAt, t.id),
    index('contact_submissions_status_idx').on(t.status, t.createdAt, t.id),
    index('contact_submissions_type_idx').on(t.inquiryType, t.createdAt, t.id),
    index('contact_submissions_forward_idx').on(t.forwardStatus, t.nextForwardAt),
    index('contact_submissions_search_idx').using('gin', t.searchWords),
  ],
);

export const holdingType = pgEnum('holding_type', HOLDING_TYPES);

/** A registered holder. The tax ID is AES-256-GCM ciphertext; only its last four characters are kept in clear, for masking. */
export const shareholders = pgTable(
  'shareholders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    taxIdEncrypted: text('tax_id_encrypted'),
    taxIdLast4: text('tax_id_last4'),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shareholders_code_upper_idx').on(sql`upper(${t.code})`),
    index('shareholders_name_idx').on(sql`lower(${t.name})`),
  ],
);

/**
 * The registration's addresses over time (issue 28): each address with the day it took effect, appended when an
 * address change is approved (the address on file before the first change is kept as the first row). Append-only:
 * the database refuses UPDATE, DELETE and TRUNCATE, as on the journal.
 */
export const shareholderAddressHistory = pgTable(
  'shareholder_address_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shareholderId: uuid('shareholder_id')
      .notNull()
      .references(() => shareholders.id),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    /** The calendar day (America/Los_Angeles) from which this address is the holder's. */
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    sourceRequestId: uuid('source_request_id'),
    recordedByUsername: text('recorded_by_username'),
    recordedAt: createdAt(),
  },
  (t) => [index('shareholder_address_history_holder_idx').on(t.shareholderId, t.recordedAt)],
);

export const shareholderAccounts = pgTable(
  'shareholder_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shareholderId: uuid('shareholder_id')
      .notNull()
      .references(() => shareholders.id),
    accountNumber: text('account_number').notNull(),
    registrationName: text('registration_name').notNull(),
    issuer: text('issuer').notNull(),
    shareClass: text('share_class').notNull(),
    sharesHeld: bigint('shares_held', { mode: 'number' }).notNull(),
    holdingType: holdingType('holding_type').notNull(),
    certificateNumbers: text('certificate_numbers').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The share class the account holds (ledger-schema.ts): its foreign key is declared in migration 0027 only.
     * Since then the ledger is the record of the holding; `shares_held`, `holding_type` and
     * `certificate_numbers` keep what the registry was given when the account was opened.
     */
    classId: uuid('class_id').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shareholder_accounts_number_upper_idx').on(sql`upper(${t.accountNumber})`),
    index('shareholder_accounts_shareholder_idx').on(t.shareholderId),
  ],
);

/** LINK: a one-time sign-in link e-mailed to the holder once account-number guesses for the code are spent (decision 018). */
export const PORTAL_SESSION_STAGES = ['CODE', 'ACCOUNT', 'LINK'] as const;
export const portalSessionStage = pgEnum('portal_session_stage', PORTAL_SESSION_STAGES);

/**
 * Shareholder portal sessions. A CODE token (shareholder code accepted) is good only for
 * validate-account; an ACCOUNT token is the signed-in session. Only token hashes are stored.
 */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    stage: portalSessionStage('stage').notNull(),
    shareholderId: uuid('shareholder_id')
      .notNull()
      .references(() => shareholders.id),
    accountId: uuid('account_id').references(() => shareholderAccounts.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('portal_sessions_token_hash_idx').on(t.tokenHash),
    index('portal_sessions_shareholder_idx').on(t.shareholderId),
  ],
);

export const PORTAL_AUTH_EVENTS = [
  'CODE_ACCEPTED',
  'CODE_REFUSED',
  'ACCOUNT_ACCEPTED',
  'ACCOUNT_REFUSED',
  'THROTTLED',
  'LOGOUT',
  // Decision 018: the day's account-number guesses for a code are spent; a sign-in link sent and used.
  'GUESSES_EXHAUSTED',
  'LINK_SENT',
  'LINK_USED',
] as const;
export const portalAuthEvent = pgEnum('portal_auth_event', PORTAL_AUTH_EVENTS);

/** Every portal sign-in step, accepted or refused, for the admin activity view. */
export const portalAuthEvents = pgTable(
  'portal_auth_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    event: portalAuthEvent('event').notNull(),
    codeAttempted: text('code_attempted'),
    shareholderId: uuid('shareholder_id').references(() => shareholders.id),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('portal_auth_events_created_idx').on(t.createdAt),
    index('portal_auth_events_shareholder_idx').on(t.shareholderId, t.createdAt),
  ],
);

/**
 * Each choice a holder makes between electronic delivery and paper for advices and statements, with when and
 * where from. The current choice is the newest row (created_at, then id); a holder with no row gets paper, since
 * electronic delivery needs the holder's consent. Append-only (the migration's triggers refuse UPDATE, DELETE and
 * TRUNCATE): what a holder agreed to, and when, stays provable.
 */
export const deliveryPreferenceChoices = pgTable(
  'delivery_preference_choices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shareholderId: uuid('shareholder_id')
      .notNull()
      .references(() => shareholders.id),
    electronic: boolean('electronic').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /**
     * The portal session the choice was made in. No foreign key: a session is working state that may one day be
     * pruned, and a reference from rows that can never be updated would keep every session for good.
     */
    portalSessionId: uuid('portal_session_id'),
    createdAt: createdAt(),
  },
  (t) => [index('delivery_preference_choices_holder_idx').on(t.shareholderId, t.createdAt)],
);

export const requestType = pgEnum('request_type', REQUEST_TYPES);
export const FLAG_PRIORITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export const flagPriority = pgEnum('flag_priority', FLAG_PRIORITIES);
export const requestStatus = pgEnum('request_status', REQUEST_STATUSES);
/** One sequence for every reference number: TR-2026-000123 and AC-2026-000124 never collide. */
export const requestReferenceSeq = pgSequence('request_reference_seq', { startWith: 100 });

/**
 * A reference's own number without its zeros ("123" of TR-2026-000123), as the list searches it and
 * its index holds it.
 */
export const referenceSequence = (referenceNumber: SQL | AnyPgColumn) =>
  sql`ltrim(split_part(${referenceNumber}, '-', 3), '0')`;

/**
 * A shareholder's request. formData is what the portal sent, minus tax IDs: those are in
 * `sensitive_encrypted` (AES-256-GCM JSON) with only their last four digits left in formData.
 */
export const shareholderRequests = pgTable(
  'shareholder_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referenceNumber: text('reference_number').notNull(),
    requestType: requestType('request_type').notNull(),
    status: requestStatus('status').notNull(),
    shareholderId: uuid('shareholder_id')
      .notNull()
      .references(() => shareholders.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => shareholderAccounts.id),
    formData: jsonb('form_data').$type<Record<string, unknown>>().notNull(),
    sensitiveEncrypted: text('sensitive_encrypted'),
    transferType: text('transfer_type'),
    sharesCount: bigint('shares_count', { mode: 'number' }),
    transferAllShares: boolean('transfer_all_shares').notNull().default(false),
    pricePerShare: numeric('price_per_share', { precision: 18, scale: 4 }),
    totalAmount: numeric('total_amount', { precision: 20, scale: 2 }),
    verificationCodeHash: text('verification_code_hash'),
    verificationExpiresAt: timestamp('verification_expires_at', { withTimezone: true }),
    /** When the third photo arrived. */
    verificationSubmittedAt: timestamp('verification_submitted_at', { withTimezone: true }),
    /** The holder's name and code when the request was filed: what staff search and list by. */
    shareholderName: text('shareholder_name').notNull(),
    shareholderCode: text('shareholder_code').notNull(),
    /**
     * The words of the name, kept by PostgreSQL: name search matches and counts on stored values
     * instead of working the name into words again for every row it looks at.
     */
    shareholderNameWords: tsvector('shareholder_name_words').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('simple', ${shareholderRequests.shareholderName})`,
    ),
    /** Staff review (admin-request-review spec 3). */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    processedBy: uuid('processed_by').references(() => adminUsers.id),
    /** The first staff action on the request, for the response-time metric. */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    /** Lines of `[ISO timestamp] author: text`, appended only. */
    adminNotes: text('admin_notes').notNull().default(''),
    isFlagged: boolean('is_flagged').notNull().default(false),
    flagPriority: flagPriority('flag_priority'),
    flagReason: text('flag_reason'),
    flaggedBy: uuid('flagged_by').references(() => adminUsers.id),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    assignedTo: uuid('assigned_to').references(() => adminUsers.id),
    /** Viewer state per image: { selfie: { rotation, zoomState: { zoom, x, y } }, ... }. */
    imageStates: jsonb('image_states')
      .$type<Record<string, { rotation: number; zoomState: { zoom: number; x: number; y: number } }>>()
      .notNull()
      .default({}),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shareholder_requests_reference_idx').on(t.referenceNumber),
    uniqueIndex('shareholder_requests_verification_idx').on(t.verificationCodeHash),
    // The list's sort orders: a status or a type, then the date, then the id.
    index('shareholder_requests_status_created_idx').on(t.status, t.createdAt, t.id),
    index('shareholder_requests_type_created_idx').on(t.requestType, t.createdAt, t.id),
    // Migration 0031 adds INCLUDE (shareholder_code, shareholder_name): a search matching many holders
    // reads the newest requests from this index alone, keeping those filed under a matching holder.
    index('shareholder_requests_created_idx').on(t.createdAt, t.id),
    // The review queue (`status=pending`), oldest or newest first, however few its rows among all.
    index('shareholder_requests_review_queue_idx')
      .on(t.createdAt, t.id)
      .where(sql.raw(`status in (${sqlStatusList(PENDING_REVIEW_STATUSES)})`)),
    index('shareholder_requests_shareholder_idx').on(t.shareholderId, t.createdAt),
    // An issuer's requests are those on its classes' accounts, newest first (migration 0037).
    index('shareholder_requests_account_idx').on(t.accountId, t.createdAt),
    index('shareholder_requests_flagged_idx').on(t.createdAt).where(sql`${t.isFlagged}`),
    index('shareholder_requests_assigned_idx').on(t.assignedTo, t.createdAt),
    index('shareholder_requests_processed_idx').on(t.processedAt),
    // Migration 0013 adds INCLUDE (created_at, id), which drizzle cannot express: a code search then
    // pages its matches from the index alone.
    index('shareholder_requests_code_idx').on(sql`${t.shareholderCode} text_pattern_ops`),
    index('shareholder_requests_reference_prefix_idx').on(sql`${t.referenceNumber} text_pattern_ops`),
    index('shareholder_requests_reference_sequence_idx').on(referenceSequence(t.referenceNumber)),
    index('shareholder_requests_name_words_idx').using('gin', t.shareholderNameWords),
    // A holder's requests newest (or oldest) first, read from the index alone: a search takes the
    // first page of each matching holder (request_holder_snapshots) instead of all its matches.
    index('shareholder_requests_holder_created_idx').on(t.shareholderCode, t.shareholderName, t.createdAt, t.id),
    // Open transfers by the business day they were received in good order (migration 0013): the
    // compliance panel counts those past 3 and 4 business days as a range of this index.
    index('shareholder_requests_open_transfer_age_idx')
      .on(sql`business_day_number(coalesce(${t.verificationSubmittedAt}, ${t.createdAt}))`)
      .where(sql.raw(`request_type = 'TRANSFER' and status in (${sqlStatusList(OPEN_TRANSFER_STATUSES)})`)),
  ],
);

export const documentType = pgEnum('document_type', DOCUMENT_TYPES);
export const DOCUMENT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const documentStatus = pgEnum('document_status', DOCUMENT_STATUSES);

/**
 * An identity photo of a transfer: one per kind and request, so a retried or repeated upload replaces
 * the row. The file itself is in the storage (api/src/lib/storage.ts) under `storage_key`.
 */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => shareholderRequests.id),
    documentType: documentType('document_type').notNull(),
    storageKey: text('storage_key').notNull(),
    /** SHA-256 of the stored (re-encoded, metadata-free) file, and of the bytes received. */
    sha256: text('sha256').notNull(),
    sourceSha256: text('source_sha256').notNull(),
    mimeType: text('mime_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    status: documentStatus('status').notNull().default('PENDING'),
    reviewedBy: uuid('reviewed_by').references(() => adminUsers.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    uploadedIp: text('uploaded_ip'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a rejection asked for a new set of photos: kept for the record, no longer current. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('verification_documents_request_type_idx')
      .on(t.requestId, t.documentType)
      .where(sql`${t.supersededAt} is null`),
  ],
);

export const REQUEST_HISTORY_ACTORS = ['SHAREHOLDER', 'ADMIN', 'SYSTEM'] as const;
export const requestHistoryActor = pgEnum('request_history_actor', REQUEST_HISTORY_ACTORS);

/** What happened to a request and who did it, oldest first: the request detail's history. Append-only. */
export const requestHistory = pgTable(
  'request_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => shareholderRequests.id),
    actorType: requestHistoryActor('actor_type').notNull(),
    adminId: uuid('admin_id').references(() => adminUsers.id),
    action: text('action').notNull(),
    fromStatus: requestStatus('from_status'),
    toStatus: requestStatus('to_status'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('request_history_request_idx').on(t.requestId, t.createdAt)],
);

/**
 * Request counts and sums by status, type, flag and sale, kept by a trigger on shareholder_requests
 * (migration 0008): the list's total and the dashboard's all-time figures read a few dozen rows
 * instead of counting the whole table. Exact, and shared by every API process.
 */
export const requestCounts = pgTable(
  'request_counts',
  {
    status: requestStatus('status').notNull(),
    requestType: requestType('request_type').notNull(),
    isFlagged: boolean('is_flagged').notNull(),
    isSale: boolean('is_sale').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    amountSum: numeric('amount_sum', { precision: 24, scale: 2 }).notNull().default('0'),
    amountCount: bigint('amount_count', { mode: 'number' }).notNull().default(0),
    processingSeconds: numeric('processing_seconds').notNull().default('0'),
    processedCount: bigint('processed_count', { mode: 'number' }).notNull().default(0),
    responseSeconds: numeric('response_seconds').notNull().default('0'),
    respondedCount: bigint('responded_count', { mode: 'number' }).notNull().default(0),
    verificationSeconds: numeric('verification_seconds').notNull().default('0'),
    verifiedCount: bigint('verified_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.requestType, t.isFlagged, t.isSale] })],
);

/**
 * Each name and code requests were filed under, with how many requests carry them, kept by trigger
 * (migration 0024). A search by code or name matches on these few thousand rows: its total is their
 * sum, and its page the newest of each one's requests (shareholder_requests_holder_created_idx),
 * instead of every matching request being read, counted and sorted.
 */
export const requestHolderSnapshots = pgTable(
  'request_holder_snapshots',
  {
    shareholderCode: text('shareholder_code').notNull(),
    shareholderName: text('shareholder_name').notNull(),
    /** The same words as shareholder_requests.shareholder_name_words, so a name search matches the same requests. */
    shareholderNameWords: tsvector('shareholder_name_words').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('simple', ${requestHolderSnapshots.shareholderName})`,
    ),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.shareholderCode, t.shareholderName] }),
    index('request_holder_snapshots_code_idx').on(sql`${t.shareholderCode} text_pattern_ops`),
    index('request_holder_snapshots_name_words_idx').using('gin', t.shareholderNameWords),
  ],
);

/**
 * The dashboard's windowed figures, by business day (America/Los_Angeles), kept by the same trigger
 * as request_counts: requests created on the day (and their sale amounts), and requests decided on
 * the day (and whether within 3 business days of receipt, SEC Rule 17Ad-2). A month's figures read a
 * few hundred rows instead of the month's requests.
 */
export const requestDayCounts = pgTable(
  'request_day_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    requestType: requestType('request_type').notNull(),
    status: requestStatus('status').notNull(),
    isSale: boolean('is_sale').notNull(),
    createdCount: bigint('created_count', { mode: 'number' }).notNull().default(0),
    createdAmount: numeric('created_amount', { precision: 24, scale: 2 }).notNull().default('0'),
    decidedCount: bigint('decided_count', { mode: 'number' }).notNull().default(0),
    decidedWithin3BusinessDays: bigint('decided_within_3_business_days', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.requestType, t.status, t.isSale] })],
);

/** The first answer to a request sent with an Idempotency-Key, replayed for retries with the same key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export { EMAIL_STATUSES };
export const emailStatus = pgEnum('email_status', EMAIL_STATUSES);

/** Outgoing e-mail, written in the same transaction as what it announces; a sender drains it (issue 4, next slice). */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** AES-256-GCM: bodies carry names, references and verification links. */
    bodyEncrypted: text('body_encrypted').notNull(),
    kind: text('kind').notNull(),
    relatedId: text('related_id'),
    status: emailStatus('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /**
     * Set, under the sender's lease, just before SMTP's final dot: from then on the mail server may
     * have the e-mail, so a sender that dies leaves it UNCONFIRMED instead of sending it again.
     */
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  // The mail log (issue 18) lists newest first.
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * The admin IP whitelist (issue 15): while at least one rule is active and unexpired, /api/admin
 * answers only addresses inside one of them. `ip_address` is normalised (shared/src/ip-rules.ts).
 * Read on every admin call (a handful of rows through a partial index), so a change applies to the
 * next call in every process.
 */
export const ipWhitelistRules = pgTable(
  'ip_whitelist_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ipAddress: text('ip_address').notNull(),
    description: text('description').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Null for the recovery command (`pnpm admin:ip-allow`), whose rows say `system`. */
    addedById: uuid('added_by_id').references(() => adminUsers.id),
    addedByUsername: text('added_by_username'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ip_whitelist_rules_ip_idx').on(t.ipAddress),
    index('ip_whitelist_rules_active_idx').on(t.expiresAt).where(sql`${t.isActive}`),
  ],
);

/** Raw bytes (drizzle has no bytea of its own): node-postgres gives a Buffer, PGlite a Uint8Array. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Issuer application statuses (shared/src/issuer-applications.ts holds the same list for the API and screens). */
const ISSUER_STATUS_CHECK = sql.raw(`('DRAFT', 'SUBMITTED', 'UNDER_REVIEW', 'APPROVED', 'REJECTED')`);

/** An onboarding wizard opened (POST /api/issuer-onboarding/start): the browser's token, first and last seen. */
export const issuerOnboardingSessions = pgTable('issuer_onboarding_sessions', {
  sessionToken: text('session_token').primaryKey(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A company's onboarding application (issue 16). `onboarding_id` is the id the browser made; a
 * resend with it is answered from this row (`request_fingerprint`, an HMAC of the body under a key
 * derived from the encryption key). The EIN is AES-256-GCM ciphertext bound to the row; only its
 * last four digits are kept in clear, for masking. `application_data` is the submitted form without
 * the EIN (its last four instead) and without the signature image.
 */
export const issuerApplications = pgTable(
  'issuer_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    onboardingId: text('onboarding_id').notNull(),
    status: text('status').notNull().default('SUBMITTED'),
    companyName: text('company_name').notNull(),
    entityType: text('entity_type').notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    legalName: text('legal_name').notNull(),
    incorporationState: text('incorporation_state').notNull(),
    incorporationDate: date('incorporation_date', { mode: 'string' }).notNull(),
    einEncrypted: text('ein_encrypted').notNull(),
    einLast4: text('ein_last4').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull().default('USA'),
    description: text('description'),
    shareholderCount: text('shareholder_count'),
    submissionNotes: text('submission_notes'),
    applicationData: jsonb('application_data').$type<Record<string, unknown>>().notNull(),
    requestFingerprint: text('request_fingerprint').notNull(),
    sessionToken: text('session_token'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    adminNotes: text('admin_notes'),
    /** The ledger's issuer made or linked on approval (decision 023); references issuers(id) in migration 0036 only. */
    issuerId: uuid('issuer_id'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The words of the company, contact name and e-mail, for the admin search by word beginnings (as contact_submissions). */
    searchWords: tsvector('search_words').generatedAlwaysAs(
      (): SQL =>
        sql`to_tsvector('simple', translate(${issuerApplications.companyName} || ' ' || ${issuerApplications.contactName} || ' ' || ${issuerApplications.contactEmail}, '@._+-/&,()''', '             '))`,
    ),
  },
  // The admin list and the export read newest first, (created_at, id) as the key.
  (t) => [
    uniqueIndex('issuer_applications_onboarding_id_idx').on(t.onboardingId),
    index('issuer_applications_created_idx').on(t.createdAt, t.id),
    index('issuer_applications_status_idx').on(t.status, t.createdAt, t.id),
    index('issuer_applications_search_idx').using('gin', t.searchWords),
    check('issuer_applications_status_check', sql`${t.status} in ${ISSUER_STATUS_CHECK}`),
  ],
);

/** The drawn signature of an application: the PNG as sent (checked by content), who signed, when. */
export const issuerApplicationSignatures = pgTable(
  'issuer_application_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => issuerApplications.id),
    signatureName: text('signature_name').notNull(),
    signatureTitle: text('signature_title').notNull(),
    signaturePng: bytea('signature_png').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('issuer_application_signatures_application_idx').on(t.applicationId, t.createdAt)],
);

/**
 * An application's review history (spec 3 reviewHistory), append-only like the activity log: the
 * first entry (SUBMITTED, by 'Applicant') is written with the application, one more per status change.
 */
export const issuerApplicationReviews = pgTable(
  'issuer_application_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => issuerApplications.id),
    status: text('status').notNull(),
    notes: text('notes'),
    reviewedById: uuid('reviewed_by_id').references(() => adminUsers.id),
    /** The admin's username, or 'Applicant' for the first entry. */
    reviewedBy: text('reviewed_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('issuer_application_reviews_application_idx').on(t.applicationId, t.createdAt),
    check('issuer_application_reviews_status_check', sql`${t.status} in ${ISSUER_STATUS_CHECK}`),
  ],
);

/**
 * An invitation to an approved application's contact to become the issuer's first ISSUER_ADMIN (decision 023).
 * Only the SHA-256 of the token is stored; it works once, for 72 hours, until a resend or a revocation ends it.
 * `issuer_id` references issuers(id) in migration 0036 only (ledger-schema.ts imports this module).
 */
export const issuerInvitations = pgTable(
  'issuer_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The approved application that invited the issuer's first administrator; null for a colleague's invitation. */
    applicationId: uuid('application_id').references(() => issuerApplications.id),
    issuerId: uuid('issuer_id').notNull(),
    email: text('email').notNull(),
    /** The role the accepted invitation gives: an application's contact is ISSUER_ADMIN, a colleague as invited. */
    role: text('role', { enum: ISSUER_USER_ROLES }).notNull().default('ISSUER_ADMIN'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The issuer user the invitation made. */
    issuerUserId: uuid('issuer_user_id').references(() => issuerUsers.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason', { enum: ['resent', 'revoked'] }),
    /** Who sent it: a staff user (an application's invitation) or one of the issuer's administrators (a colleague's). */
    sentById: uuid('sent_by_id').references(() => adminUsers.id),
    sentByIssuerUserId: uuid('sent_by_issuer_user_id').references(() => issuerUsers.id),
    sentBy: text('sent_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('issuer_invitations_token_hash_idx').on(t.tokenHash),
    index('issuer_invitations_application_idx').on(t.applicationId, t.createdAt),
    index('issuer_invitations_issuer_idx').on(t.issuerId, t.createdAt),
    index('issuer_invitations_email_lower_idx').on(sql`lower(${t.email})`),
    check('issuer_invitations_role_check', sql`${t.role} in ('ISSUER_ADMIN', 'ISSUER_VIEWER')`),
    // Every invitation comes from an application or from a colleague: never from nowhere.
    check(
      'issuer_invitations_origin_check',
      sql`${t.applicationId} is not null or ${t.sentByIssuerUserId} is not null`,
    ),
  ],
);
