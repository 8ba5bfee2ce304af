CREATE TABLE "advice_mail_queue" (
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "advice_mail_queue_transaction_id_account_id_pk" PRIMARY KEY("transaction_id","account_id")
);
--> statement-breakpoint
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
ALTER TABLE "advice_mail_queue" ADD CONSTRAINT "advice_mail_queue_advice_fk" FOREIGN KEY ("transaction_id","account_id") REFERENCES "public"."advice_deliveries"("transaction_id","account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advice_mailings" ADD CONSTRAINT "advice_mailings_mailed_by_id_admin_users_id_fk" FOREIGN KEY ("mailed_by_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advice_mailings" ADD CONSTRAINT "advice_mailings_advice_fk" FOREIGN KEY ("transaction_id","account_id") REFERENCES "public"."advice_deliveries"("transaction_id","account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advice_mail_queue_order_idx" ON "advice_mail_queue" USING btree ("queued_at","transaction_id","account_id");--> statement-breakpoint
CREATE INDEX "advice_mailings_mailed_idx" ON "advice_mailings" USING btree ("mailed_at","transaction_id","account_id");--> statement-breakpoint
-- That an advice went out by post is a record, like the delivery it follows: a mistake is a new entry, never an edit.
CREATE TRIGGER advice_mailings_no_update_delete BEFORE UPDATE OR DELETE ON advice_mailings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER advice_mailings_no_truncate BEFORE TRUNCATE ON advice_mailings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- The work list of paper advices to mail, kept by the database whatever path writes the records: every posting
-- path (the one-statement transfer's data-modifying CTE included) fires these row triggers.
CREATE FUNCTION advice_mail_queue_enter() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO advice_mail_queue (transaction_id, account_id, queued_at)
    VALUES (NEW.transaction_id, NEW.account_id, NEW.created_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER advice_deliveries_enter_mail_queue AFTER INSERT ON advice_deliveries
  FOR EACH ROW WHEN (NEW.channel = 'PAPER') EXECUTE FUNCTION advice_mail_queue_enter();
--> statement-breakpoint
CREATE FUNCTION advice_mail_queue_leave() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM advice_mail_queue WHERE transaction_id = NEW.transaction_id AND account_id = NEW.account_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER advice_mailings_leave_mail_queue AFTER INSERT ON advice_mailings
  FOR EACH ROW EXECUTE FUNCTION advice_mail_queue_leave();
--> statement-breakpoint
-- The paper advices written before this migration are all still to mail.
INSERT INTO advice_mail_queue (transaction_id, account_id, queued_at)
  SELECT transaction_id, account_id, created_at FROM advice_deliveries WHERE channel = 'PAPER';
