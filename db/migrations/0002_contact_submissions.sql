CREATE TYPE "public"."contact_status" AS ENUM('UNREAD', 'READ', 'IN_PROGRESS', 'RESPONDED', 'ARCHIVED', 'SPAM');--> statement-breakpoint
CREATE TYPE "public"."forward_status" AS ENUM('NOT_CONFIGURED', 'SENT', 'PENDING_RETRY', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."inquiry_type" AS ENUM('GENERAL', 'SALES', 'SUPPORT', 'PARTNERSHIP');--> statement-breakpoint
CREATE TABLE "contact_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"phone" text,
	"inquiry_type" "inquiry_type" DEFAULT 'GENERAL' NOT NULL,
	"message" text NOT NULL,
	"status" "contact_status" DEFAULT 'UNREAD' NOT NULL,
	"admin_notes" text,
	"assigned_to" text,
	"sent_to_intercom" boolean DEFAULT false NOT NULL,
	"intercom_id" text,
	"forward_status" "forward_status" DEFAULT 'NOT_CONFIGURED' NOT NULL,
	"forward_attempts" integer DEFAULT 0 NOT NULL,
	"next_forward_at" timestamp with time zone,
	"last_forward_error" text,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "contact_submissions_created_idx" ON "contact_submissions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_submissions_status_idx" ON "contact_submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "contact_submissions_forward_idx" ON "contact_submissions" USING btree ("forward_status","next_forward_at");