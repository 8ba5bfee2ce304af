CREATE TYPE "public"."portal_auth_event" AS ENUM('CODE_ACCEPTED', 'CODE_REFUSED', 'ACCOUNT_ACCEPTED', 'ACCOUNT_REFUSED', 'THROTTLED', 'LOGOUT');--> statement-breakpoint
CREATE TYPE "public"."portal_session_stage" AS ENUM('CODE', 'ACCOUNT');--> statement-breakpoint
CREATE TABLE "portal_auth_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event" "portal_auth_event" NOT NULL,
	"code_attempted" text,
	"shareholder_id" uuid,
	"ip_address" text,
	"user_agent" text,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"stage" "portal_session_stage" NOT NULL,
	"shareholder_id" uuid NOT NULL,
	"account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip_address" text,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "portal_auth_events" ADD CONSTRAINT "portal_auth_events_shareholder_id_shareholders_id_fk" FOREIGN KEY ("shareholder_id") REFERENCES "public"."shareholders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_shareholder_id_shareholders_id_fk" FOREIGN KEY ("shareholder_id") REFERENCES "public"."shareholders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_account_id_shareholder_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."shareholder_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_auth_events_created_idx" ON "portal_auth_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "portal_auth_events_shareholder_idx" ON "portal_auth_events" USING btree ("shareholder_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_sessions_token_hash_idx" ON "portal_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_sessions_shareholder_idx" ON "portal_sessions" USING btree ("shareholder_id");