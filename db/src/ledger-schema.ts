import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  CERTIFICATE_STATUSES,
  DEFAULT_ISSUER_TIME_ZONE,
  HOLDING_FORMS,
  POSTING_STATUSES,
  STOP_ORDER_ACTIONS,
  STOP_REASONS,
  TRANSACTION_TYPES,
} from '@ledgerwell/shared/ledger';
import { ADVICE_CHANNELS } from '@ledgerwell/shared/advice-delivery';
import { adminUsers, bytea, issuerApplications, shareholderAccounts, shareholderRequests } from './schema';

/**
 * The ledger (decision 019). Quantities are numeric(24, 6): exact, up to 18 digits and 6 places, read
 * as strings. `shareholder_accounts.class_id` points at `share_classes`; that foreign key is declared in
 * migration 0027 only, since declaring it here would make the two schema modules import each other.
 */
const shares = (name: string) => numeric(name, { precision: 24, scale: 6 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const issuers = pgTable(
  'issuers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    legalName: text('legal_name').notNull(),
    /** Effective and record dates are calendar dates here. */
    timeZone: text('time_zone').notNull().default(DEFAULT_ISSUER_TIME_ZONE),
    issuerApplicationId: uuid('issuer_application_id').references(() => issuerApplications.id),
    /** The next number a certificate issued by the system gets (a number given by staff is kept as given). */
    nextCertificateNumber: bigint('next_certificate_number', { mode: 'number' }).notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('issuers_legal_name_idx').on(sql`lower(${t.legalName})`)],
);

export const shareClasses = pgTable(
  'share_classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => issuers.id),
    name: text('name').notNull(),
    cusip: text('cusip'),
    parValue: shares('par_value'),
    /** The depository nominee (Cede & Co.) account in this class: a transfer to a broker credits it. */
    nomineeAccountId: uuid('nominee_account_id').references(() => shareholderAccounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('share_classes_issuer_name_idx').on(t.issuerId, sql`lower(${t.name})`),
    uniqueIndex('share_classes_cusip_idx').on(t.cusip).where(sql`${t.cusip} IS NOT NULL`),
  ],
);

export const transactionType = pgEnum('ledger_transaction_type', TRANSACTION_TYPES);
export const holdingForm = pgEnum('holding_form', HOLDING_FORMS);
export const certificateStatus = pgEnum('certificate_status', CERTIFICATE_STATUSES);
export const postingStatus = pgEnum('ledger_posting_status', POSTING_STATUSES);
export const stopOrderAction = pgEnum('stop_order_action', STOP_ORDER_ACTIONS);
export const stopReason = pgEnum('stop_reason', STOP_REASONS);

/** The journal: one row per change of ownership. Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of posting, for a stable journal order within one effective date. */
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    type: transactionType('type').notNull(),
    classId: uuid('class_id')
      .notNull()
      .references(() => shareClasses.id),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: posted by the system (the migration's opening balances, the demo data). */
    postedBy: uuid('posted_by').references(() => adminUsers.id),
    postedByUsername: text('posted_by_username'),
    sourceRequestId: uuid('source_request_id').references(() => shareholderRequests.id),
    memo: text('memo'),
    reversesId: uuid('reverses_id').references((): AnyPgColumn => ledgerTransactions.id),
    /** AUTHORIZED_ADJUSTMENT only: the class's authorized shares from this transaction on. */
    authorizedShares: shares('authorized_shares'),
  },
  (t) => [
    index('ledger_transactions_class_idx').on(t.classId, t.effectiveDate, t.sequence),
    // The journal across classes, newest first.
    index('ledger_transactions_date_idx').on(t.effectiveDate, t.sequence),
    uniqueIndex('ledger_transactions_sequence_idx').on(t.sequence),
    // The compliance panel's time from approval to posting reads this month's postings of requests.
    index('ledger_transactions_request_posted_idx').on(t.postedAt).where(sql`${t.sourceRequestId} is not null`),
    // A request posts once; a reversal of its posting names the posting, not the request.
    uniqueIndex('ledger_transactions_request_once_idx')
      .on(t.sourceRequestId)
      .where(sql`${t.sourceRequestId} is not null and ${t.reversesId} is null`),
    // A transaction is reversed at most once.
    uniqueIndex('ledger_transactions_reverses_idx').on(t.reversesId).where(sql`${t.reversesId} is not null`),
  ],
);

/**
 * Dual control (issue 28): a posting of a request above LEDGER_DUAL_CONTROL_SHARES, or one proposed by a
 * REVIEWER, waits here until another staff member confirms it; the legs are worked out again at confirmation,
 * on the ledger as it is then. At most one proposal per request waits at a time.
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => shareholderRequests.id),
    classId: uuid('class_id')
      .notNull()
      .references(() => shareClasses.id),
    shares: shares('shares').notNull(),
    /** As proposed; null: the day it is confirmed. */
    effectiveDate: date('effective_date', { mode: 'string' }),
    memo: text('memo'),
    status: postingStatus('status').notNull().default('PROPOSED'),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => adminUsers.id),
    proposedByUsername: text('proposed_by_username').notNull(),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedBy: uuid('confirmed_by').references(() => adminUsers.id),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    transactionId: uuid('transaction_id').references(() => ledgerTransactions.id),
  },
  (t) => [
    uniqueIndex('ledger_postings_one_waiting_idx').on(t.requestId).where(sql`${t.status} = 'PROPOSED'`),
    index('ledger_postings_status_idx').on(t.status, t.proposedAt),
  ],
);

/**
 * Certificates, with their lineage: the transaction that issued each and the one that cancelled it, and
 * the certificate it was cut from (a partial transfer's transferred part and balance). State derived
 * from the journal, kept in the posting's transaction.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => issuers.id),
    classId: uuid('class_id')
      .notNull()
      .references(() => shareClasses.id),
    number: text('number').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => shareholderAccounts.id),
    shares: shares('shares').notNull(),
    registration: text('registration').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    issuedBy: uuid('issued_by')
      .notNull()
      .references(() => ledgerTransactions.id),
    sourceCertificateId: uuid('source_certificate_id').references((): AnyPgColumn => certificates.id),
    status: certificateStatus('status').notNull().default('OUTSTANDING'),
    cancelledBy: uuid('cancelled_by').references(() => ledgerTransactions.id),
    cancellationDate: date('cancellation_date', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('certificates_issuer_number_idx').on(t.issuerId, t.number),
    index('certificates_account_idx').on(t.accountId),
    index('certificates_number_idx').on(t.number),
    check('certificates_shares_positive', sql`${t.shares} > 0`),
  ],
);

/**
 * Stop orders on certificates (issue 28): each placement and release is an event, append-only like the journal
 * (a trigger refuses UPDATE, DELETE and TRUNCATE). The certificate's status says whether a stop is in force.
 */
export const certificateStopOrders = pgTable(
  'certificate_stop_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    certificateId: uuid('certificate_id')
      .notNull()
      .references(() => certificates.id),
    action: stopOrderAction('action').notNull(),
    /** PLACED only: why the certificate is stopped. */
    reason: stopReason('reason'),
    note: text('note'),
    adminUserId: uuid('admin_user_id').references(() => adminUsers.id),
    adminUsername: text('admin_username'),
    createdAt: createdAt(),
  },
  (t) => [
    index('certificate_stop_orders_certificate_idx').on(t.certificateId, t.createdAt),
    check('certificate_stop_orders_reason', sql`(${t.action} = 'PLACED') = (${t.reason} is not null)`),
  ],
);

/**
 * A holder's report of a lost, stolen or destroyed certificate and the affidavit of loss signed with it, one per
 * LOST_CERTIFICATE request; the signature kept as the issuer wizard keeps its own (the PNG checked and re-encoded).
 * Append-only like the stop orders: a trigger refuses UPDATE, DELETE and TRUNCATE.
 */
export const lostCertificateReports = pgTable(
  'lost_certificate_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => shareholderRequests.id),
    certificateId: uuid('certificate_id')
      .notNull()
      .references(() => certificates.id),
    reason: stopReason('reason').notNull(),
    circumstances: text('circumstances').notNull(),
    replacementForm: holdingForm('replacement_form').notNull(),
    fullName: text('full_name').notNull(),
    signaturePng: bytea('signature_png').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lost_certificate_reports_request_idx').on(t.requestId),
    index('lost_certificate_reports_certificate_idx').on(t.certificateId),
    check('lost_certificate_reports_reason', sql`${t.reason} <> 'ADVERSE_CLAIM'`),
  ],
);

/** The journal's lines: signed quantities per account, each carrying its transaction's class and date (as-of reads). */
export const ledgerLegs = pgTable(
  'ledger_legs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => shareholderAccounts.id),
    classId: uuid('class_id')
      .notNull()
      .references(() => shareClasses.id),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    /**
     * The transaction's sequence, copied by a BEFORE INSERT trigger (whatever the insert says), so an account's
     * postings come in journal order from one index without visiting the transactions.
     */
    transactionSequence: bigint('transaction_sequence', { mode: 'number' }).notNull(),
    quantity: shares('quantity').notNull(),
    form: holdingForm('form').notNull(),
    certificateId: uuid('certificate_id').references(() => certificates.id),
  },
  (t) => [
    index('ledger_legs_transaction_idx').on(t.transactionId),
    // An account's history, running balance and statement in journal order; the migration adds
    // INCLUDE (transaction_id, quantity, certificate_id), which drizzle cannot spell, for index-only scans.
    index('ledger_legs_account_history_idx').on(t.accountId, t.effectiveDate, t.transactionSequence),
    index('ledger_legs_class_date_idx').on(t.classId, t.effectiveDate),
    check('ledger_legs_quantity_nonzero', sql`${t.quantity} <> 0`),
    check('ledger_legs_certificate_form', sql`(${t.form} = 'CERTIFICATE') = (${t.certificateId} IS NOT NULL)`),
  ],
);

/** Each account's position now, kept by every posting; the CHECKs make an overdraft impossible in the database itself. */
export const ledgerPositions = pgTable(
  'ledger_positions',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => shareholderAccounts.id),
    classId: uuid('class_id')
      .notNull()
      .references(() => shareClasses.id),
    drsShares: shares('drs_shares').notNull().default('0'),
    certificatedShares: shares('certificated_shares').notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_positions_class_idx').on(t.classId),
    // The issuer's cap table: a class's holders largest first, a page read from the index's end (migration 0037).
    index('ledger_positions_class_holding_idx')
      .on(t.classId, sql`(${t.drsShares} + ${t.certificatedShares})`, t.accountId)
      .where(sql`${t.drsShares} + ${t.certificatedShares} > 0`),
    check('ledger_positions_drs_not_negative', sql`${t.drsShares} >= 0`),
    check('ledger_positions_certificated_not_negative', sql`${t.certificatedShares} >= 0`),
  ],
);

/** The issuer's control book per class; the CHECK refuses outstanding shares above the authorized. */
export const controlBooks = pgTable(
  'control_books',
  {
    classId: uuid('class_id')
      .primaryKey()
      .references(() => shareClasses.id),
    /** Null: not recorded yet (a class carried over from the free-text registry); new issuances wait for it. */
    authorizedShares: shares('authorized_shares'),
    issuedShares: shares('issued_shares').notNull().default('0'),
    cancelledShares: shares('cancelled_shares').notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('control_books_cancelled_within_issued', sql`${t.cancelledShares} <= ${t.issuedShares}`),
    check(
      'control_books_outstanding_within_authorized',
      sql`${t.authorizedShares} IS NULL OR ${t.issuedShares} - ${t.cancelledShares} <= ${t.authorizedShares}`,
    ),
  ],
);

/**
 * Reconciliation (issue 28, Rule 17Ad-10): each run compares, per class, the master file (every position) and the
 * journal with the control book. A DAILY run is claimed by the first process to insert its date, so any number
 * of processes run it once a day.
 */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trigger: text('trigger').notNull(),
    /** The calendar day the run belongs to (America/Los_Angeles). */
    runDate: date('run_date', { mode: 'string' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    classesChecked: integer('classes_checked'),
    differencesFound: integer('differences_found'),
    adminUserId: uuid('admin_user_id').references(() => adminUsers.id),
    adminUsername: text('admin_username'),
  },
  (t) => [
    uniqueIndex('reconciliation_runs_daily_idx').on(t.runDate).where(sql`${t.trigger} = 'DAILY'`),
    check('reconciliation_runs_trigger', sql`${t.trigger} in ('DAILY', 'MANUAL')`),
  ],
);

/**
 * A record difference: a class whose master file or journal disagrees with its control book. One is open per class
 * at a time; it keeps the day it was first found (its age: over 30 days it is aged, Rule 17Ad-11) while later runs
 * update the amount, and it is resolved by the first run that finds the books in balance.
 */
export const recordDifferences = pgTable(
  'record_differences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => shareClasses.id),
    firstFoundAt: timestamp('first_found_at', { withTimezone: true }).notNull(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }).notNull(),
    outstandingShares: shares('outstanding_shares').notNull(),
    masterFileTotal: shares('master_file_total').notNull(),
    journalTotal: shares('journal_total').notNull(),
    /** Master file less outstanding, signed. */
    difference: numeric('difference', { precision: 25, scale: 6 }).notNull(),
    firstRunId: uuid('first_run_id')
      .notNull()
      .references(() => reconciliationRuns.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByRunId: uuid('resolved_by_run_id').references(() => reconciliationRuns.id),
  },
  (t) => [
    uniqueIndex('record_differences_open_idx').on(t.classId).where(sql`${t.resolvedAt} is null`),
    index('record_differences_found_idx').on(t.firstFoundAt),
  ],
);

export const adviceChannel = pgEnum('advice_channel', ADVICE_CHANNELS);

/**
 * How each transaction advice reached its holder: one row per (posting, account), written in the posting's own
 * transaction, so an advice is announced once whatever path posted it. EMAIL: the holder consented to electronic
 * delivery and the outbox holds the e-mail saying the advice is in the portal (`email_outbox.related_id` is the
 * advice's document id). PAPER: it is to be printed and mailed, the staff's list. Append-only like the journal.
 */
export const adviceDeliveries = pgTable(
  'advice_deliveries',
  {
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => shareholderAccounts.id),
    channel: adviceChannel('channel').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.transactionId, t.accountId] }),
    index('advice_deliveries_paper_idx').on(t.createdAt).where(sql`${t.channel} = 'PAPER'`),
  ],
);

/**
 * A paper advice printed and put in the post: one row per advice (its `advice_deliveries` key), recorded by the
 * staff member who mailed it. Append-only like the journal: there is no "unmark"; an advice marked by mistake is
 * printed again from the mailed list and posted (decision 022).
 */
export const adviceMailings = pgTable(
  'advice_mailings',
  {
    transactionId: uuid('transaction_id').notNull(),
    accountId: uuid('account_id').notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }).notNull(),
    mailedById: uuid('mailed_by_id').references(() => adminUsers.id),
    /** The name as it was when they marked it: a user renamed or removed later still reads as who did it. */
    mailedBy: text('mailed_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.transactionId, t.accountId] }),
    foreignKey({
      name: 'advice_mailings_advice_fk',
      columns: [t.transactionId, t.accountId],
      foreignColumns: [adviceDeliveries.transactionId, adviceDeliveries.accountId],
    }).onDelete('no action'),
    // The mailed list, newest first.
    index('advice_mailings_mailed_idx').on(t.mailedAt, t.transactionId, t.accountId),
  ],
);

/**
 * The paper advices still to mail: a work list, not a record. Triggers keep it (migration 0040): a PAPER row of
 * `advice_deliveries` enters it, its `advice_mailings` row takes it out. The staff's pending list reads only this,
 * in time order, so it costs the same however many advices were mailed before (an anti-join of every PAPER row
 * against the mailings walked past each one ever mailed: 326 ms at 200,000). Nothing else writes it.
 */
export const adviceMailQueue = pgTable(
  'advice_mail_queue',
  {
    transactionId: uuid('transaction_id').notNull(),
    accountId: uuid('account_id').notNull(),
    /** The advice's own time (`advice_deliveries.created_at`): the queue is worked oldest first. */
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.transactionId, t.accountId] }),
    foreignKey({
      name: 'advice_mail_queue_advice_fk',
      columns: [t.transactionId, t.accountId],
      foreignColumns: [adviceDeliveries.transactionId, adviceDeliveries.accountId],
    }),
    index('advice_mail_queue_order_idx').on(t.queuedAt, t.transactionId, t.accountId),
  ],
);
