-- Issuer onboarding (issue 16): wizard sessions, applications (EIN encrypted, newest-first keys per filter, a word index over company, contact and e-mail), their signatures and their append-only review history.
CREATE TABLE "issuer_application_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"status" text NOT NULL,
	"notes" text,
	"reviewed_by_id" uuid,
	"reviewed_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issuer_application_reviews_status_check" CHECK ("issuer_application_reviews"."status" in ('DRAFT', 'SUBMITTED', 'UNDER_REVIEW', 'APPROVED', 'REJECTED'))
);
--> statement-breakpoint
CREATE TABLE "issuer_application_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"signature_name" text NOT NULL,
	"signature_title" text NOT NULL,
	"signature_png" "bytea" NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issuer_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"onboarding_id" text NOT NULL,
	"status" text DEFAULT 'SUBMITTED' NOT NULL,
	"company_name" text NOT NULL,
	"entity_type" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"legal_name" text NOT NULL,
	"incorporation_state" text NOT NULL,
	"incorporation_date" date NOT NULL,
	"ein_encrypted" text NOT NULL,
	"ein_last4" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text DEFAULT 'USA' NOT NULL,
	"description" text,
	"shareholder_count" text,
	"submission_notes" text,
	"application_data" jsonb NOT NULL,
	"request_fingerprint" text NOT NULL,
	"session_token" text,
	"ip_address" text,
	"user_agent" text,
	"admin_notes" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', translate("issuer_applications"."company_name" || ' ' || "issuer_applications"."contact_name" || ' ' || "issuer_applications"."contact_email", '@._+-/&,()''', '             '))) STORED,
	CONSTRAINT "issuer_applications_status_check" CHECK ("issuer_applications"."status" in ('DRAFT', 'SUBMITTED', 'UNDER_REVIEW', 'APPROVED', 'REJECTED'))
);
--> statement-breakpoint
CREATE TABLE "issuer_onboarding_sessions" (
	"session_token" text PRIMARY KEY NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issuer_application_reviews" ADD CONSTRAINT "issuer_application_reviews_application_id_issuer_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."issuer_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issuer_application_reviews" ADD CONSTRAINT "issuer_application_reviews_reviewed_by_id_admin_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issuer_application_signatures" ADD CONSTRAINT "issuer_application_signatures_application_id_issuer_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."issuer_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issuer_application_reviews_application_idx" ON "issuer_application_reviews" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "issuer_application_signatures_application_idx" ON "issuer_application_signatures" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "issuer_applications_onboarding_id_idx" ON "issuer_applications" USING btree ("onboarding_id");--> statement-breakpoint
CREATE INDEX "issuer_applications_created_idx" ON "issuer_applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "issuer_applications_status_idx" ON "issuer_applications" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "issuer_applications_search_idx" ON "issuer_applications" USING gin ("search_words");--> statement-breakpoint
-- The review history is append-only: the database itself refuses to change or remove an entry.
CREATE FUNCTION issuer_application_reviews_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'issuer_application_reviews is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER issuer_application_reviews_no_update_delete
  BEFORE UPDATE OR DELETE ON issuer_application_reviews
  FOR EACH ROW EXECUTE FUNCTION issuer_application_reviews_refuse_change();
--> statement-breakpoint
CREATE TRIGGER issuer_application_reviews_no_truncate
  BEFORE TRUNCATE ON issuer_application_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION issuer_application_reviews_refuse_change();
