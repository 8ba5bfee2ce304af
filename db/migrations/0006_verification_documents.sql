CREATE TYPE "public"."document_status" AS ENUM('PENDING', 'APPROVED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."document_type" AS ENUM('selfie', 'id_front', 'id_back');--> statement-breakpoint
CREATE TYPE "public"."request_history_actor" AS ENUM('SHAREHOLDER', 'ADMIN', 'SYSTEM');--> statement-breakpoint
CREATE TABLE "request_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"actor_type" "request_history_actor" NOT NULL,
	"admin_id" uuid,
	"action" text NOT NULL,
	"from_status" "request_status",
	"to_status" "request_status",
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"document_type" "document_type" NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"source_sha256" text NOT NULL,
	"mime_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"status" "document_status" DEFAULT 'PENDING' NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"rejection_reason" text,
	"uploaded_ip" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shareholder_requests" ADD COLUMN "verification_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_history" ADD CONSTRAINT "request_history_request_id_shareholder_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."shareholder_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_history" ADD CONSTRAINT "request_history_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_request_id_shareholder_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."shareholder_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_reviewed_by_admin_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_history_request_idx" ON "request_history" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_documents_request_type_idx" ON "verification_documents" USING btree ("request_id","document_type");--> statement-breakpoint
-- Request history is append-only, like admin_activity: the database refuses to change or remove a row.
CREATE FUNCTION append_only_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER request_history_no_update_delete
  BEFORE UPDATE OR DELETE ON request_history
  FOR EACH ROW EXECUTE FUNCTION append_only_refuse_change();
--> statement-breakpoint
CREATE TRIGGER request_history_no_truncate
  BEFORE TRUNCATE ON request_history
  FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_change();
