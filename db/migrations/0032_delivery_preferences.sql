CREATE TABLE "delivery_preference_choices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shareholder_id" uuid NOT NULL,
	"electronic" boolean NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"portal_session_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_preference_choices" ADD CONSTRAINT "delivery_preference_choices_shareholder_id_shareholders_id_fk" FOREIGN KEY ("shareholder_id") REFERENCES "public"."shareholders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_preference_choices_holder_idx" ON "delivery_preference_choices" USING btree ("shareholder_id","created_at");--> statement-breakpoint
-- A holder's delivery choices are kept for good, as stop orders are: a change of mind is a new row, never an edit.
CREATE TRIGGER delivery_preference_choices_no_update_delete BEFORE UPDATE OR DELETE ON delivery_preference_choices
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER delivery_preference_choices_no_truncate BEFORE TRUNCATE ON delivery_preference_choices
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
