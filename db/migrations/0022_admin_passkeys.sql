-- Issue 17, slice 2: passkeys (WebAuthn) as a second factor beside the authenticator app, and the server-side
-- challenges they answer (single use, 5 minutes, bound to the user and the purpose; a sign-in's also to its mfaToken).
-- admin_users.mfa_enabled_at keeps meaning "at least one second factor": the app or a passkey.
CREATE TABLE "admin_passkeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_user_id" uuid NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}'::text[] NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "admin_webauthn_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"challenge" text NOT NULL,
	"mfa_token_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_webauthn_challenges_purpose_check" CHECK ("admin_webauthn_challenges"."purpose" in ('register', 'login', 'verify'))
);
--> statement-breakpoint
ALTER TABLE "admin_passkeys" ADD CONSTRAINT "admin_passkeys_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_webauthn_challenges" ADD CONSTRAINT "admin_webauthn_challenges_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_webauthn_challenges" ADD CONSTRAINT "admin_webauthn_challenges_mfa_token_id_admin_mfa_tokens_id_fk" FOREIGN KEY ("mfa_token_id") REFERENCES "public"."admin_mfa_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_passkeys_credential_id_idx" ON "admin_passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "admin_passkeys_user_idx" ON "admin_passkeys" USING btree ("admin_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_webauthn_challenges_challenge_idx" ON "admin_webauthn_challenges" USING btree ("challenge");--> statement-breakpoint
CREATE INDEX "admin_webauthn_challenges_user_idx" ON "admin_webauthn_challenges" USING btree ("admin_user_id");