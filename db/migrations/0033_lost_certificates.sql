ALTER TYPE "public"."request_type" ADD VALUE 'LOST_CERTIFICATE';--> statement-breakpoint
CREATE TABLE "lost_certificate_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"certificate_id" uuid NOT NULL,
	"reason" "stop_reason" NOT NULL,
	"circumstances" text NOT NULL,
	"replacement_form" "holding_form" NOT NULL,
	"full_name" text NOT NULL,
	"signature_png" "bytea" NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lost_certificate_reports_reason" CHECK ("lost_certificate_reports"."reason" <> 'ADVERSE_CLAIM')
);
--> statement-breakpoint
ALTER TABLE "lost_certificate_reports" ADD CONSTRAINT "lost_certificate_reports_request_id_shareholder_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."shareholder_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_certificate_reports" ADD CONSTRAINT "lost_certificate_reports_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lost_certificate_reports_request_idx" ON "lost_certificate_reports" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "lost_certificate_reports_certificate_idx" ON "lost_certificate_reports" USING btree ("certificate_id");--> statement-breakpoint
-- A report and its affidavit of loss are kept as signed: a correction is a new report, never an edit.
CREATE TRIGGER lost_certificate_reports_no_update_delete BEFORE UPDATE OR DELETE ON lost_certificate_reports
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER lost_certificate_reports_no_truncate BEFORE TRUNCATE ON lost_certificate_reports
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
