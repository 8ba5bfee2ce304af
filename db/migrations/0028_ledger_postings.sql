CREATE TYPE "public"."ledger_posting_status" AS ENUM('PROPOSED', 'POSTED');--> statement-breakpoint
CREATE TYPE "public"."stop_order_action" AS ENUM('PLACED', 'RELEASED');--> statement-breakpoint
CREATE TYPE "public"."stop_reason" AS ENUM('LOST', 'STOLEN', 'DESTROYED', 'ADVERSE_CLAIM');--> statement-breakpoint
CREATE TABLE "shareholder_address_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shareholder_id" uuid NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"effective_from" date NOT NULL,
	"source_request_id" uuid,
	"recorded_by_username" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_stop_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"certificate_id" uuid NOT NULL,
	"action" "stop_order_action" NOT NULL,
	"reason" "stop_reason",
	"note" text,
	"admin_user_id" uuid,
	"admin_username" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_stop_orders_reason" CHECK (("certificate_stop_orders"."action" = 'PLACED') = ("certificate_stop_orders"."reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"shares" numeric(24, 6) NOT NULL,
	"effective_date" date,
	"memo" text,
	"status" "ledger_posting_status" DEFAULT 'PROPOSED' NOT NULL,
	"proposed_by" uuid NOT NULL,
	"proposed_by_username" text NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone,
	"transaction_id" uuid
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"run_date" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"classes_checked" integer,
	"differences_found" integer,
	"admin_user_id" uuid,
	"admin_username" text,
	CONSTRAINT "reconciliation_runs_trigger" CHECK ("reconciliation_runs"."trigger" in ('DAILY', 'MANUAL'))
);
--> statement-breakpoint
CREATE TABLE "record_differences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"first_found_at" timestamp with time zone NOT NULL,
	"last_checked_at" timestamp with time zone NOT NULL,
	"outstanding_shares" numeric(24, 6) NOT NULL,
	"master_file_total" numeric(24, 6) NOT NULL,
	"journal_total" numeric(24, 6) NOT NULL,
	"difference" numeric(25, 6) NOT NULL,
	"first_run_id" uuid NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_run_id" uuid
);
--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "authorized_shares" numeric(24, 6);--> statement-breakpoint
ALTER TABLE "shareholder_address_history" ADD CONSTRAINT "shareholder_address_history_shareholder_id_shareholders_id_fk" FOREIGN KEY ("shareholder_id") REFERENCES "public"."shareholders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_stop_orders" ADD CONSTRAINT "certificate_stop_orders_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_stop_orders" ADD CONSTRAINT "certificate_stop_orders_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_request_id_shareholder_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."shareholder_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_class_id_share_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."share_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_proposed_by_admin_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_confirmed_by_admin_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD CONSTRAINT "reconciliation_runs_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_differences" ADD CONSTRAINT "record_differences_class_id_share_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."share_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_differences" ADD CONSTRAINT "record_differences_first_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("first_run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_differences" ADD CONSTRAINT "record_differences_resolved_by_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("resolved_by_run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shareholder_address_history_holder_idx" ON "shareholder_address_history" USING btree ("shareholder_id","created_at");--> statement-breakpoint
CREATE INDEX "certificate_stop_orders_certificate_idx" ON "certificate_stop_orders" USING btree ("certificate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_postings_one_waiting_idx" ON "ledger_postings" USING btree ("request_id") WHERE "ledger_postings"."status" = 'PROPOSED';--> statement-breakpoint
CREATE INDEX "ledger_postings_status_idx" ON "ledger_postings" USING btree ("status","proposed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_daily_idx" ON "reconciliation_runs" USING btree ("run_date") WHERE "reconciliation_runs"."trigger" = 'DAILY';--> statement-breakpoint
CREATE UNIQUE INDEX "record_differences_open_idx" ON "record_differences" USING btree ("class_id") WHERE "record_differences"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "record_differences_found_idx" ON "record_differences" USING btree ("first_found_at");--> statement-breakpoint
CREATE INDEX "ledger_transactions_request_posted_idx" ON "ledger_transactions" USING btree ("posted_at") WHERE "ledger_transactions"."source_request_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_request_once_idx" ON "ledger_transactions" USING btree ("source_request_id") WHERE "ledger_transactions"."source_request_id" is not null and "ledger_transactions"."reverses_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_reverses_idx" ON "ledger_transactions" USING btree ("reverses_id") WHERE "ledger_transactions"."reverses_id" is not null;--> statement-breakpoint
-- Stop orders and address history are kept for good, as the journal is: a change is a new row, never an edit.
CREATE TRIGGER certificate_stop_orders_no_update_delete BEFORE UPDATE OR DELETE ON certificate_stop_orders
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER certificate_stop_orders_no_truncate BEFORE TRUNCATE ON certificate_stop_orders
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER shareholder_address_history_no_update_delete BEFORE UPDATE OR DELETE ON shareholder_address_history
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER shareholder_address_history_no_truncate BEFORE TRUNCATE ON shareholder_address_history
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
