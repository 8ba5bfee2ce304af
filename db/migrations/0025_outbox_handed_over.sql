-- Issue 18: e-mails are sent at most once by themselves. handed_over_at is set under the sender's lease just
-- before SMTP's final dot; a lease that runs out after it leaves the e-mail UNCONFIRMED for the operator.

ALTER TYPE "public"."email_status" ADD VALUE 'UNCONFIRMED';--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "handed_over_at" timestamp with time zone;