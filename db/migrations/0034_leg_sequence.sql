-- Each leg carries its transaction's sequence, so an account's postings come in journal order from one index.
ALTER TABLE "ledger_legs" ADD COLUMN "transaction_sequence" bigint;--> statement-breakpoint
-- A one-time fill of the new column: the journal's guard is off for this statement only, inside the migration's
-- transaction, and no existing value changes (the column is new).
ALTER TABLE "ledger_legs" DISABLE TRIGGER "ledger_legs_no_update_delete";--> statement-breakpoint
UPDATE "ledger_legs" SET "transaction_sequence" = t."sequence"
  FROM "ledger_transactions" t WHERE t."id" = "ledger_legs"."transaction_id";--> statement-breakpoint
ALTER TABLE "ledger_legs" ENABLE TRIGGER "ledger_legs_no_update_delete";--> statement-breakpoint
ALTER TABLE "ledger_legs" ALTER COLUMN "transaction_sequence" SET NOT NULL;--> statement-breakpoint
-- The sequence is the transaction's, whatever an insert says: no writer can put a leg out of journal order.
CREATE FUNCTION ledger_legs_copy_sequence() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT t."sequence" INTO NEW."transaction_sequence" FROM "ledger_transactions" t WHERE t."id" = NEW."transaction_id";
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_legs_copy_sequence BEFORE INSERT ON "ledger_legs"
  FOR EACH ROW EXECUTE FUNCTION ledger_legs_copy_sequence();--> statement-breakpoint
CREATE INDEX "ledger_legs_account_history_idx" ON "ledger_legs" USING btree ("account_id","effective_date","transaction_sequence")
  INCLUDE ("transaction_id", "quantity", "certificate_id");--> statement-breakpoint
DROP INDEX "ledger_legs_account_date_idx";
