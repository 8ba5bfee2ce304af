CREATE TABLE "challenge_redemptions" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "challenge_redemptions_expires_idx" ON "challenge_redemptions" USING btree ("expires_at");