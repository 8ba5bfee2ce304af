-- Issue 27, decision 018: at most 50 account-number guesses a day per shareholder code; past them the holder
-- may ask for a one-time sign-in link by e-mail, kept as a portal session of stage LINK (15 minutes, one use).

ALTER TYPE "public"."portal_auth_event" ADD VALUE 'GUESSES_EXHAUSTED';--> statement-breakpoint
ALTER TYPE "public"."portal_auth_event" ADD VALUE 'LINK_SENT';--> statement-breakpoint
ALTER TYPE "public"."portal_auth_event" ADD VALUE 'LINK_USED';--> statement-breakpoint
ALTER TYPE "public"."portal_session_stage" ADD VALUE 'LINK';