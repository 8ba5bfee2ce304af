-- The number of business days (Monday to Friday) from Monday 1970-01-05 up to the business date of an
-- instant: 5 per whole week, plus the days into the last one. Non-decreasing in time, so "more than N
-- business days old" is a range of it, which an index can serve. Declared IMMUTABLE like business_date
-- (time zone rules are taken as fixed); public holidays are not counted out (docs/request-status.md).
-- Names are schema-qualified: PostgreSQL 17 builds indexes with only pg_catalog on the search path.
CREATE FUNCTION business_day_number(at timestamptz) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 5 * ((public.business_date(at) + 1 - date '1970-01-05') / 7) + least((public.business_date(at) + 1 - date '1970-01-05') % 7, 5)
$$;
--> statement-breakpoint
-- The same arithmetic as before (migration 0011), now written once.
CREATE OR REPLACE FUNCTION business_days_between(from_at timestamptz, to_at timestamptz) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT public.business_day_number(to_at) - public.business_day_number(from_at)
$$;
--> statement-breakpoint
-- Open transfers by the business day they were received in good order: the compliance panel counts
-- those older than 3 and 4 business days as a range of this small index instead of reading them all.
CREATE INDEX "shareholder_requests_open_transfer_age_idx" ON "shareholder_requests" USING btree (business_day_number(coalesce("verification_submitted_at", "created_at"))) WHERE request_type = 'TRANSFER' and status in ('VERIFICATION_SUBMITTED', 'VERIFIED', 'PROCESSING');--> statement-breakpoint
-- A reference's own number: "123" finds TR-2026-000123.
CREATE INDEX "shareholder_requests_reference_sequence_idx" ON "shareholder_requests" USING btree (ltrim(split_part("reference_number", '-', 3), '0'));--> statement-breakpoint
-- A code search counts and pages its matches from the index alone (drizzle cannot write INCLUDE; the
-- schema names the index without it).
DROP INDEX "shareholder_requests_code_idx";--> statement-breakpoint
CREATE INDEX "shareholder_requests_code_idx" ON "shareholder_requests" USING btree ("shareholder_code" text_pattern_ops) INCLUDE ("created_at", "id");
