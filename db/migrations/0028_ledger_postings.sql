CREATE TYPE "public"."ledger_posting_status" AS ENUM('PROPOSED', 'POSTED');--> statement-breakpoint
CREATE TYPE "public"."stop_order_action" AS ENUM('PLACED', 'RELEASED');--> statement-breakpoint
CREATE TYPE "public"."stop_reason" AS ENUM('LOST', 'STOLEN', 'DESTROYED', 'ADVERSE_CLAIM');--> statement-breakpoint
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
ALTER TABLE "ledger_transactions" ADD COLUMN "authorized_shares" numeric(24, 6);--> statement-breakpoint
ALTER TABLE "certificate_stop_orders" ADD CONSTRAINT "certificate_stop_orders_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_stop_orders" ADD CONSTRAINT "certificate_stop_orders_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_request_id_shareholder_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."shareholder_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_class_id_share_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."share_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_proposed_by_admin_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_confirmed_by_admin_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_stop_orders_certificate_idx" ON "certificate_stop_orders" USING btree ("certificate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_postings_one_waiting_idx" ON "ledger_postings" USING btree ("request_id") WHERE "ledger_postings"."status" = 'PROPOSED';--> statement-breakpoint
CREATE INDEX "ledger_postings_status_idx" ON "ledger_postings" USING btree ("status","proposed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_request_once_idx" ON "ledger_transactions" USING btree ("source_request_id") WHERE "ledger_transactions"."source_request_id" is not null and "ledger_transactions"."reverses_id" is null;--> statement-breakpoint
-- Stop orders are kept for good, as the journal is: a release is a new event, never an edit.
CREATE TRIGGER certificate_stop_orders_no_update_delete BEFORE UPDATE OR DELETE ON certificate_stop_orders
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER certificate_stop_orders_no_truncate BEFORE TRUNCATE ON certificate_stop_orders
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
