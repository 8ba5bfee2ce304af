CREATE TYPE "public"."flag_priority" AS ENUM('HIGH', 'MEDIUM', 'LOW');--> statement-breakpoint
DROP INDEX "verification_documents_request_type_idx";--> statement-breakpoint
ALTER TABLE "shareholder_requests" ADD COLUMN "shareholder_name" text;--> statement-breakpoint
ALTER TABLE "shareholder_requests" ADD COLUMN "shareholder_code" text;--> statement-breakpoint
-- Existing requests take their holder's current name and code, then the columns become required.
UPDATE "shareholder_requests" r SET "shareholder_name" = s."name", "shareholder_code" = upper(s."code") FROM "shareholders" s WHERE s."id" = r."shareholder_id";--> statement-breakpoint
ALTER TABLE "shareholder_requests" ALTER COLUMN "shareholder_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "shareholder_requests" ALTER COLUMN "shareholder_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "shareholder_requests" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shareholder_requests" ADD COLUMN "processed_by" uuid;--> statement-breakpoint
ALTER TABLE "shareholder_requests" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shareholder_requests" ADD COLUMN "admin_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shareholder_requests" ADD COLUMN "is_flagged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shareholder_requests" ADD COLUMN "flag_priority" "flag_priority";--> statement-breakpoint
ALTER TABLE "shareholder_requests" ADD COLUMN "flag_reason" text;--> statement-breakpoint
ALTER TABLE "shareholder_requests" ADD COLUMN "flagged_by" uuid;--> statement-breakpoint
ALTER TABLE "shareholder_requests" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shareholder_requests" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "shareholder_requests" ADD COLUMN "image_states" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shareholder_requests" ADD CONSTRAINT "shareholder_requests_processed_by_admin_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shareholder_requests" ADD CONSTRAINT "shareholder_requests_flagged_by_admin_users_id_fk" FOREIGN KEY ("flagged_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shareholder_requests" ADD CONSTRAINT "shareholder_requests_assigned_to_admin_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shareholder_requests_flagged_idx" ON "shareholder_requests" USING btree ("created_at") WHERE "shareholder_requests"."is_flagged";--> statement-breakpoint
CREATE INDEX "shareholder_requests_assigned_idx" ON "shareholder_requests" USING btree ("assigned_to","created_at");--> statement-breakpoint
CREATE INDEX "shareholder_requests_processed_idx" ON "shareholder_requests" USING btree ("processed_at");--> statement-breakpoint
CREATE INDEX "shareholder_requests_code_idx" ON "shareholder_requests" USING btree ("shareholder_code");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_documents_request_type_idx" ON "verification_documents" USING btree ("request_id","document_type") WHERE "verification_documents"."superseded_at" is null;