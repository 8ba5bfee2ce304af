CREATE TYPE "public"."email_status" AS ENUM('PENDING', 'SENT', 'LOGGED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."request_status" AS ENUM('PENDING', 'AWAITING_VERIFICATION', 'VERIFICATION_SUBMITTED', 'VERIFIED', 'PROCESSING', 'APPROVED', 'REJECTED', 'COMPLETED', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."request_type" AS ENUM('TRANSFER', 'ADDRESS_CHANGE', 'CERTIFICATE', 'INQUIRY');--> statement-breakpoint
CREATE SEQUENCE "public"."request_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100 CACHE 1;--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body_encrypted" text NOT NULL,
	"kind" text NOT NULL,
	"related_id" text,
	"status" "email_status" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "shareholder_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference_number" text NOT NULL,
	"request_type" "request_type" NOT NULL,
	"status" "request_status" NOT NULL,
	"shareholder_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"form_data" jsonb NOT NULL,
	"sensitive_encrypted" text,
	"transfer_type" text,
	"shares_count" bigint,
	"transfer_all_shares" boolean DEFAULT false NOT NULL,
	"price_per_share" numeric(18, 4),
	"total_amount" numeric(20, 2),
	"verification_code_hash" text,
	"verification_expires_at" timestamp with time zone,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shareholder_requests" ADD CONSTRAINT "shareholder_requests_shareholder_id_shareholders_id_fk" FOREIGN KEY ("shareholder_id") REFERENCES "public"."shareholders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shareholder_requests" ADD CONSTRAINT "shareholder_requests_account_id_shareholder_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."shareholder_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shareholder_requests_reference_idx" ON "shareholder_requests" USING btree ("reference_number");--> statement-breakpoint
CREATE UNIQUE INDEX "shareholder_requests_verification_idx" ON "shareholder_requests" USING btree ("verification_code_hash");--> statement-breakpoint
CREATE INDEX "shareholder_requests_status_created_idx" ON "shareholder_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "shareholder_requests_type_created_idx" ON "shareholder_requests" USING btree ("request_type","created_at");--> statement-breakpoint
CREATE INDEX "shareholder_requests_created_idx" ON "shareholder_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "shareholder_requests_shareholder_idx" ON "shareholder_requests" USING btree ("shareholder_id","created_at");