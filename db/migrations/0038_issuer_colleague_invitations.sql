-- Colleague invitations (decision 025): an issuer's administrator invites a colleague, so an invitation may have no
-- application; it records the role it gives and the issuer user who sent it (or the staff user, as before).
ALTER TABLE "issuer_invitations" ALTER COLUMN "application_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "issuer_invitations" ADD COLUMN "role" text DEFAULT 'ISSUER_ADMIN' NOT NULL;--> statement-breakpoint
ALTER TABLE "issuer_invitations" ADD COLUMN "sent_by_issuer_user_id" uuid;--> statement-breakpoint
ALTER TABLE "issuer_invitations" ADD CONSTRAINT "issuer_invitations_sent_by_issuer_user_id_issuer_users_id_fk" FOREIGN KEY ("sent_by_issuer_user_id") REFERENCES "public"."issuer_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issuer_invitations_issuer_idx" ON "issuer_invitations" USING btree ("issuer_id","created_at");--> statement-breakpoint
CREATE INDEX "issuer_invitations_email_lower_idx" ON "issuer_invitations" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "issuer_invitations" ADD CONSTRAINT "issuer_invitations_role_check" CHECK ("issuer_invitations"."role" in ('ISSUER_ADMIN', 'ISSUER_VIEWER'));--> statement-breakpoint
ALTER TABLE "issuer_invitations" ADD CONSTRAINT "issuer_invitations_origin_check" CHECK ("issuer_invitations"."application_id" is not null or "issuer_invitations"."sent_by_issuer_user_id" is not null);