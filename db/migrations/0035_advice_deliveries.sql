CREATE TYPE "public"."advice_channel" AS ENUM('EMAIL', 'PAPER');--> statement-breakpoint
CREATE TABLE "advice_deliveries" (
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"channel" "advice_channel" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advice_deliveries_transaction_id_account_id_pk" PRIMARY KEY("transaction_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "advice_deliveries" ADD CONSTRAINT "advice_deliveries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advice_deliveries" ADD CONSTRAINT "advice_deliveries_account_id_shareholder_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."shareholder_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advice_deliveries_paper_idx" ON "advice_deliveries" USING btree ("created_at") WHERE "advice_deliveries"."channel" = 'PAPER';--> statement-breakpoint
-- How an advice was delivered is a record, like the journal it follows: a correction is a new posting, never an edit.
CREATE TRIGGER advice_deliveries_no_update_delete BEFORE UPDATE OR DELETE ON advice_deliveries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER advice_deliveries_no_truncate BEFORE TRUNCATE ON advice_deliveries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
