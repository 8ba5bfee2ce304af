CREATE TYPE "public"."ledger_posting_status" AS ENUM('PROPOSED', 'POSTED');--> statement-breakpoint
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
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_request_id_shareholder_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."shareholder_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_class_id_share_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."share_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_proposed_by_admin_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_confirmed_by_admin_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_postings_one_waiting_idx" ON "ledger_postings" USING btree ("request_id") WHERE "ledger_postings"."status" = 'PROPOSED';--> statement-breakpoint
CREATE INDEX "ledger_postings_status_idx" ON "ledger_postings" USING btree ("status","proposed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_request_once_idx" ON "ledger_transactions" USING btree ("source_request_id") WHERE "ledger_transactions"."source_request_id" is not null and "ledger_transactions"."reverses_id" is null;