-- Decision 023: issuer accounts. Issuer users are their own kind of account (issuer_users, tied to one issuer),
-- invited by staff when an application is approved (issuer_invitations: token hashed, 72 hours, one use,
-- revocable). Sessions, the token between password and second factor, authenticator apps, recovery codes,
-- passkeys and their challenges stay in the staff tables, owned by either admin_user_id or issuer_user_id
-- (exactly one, checked), so one identity core serves both kinds. admin_totp gets an id of its own, since its
-- owner column may now be null. The activity log names an issuer user in issuer_user_id.
CREATE TABLE "issuer_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"issuer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"issuer_user_id" uuid,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"sent_by_id" uuid,
	"sent_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issuer_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"mfa_enabled_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "issuer_users_role_check" CHECK ("issuer_users"."role" in ('ISSUER_ADMIN', 'ISSUER_VIEWER'))
);
--> statement-breakpoint
ALTER TABLE "admin_totp" DROP CONSTRAINT "admin_totp_pkey";--> statement-breakpoint
ALTER TABLE "admin_mfa_tokens" ALTER COLUMN "admin_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_passkeys" ALTER COLUMN "admin_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_recovery_codes" ALTER COLUMN "admin_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_sessions" ALTER COLUMN "admin_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_totp" ALTER COLUMN "admin_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_webauthn_challenges" ALTER COLUMN "admin_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_activity" ADD COLUMN "issuer_user_id" uuid;--> statement-breakpoint
ALTER TABLE "admin_mfa_tokens" ADD COLUMN "issuer_user_id" uuid;--> statement-breakpoint
ALTER TABLE "admin_passkeys" ADD COLUMN "issuer_user_id" uuid;--> statement-breakpoint
ALTER TABLE "admin_recovery_codes" ADD COLUMN "issuer_user_id" uuid;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "issuer_user_id" uuid;--> statement-breakpoint
ALTER TABLE "admin_totp" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_totp" ADD COLUMN "issuer_user_id" uuid;--> statement-breakpoint
ALTER TABLE "admin_webauthn_challenges" ADD COLUMN "issuer_user_id" uuid;--> statement-breakpoint
ALTER TABLE "issuer_applications" ADD COLUMN "issuer_id" uuid;--> statement-breakpoint
ALTER TABLE "issuer_invitations" ADD CONSTRAINT "issuer_invitations_application_id_issuer_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."issuer_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issuer_invitations" ADD CONSTRAINT "issuer_invitations_issuer_user_id_issuer_users_id_fk" FOREIGN KEY ("issuer_user_id") REFERENCES "public"."issuer_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issuer_invitations" ADD CONSTRAINT "issuer_invitations_sent_by_id_admin_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issuer_invitations_token_hash_idx" ON "issuer_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "issuer_invitations_application_idx" ON "issuer_invitations" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "issuer_users_email_lower_idx" ON "issuer_users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "issuer_users_issuer_idx" ON "issuer_users" USING btree ("issuer_id");--> statement-breakpoint
ALTER TABLE "admin_activity" ADD CONSTRAINT "admin_activity_issuer_user_id_issuer_users_id_fk" FOREIGN KEY ("issuer_user_id") REFERENCES "public"."issuer_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_mfa_tokens" ADD CONSTRAINT "admin_mfa_tokens_issuer_user_id_issuer_users_id_fk" FOREIGN KEY ("issuer_user_id") REFERENCES "public"."issuer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_passkeys" ADD CONSTRAINT "admin_passkeys_issuer_user_id_issuer_users_id_fk" FOREIGN KEY ("issuer_user_id") REFERENCES "public"."issuer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_recovery_codes" ADD CONSTRAINT "admin_recovery_codes_issuer_user_id_issuer_users_id_fk" FOREIGN KEY ("issuer_user_id") REFERENCES "public"."issuer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_issuer_user_id_issuer_users_id_fk" FOREIGN KEY ("issuer_user_id") REFERENCES "public"."issuer_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_totp" ADD CONSTRAINT "admin_totp_issuer_user_id_issuer_users_id_fk" FOREIGN KEY ("issuer_user_id") REFERENCES "public"."issuer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_webauthn_challenges" ADD CONSTRAINT "admin_webauthn_challenges_issuer_user_id_issuer_users_id_fk" FOREIGN KEY ("issuer_user_id") REFERENCES "public"."issuer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_mfa_tokens_issuer_user_idx" ON "admin_mfa_tokens" USING btree ("issuer_user_id");--> statement-breakpoint
CREATE INDEX "admin_passkeys_issuer_user_idx" ON "admin_passkeys" USING btree ("issuer_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_recovery_codes_issuer_user_hash_idx" ON "admin_recovery_codes" USING btree ("issuer_user_id","code_hash");--> statement-breakpoint
CREATE INDEX "admin_sessions_issuer_user_idx" ON "admin_sessions" USING btree ("issuer_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_totp_admin_user_idx" ON "admin_totp" USING btree ("admin_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_totp_issuer_user_idx" ON "admin_totp" USING btree ("issuer_user_id");--> statement-breakpoint
CREATE INDEX "admin_webauthn_challenges_issuer_user_idx" ON "admin_webauthn_challenges" USING btree ("issuer_user_id");--> statement-breakpoint
ALTER TABLE "admin_mfa_tokens" ADD CONSTRAINT "admin_mfa_tokens_one_owner" CHECK (num_nonnulls("admin_mfa_tokens"."admin_user_id", "admin_mfa_tokens"."issuer_user_id") = 1);--> statement-breakpoint
ALTER TABLE "admin_passkeys" ADD CONSTRAINT "admin_passkeys_one_owner" CHECK (num_nonnulls("admin_passkeys"."admin_user_id", "admin_passkeys"."issuer_user_id") = 1);--> statement-breakpoint
ALTER TABLE "admin_recovery_codes" ADD CONSTRAINT "admin_recovery_codes_one_owner" CHECK (num_nonnulls("admin_recovery_codes"."admin_user_id", "admin_recovery_codes"."issuer_user_id") = 1);--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_one_owner" CHECK (num_nonnulls("admin_sessions"."admin_user_id", "admin_sessions"."issuer_user_id") = 1);--> statement-breakpoint
ALTER TABLE "admin_totp" ADD CONSTRAINT "admin_totp_one_owner" CHECK (num_nonnulls("admin_totp"."admin_user_id", "admin_totp"."issuer_user_id") = 1);--> statement-breakpoint
ALTER TABLE "admin_webauthn_challenges" ADD CONSTRAINT "admin_webauthn_challenges_one_owner" CHECK (num_nonnulls("admin_webauthn_challenges"."admin_user_id", "admin_webauthn_challenges"."issuer_user_id") = 1);
--> statement-breakpoint
-- Declared here only: ledger-schema.ts imports schema.ts, so these cannot be declared in the drizzle schema.
ALTER TABLE "issuer_users" ADD CONSTRAINT "issuer_users_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id");--> statement-breakpoint
ALTER TABLE "issuer_invitations" ADD CONSTRAINT "issuer_invitations_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id");--> statement-breakpoint
ALTER TABLE "issuer_applications" ADD CONSTRAINT "issuer_applications_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id");--> statement-breakpoint
-- The session cache (decision 009) holds staff sessions only: an issuer session's change announces nothing.
CREATE OR REPLACE FUNCTION admin_auth_announce_session() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.admin_user_id IS NOT NULL THEN
    PERFORM pg_notify('admin_auth_changed', OLD.admin_user_id::text);
  END IF;
  RETURN NULL;
END;
$$;
