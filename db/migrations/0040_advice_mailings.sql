CREATE TABLE "advice_mailings" (
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"mailed_at" timestamp with time zone NOT NULL,
	"mailed_by_id" uuid,
	"mailed_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advice_mailings_transaction_id_account_id_pk" PRIMARY KEY("transaction_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "advice_mailings" ADD CONSTRAINT "advice_mailings_mailed_by_id_admin_users_id_fk" FOREIGN KEY ("mailed_by_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advice_mailings" ADD CONSTRAINT "advice_mailings_advice_fk" FOREIGN KEY ("transaction_id","account_id") REFERENCES "public"."advice_deliveries"("transaction_id","account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advice_mailings_mailed_idx" ON "advice_mailings" USING btree ("mailed_at","transaction_id","account_id");--> statement-breakpoint
-- That an advice went out by post is a record, like the delivery it follows: a mistake is a new entry, never an edit.
CREATE TRIGGER advice_mailings_no_update_delete BEFORE UPDATE OR DELETE ON advice_mailings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER advice_mailings_no_truncate BEFORE TRUNCATE ON advice_mailings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
