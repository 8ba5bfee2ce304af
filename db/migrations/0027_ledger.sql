-- The ledger (decision 019): issuers, share classes, an append-only journal of transactions and legs, and
-- state derived from it (positions, certificates, control books). Every holding of the free-text registry
-- moves onto it here as an opening-balance ISSUANCE, so no holding is lost.
CREATE TYPE "public"."certificate_status" AS ENUM('OUTSTANDING', 'CANCELLED', 'STOPPED');--> statement-breakpoint
CREATE TYPE "public"."holding_form" AS ENUM('DRS', 'CERTIFICATE');--> statement-breakpoint
CREATE TYPE "public"."ledger_transaction_type" AS ENUM('ISSUANCE', 'TRANSFER', 'CANCELLATION', 'CONVERSION', 'REISSUANCE', 'AUTHORIZED_ADJUSTMENT');--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"number" text NOT NULL,
	"account_id" uuid NOT NULL,
	"shares" numeric(24, 6) NOT NULL,
	"registration" text NOT NULL,
	"issue_date" date NOT NULL,
	"issued_by" uuid NOT NULL,
	"source_certificate_id" uuid,
	"status" "certificate_status" DEFAULT 'OUTSTANDING' NOT NULL,
	"cancelled_by" uuid,
	"cancellation_date" date,
	CONSTRAINT "certificates_shares_positive" CHECK ("certificates"."shares" > 0)
);
--> statement-breakpoint
CREATE TABLE "control_books" (
	"class_id" uuid PRIMARY KEY NOT NULL,
	"authorized_shares" numeric(24, 6),
	"issued_shares" numeric(24, 6) DEFAULT '0' NOT NULL,
	"cancelled_shares" numeric(24, 6) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "control_books_cancelled_within_issued" CHECK ("control_books"."cancelled_shares" <= "control_books"."issued_shares"),
	CONSTRAINT "control_books_outstanding_within_authorized" CHECK ("control_books"."authorized_shares" IS NULL OR "control_books"."issued_shares" - "control_books"."cancelled_shares" <= "control_books"."authorized_shares")
);
--> statement-breakpoint
CREATE TABLE "issuers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"legal_name" text NOT NULL,
	"time_zone" text DEFAULT 'America/Los_Angeles' NOT NULL,
	"issuer_application_id" uuid,
	"next_certificate_number" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_legs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_legs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"effective_date" date NOT NULL,
	"quantity" numeric(24, 6) NOT NULL,
	"form" "holding_form" NOT NULL,
	"certificate_id" uuid,
	CONSTRAINT "ledger_legs_quantity_nonzero" CHECK ("ledger_legs"."quantity" <> 0),
	CONSTRAINT "ledger_legs_certificate_form" CHECK (("ledger_legs"."form" = 'CERTIFICATE') = ("ledger_legs"."certificate_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "ledger_positions" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"class_id" uuid NOT NULL,
	"drs_shares" numeric(24, 6) DEFAULT '0' NOT NULL,
	"certificated_shares" numeric(24, 6) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_positions_drs_not_negative" CHECK ("ledger_positions"."drs_shares" >= 0),
	CONSTRAINT "ledger_positions_certificated_not_negative" CHECK ("ledger_positions"."certificated_shares" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transactions_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" "ledger_transaction_type" NOT NULL,
	"class_id" uuid NOT NULL,
	"effective_date" date NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_by" uuid,
	"posted_by_username" text,
	"source_request_id" uuid,
	"memo" text,
	"reverses_id" uuid
);
--> statement-breakpoint
CREATE TABLE "share_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"cusip" text,
	"par_value" numeric(24, 6),
	"nominee_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shareholder_accounts" ADD COLUMN "class_id" uuid;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_class_id_share_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."share_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_account_id_shareholder_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."shareholder_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_ledger_transactions_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_source_certificate_id_certificates_id_fk" FOREIGN KEY ("source_certificate_id") REFERENCES "public"."certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_cancelled_by_ledger_transactions_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_books" ADD CONSTRAINT "control_books_class_id_share_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."share_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issuers" ADD CONSTRAINT "issuers_issuer_application_id_issuer_applications_id_fk" FOREIGN KEY ("issuer_application_id") REFERENCES "public"."issuer_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_legs" ADD CONSTRAINT "ledger_legs_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_legs" ADD CONSTRAINT "ledger_legs_account_id_shareholder_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."shareholder_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_legs" ADD CONSTRAINT "ledger_legs_class_id_share_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."share_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_legs" ADD CONSTRAINT "ledger_legs_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_positions" ADD CONSTRAINT "ledger_positions_account_id_shareholder_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."shareholder_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_positions" ADD CONSTRAINT "ledger_positions_class_id_share_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."share_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_class_id_share_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."share_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_posted_by_admin_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_source_request_id_shareholder_requests_id_fk" FOREIGN KEY ("source_request_id") REFERENCES "public"."shareholder_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_reverses_id_ledger_transactions_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_classes" ADD CONSTRAINT "share_classes_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_classes" ADD CONSTRAINT "share_classes_nominee_account_id_shareholder_accounts_id_fk" FOREIGN KEY ("nominee_account_id") REFERENCES "public"."shareholder_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_issuer_number_idx" ON "certificates" USING btree ("issuer_id","number");--> statement-breakpoint
CREATE INDEX "certificates_account_idx" ON "certificates" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "certificates_number_idx" ON "certificates" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "issuers_legal_name_idx" ON "issuers" USING btree (lower("legal_name"));--> statement-breakpoint
CREATE INDEX "ledger_legs_transaction_idx" ON "ledger_legs" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_legs_account_date_idx" ON "ledger_legs" USING btree ("account_id","effective_date");--> statement-breakpoint
CREATE INDEX "ledger_legs_class_date_idx" ON "ledger_legs" USING btree ("class_id","effective_date");--> statement-breakpoint
CREATE INDEX "ledger_positions_class_idx" ON "ledger_positions" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_class_idx" ON "ledger_transactions" USING btree ("class_id","effective_date","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_sequence_idx" ON "ledger_transactions" USING btree ("sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "share_classes_issuer_name_idx" ON "share_classes" USING btree ("issuer_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "share_classes_cusip_idx" ON "share_classes" USING btree ("cusip") WHERE "share_classes"."cusip" IS NOT NULL;--> statement-breakpoint
-- The journal is append-only: the database itself refuses to change or remove a transaction or a leg.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed (post a reversing transaction instead)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_update_delete BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_legs_no_update_delete BEFORE UPDATE OR DELETE ON ledger_legs
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_legs_no_truncate BEFORE TRUNCATE ON ledger_legs
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- One issuer per distinct free-text issuer and one class per distinct (issuer, class), ignoring case and spaces.
INSERT INTO issuers (legal_name)
  SELECT min(btrim(issuer)) FROM shareholder_accounts GROUP BY lower(btrim(issuer));
--> statement-breakpoint
INSERT INTO share_classes (issuer_id, name)
  SELECT i.id, min(btrim(a.share_class))
  FROM shareholder_accounts a JOIN issuers i ON lower(i.legal_name) = lower(btrim(a.issuer))
  GROUP BY i.id, lower(btrim(a.share_class));
--> statement-breakpoint
UPDATE shareholder_accounts a SET class_id = c.id
  FROM share_classes c JOIN issuers i ON i.id = c.issuer_id
  WHERE lower(i.legal_name) = lower(btrim(a.issuer)) AND lower(c.name) = lower(btrim(a.share_class));
--> statement-breakpoint
ALTER TABLE "shareholder_accounts" ALTER COLUMN "class_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "shareholder_accounts" ADD CONSTRAINT "shareholder_accounts_class_id_share_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."share_classes"("id");
--> statement-breakpoint
CREATE INDEX "shareholder_accounts_class_idx" ON "shareholder_accounts" USING btree ("class_id", "account_number", "id");
--> statement-breakpoint
-- Opening balances: one ISSUANCE per account holding shares, dated the day the account was opened (California
-- time, the registry's), posted by the system. Authorized shares were never recorded: they stay null until staff
-- record them.
CREATE TEMPORARY TABLE opening_balances AS
  SELECT gen_random_uuid() AS transaction_id, a.id AS account_id, a.class_id, c.issuer_id,
         (a.created_at AT TIME ZONE 'America/Los_Angeles')::date AS effective_date,
         a.shares_held::numeric(24, 6) AS shares, a.holding_type, a.registration_name, a.account_number,
         CASE WHEN cardinality(a.certificate_numbers) = 0 THEN ARRAY['UNNUMBERED-' || upper(a.account_number)]
              ELSE (SELECT array_agg(DISTINCT upper(btrim(n))) FROM unnest(a.certificate_numbers) n) END AS numbers
  FROM shareholder_accounts a JOIN share_classes c ON c.id = a.class_id
  WHERE a.shares_held > 0;
--> statement-breakpoint
INSERT INTO ledger_transactions (id, type, class_id, effective_date, memo)
  SELECT transaction_id, 'ISSUANCE', class_id, effective_date,
         'Opening balance carried over from the registry for account ' || account_number
  FROM opening_balances ORDER BY effective_date, account_number;
--> statement-breakpoint
-- A certificated holding is split evenly over its certificates (the registry never said how), the remainder on the
-- first. A number used again in one issuer (by account number order) gets the account number as a suffix.
CREATE TEMPORARY TABLE opening_certificates AS
  SELECT o.transaction_id, o.account_id, o.class_id, o.issuer_id, o.effective_date, o.registration_name,
         CASE WHEN row_number() OVER (PARTITION BY o.issuer_id, n.number ORDER BY o.account_number) > 1 THEN n.number || '-' || upper(o.account_number)
              ELSE n.number END AS number,
         CASE WHEN trunc(o.shares / cardinality(o.numbers)) = 0 THEN (CASE WHEN n.ordinal = 1 THEN o.shares ELSE 0 END)
              WHEN n.ordinal = 1 THEN o.shares - trunc(o.shares / cardinality(o.numbers)) * (cardinality(o.numbers) - 1)
              ELSE trunc(o.shares / cardinality(o.numbers)) END AS shares
  FROM opening_balances o, unnest(o.numbers) WITH ORDINALITY AS n(number, ordinal)
  WHERE o.holding_type = 'CERTIFICATED';
--> statement-breakpoint
INSERT INTO certificates (issuer_id, class_id, number, account_id, shares, registration, issue_date, issued_by)
  SELECT issuer_id, class_id, number, account_id, shares, registration_name, effective_date, transaction_id
  FROM opening_certificates WHERE shares > 0;
--> statement-breakpoint
INSERT INTO ledger_legs (transaction_id, account_id, class_id, effective_date, quantity, form, certificate_id)
  SELECT c.issued_by, c.account_id, c.class_id, c.issue_date, c.shares, 'CERTIFICATE', c.id
  FROM certificates c;
--> statement-breakpoint
INSERT INTO ledger_legs (transaction_id, account_id, class_id, effective_date, quantity, form)
  SELECT transaction_id, account_id, class_id, effective_date, shares, 'DRS'
  FROM opening_balances WHERE holding_type = 'DRS';
--> statement-breakpoint
INSERT INTO ledger_positions (account_id, class_id, drs_shares, certificated_shares)
  SELECT a.id, a.class_id,
         coalesce(sum(l.quantity) FILTER (WHERE l.form = 'DRS'), 0),
         coalesce(sum(l.quantity) FILTER (WHERE l.form = 'CERTIFICATE'), 0)
  FROM shareholder_accounts a LEFT JOIN ledger_legs l ON l.account_id = a.id
  GROUP BY a.id, a.class_id;
--> statement-breakpoint
INSERT INTO control_books (class_id, issued_shares)
  SELECT c.id, coalesce((SELECT sum(l.quantity) FROM ledger_legs l WHERE l.class_id = c.id), 0)
  FROM share_classes c;
--> statement-breakpoint
DROP TABLE opening_certificates;
--> statement-breakpoint
DROP TABLE opening_balances;
