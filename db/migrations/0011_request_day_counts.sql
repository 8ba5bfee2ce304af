CREATE TABLE "request_day_counts" (
	"day" date NOT NULL,
	"request_type" "request_type" NOT NULL,
	"status" "request_status" NOT NULL,
	"is_sale" boolean NOT NULL,
	"created_count" bigint DEFAULT 0 NOT NULL,
	"created_amount" numeric(24, 2) DEFAULT '0' NOT NULL,
	"decided_count" bigint DEFAULT 0 NOT NULL,
	"decided_within_3_business_days" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "request_day_counts_day_request_type_status_is_sale_pk" PRIMARY KEY("day","request_type","status","is_sale")
);
--> statement-breakpoint
-- The business day of an instant. The zone must equal BUSINESS_TIMEZONE in api/src/features/request-review/business-time.ts (a test checks).
CREATE FUNCTION business_date(at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (at AT TIME ZONE 'America/Los_Angeles')::date
$$;
--> statement-breakpoint
-- Business days (Monday to Friday) after from_at up to and including to_at, by business date: received
-- Friday, done Monday is 1. Weekdays from Monday 1970-01-05 up to a date are 5 per whole week plus the days
-- into the last one. Public holidays are not counted out (docs/request-status.md).
CREATE FUNCTION business_days_between(from_at timestamptz, to_at timestamptz) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (5 * ((business_date(to_at) + 1 - date '1970-01-05') / 7) + least((business_date(to_at) + 1 - date '1970-01-05') % 7, 5))
       - (5 * ((business_date(from_at) + 1 - date '1970-01-05') / 7) + least((business_date(from_at) + 1 - date '1970-01-05') % 7, 5))
$$;
--> statement-breakpoint
-- One request's share of the day counters, signed: its creation day, and its decision day once decided.
-- Turnaround under Rule 17Ad-2 runs from receipt in good order: for a transfer, when its documents were in.
CREATE FUNCTION request_day_shares(r shareholder_requests, sign int)
RETURNS TABLE (day date, request_type request_type, status request_status, is_sale boolean,
  created_count bigint, created_amount numeric, decided_count bigint, decided_within_3_business_days bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT business_date(r.created_at), r.request_type, r.status, coalesce(r.transfer_type = 'sale', false),
         sign::bigint, sign * coalesce(r.total_amount, 0), 0::bigint, 0::bigint
  WHERE r.id IS NOT NULL
  UNION ALL
  SELECT business_date(r.processed_at), r.request_type, r.status, coalesce(r.transfer_type = 'sale', false),
         0::bigint, 0::numeric, sign::bigint,
         sign * (business_days_between(coalesce(r.verification_submitted_at, r.created_at), r.processed_at) <= 3)::int::bigint
  WHERE r.id IS NOT NULL AND r.processed_at IS NOT NULL AND r.status IN ('APPROVED', 'REJECTED')
$$;
--> statement-breakpoint
-- Moves a request's shares from its old row to its new one (either may be NULL) in one statement: the
-- deltas are summed per day row and applied in key order, so concurrent moves cannot deadlock.
CREATE FUNCTION request_day_counts_move(old_row shareholder_requests, new_row shareholder_requests) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO request_day_counts AS c (day, request_type, status, is_sale, created_count, created_amount, decided_count, decided_within_3_business_days)
  SELECT d.day, d.request_type, d.status, d.is_sale, sum(d.created_count), sum(d.created_amount), sum(d.decided_count), sum(d.decided_within_3_business_days)
  FROM (SELECT * FROM request_day_shares(old_row, -1) UNION ALL SELECT * FROM request_day_shares(new_row, 1)) AS d
  GROUP BY d.day, d.request_type, d.status, d.is_sale
  HAVING sum(d.created_count) <> 0 OR sum(d.created_amount) <> 0 OR sum(d.decided_count) <> 0 OR sum(d.decided_within_3_business_days) <> 0
  ORDER BY d.day, d.request_type, d.status, d.is_sale
  ON CONFLICT (day, request_type, status, is_sale) DO UPDATE SET
    created_count = c.created_count + excluded.created_count,
    created_amount = c.created_amount + excluded.created_amount,
    decided_count = c.decided_count + excluded.decided_count,
    decided_within_3_business_days = c.decided_within_3_business_days + excluded.decided_within_3_business_days
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION request_counts_track() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM request_counts_apply(NEW, 1);
    PERFORM request_day_counts_move(NULL, NEW);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM request_counts_apply(OLD, -1);
    PERFORM request_day_counts_move(OLD, NULL);
  ELSIF (OLD.status, OLD.request_type, OLD.is_flagged, OLD.transfer_type, OLD.total_amount, OLD.created_at, OLD.processed_at, OLD.first_response_at, OLD.verification_submitted_at)
        IS DISTINCT FROM
        (NEW.status, NEW.request_type, NEW.is_flagged, NEW.transfer_type, NEW.total_amount, NEW.created_at, NEW.processed_at, NEW.first_response_at, NEW.verification_submitted_at) THEN
    -- Counter rows are always locked in key order, so two updates moving requests in opposite directions cannot deadlock.
    IF (OLD.status::text, OLD.request_type::text, OLD.is_flagged, coalesce(OLD.transfer_type = 'sale', false))
       <= (NEW.status::text, NEW.request_type::text, NEW.is_flagged, coalesce(NEW.transfer_type = 'sale', false)) THEN
      PERFORM request_counts_apply(OLD, -1);
      PERFORM request_counts_apply(NEW, 1);
    ELSE
      PERFORM request_counts_apply(NEW, 1);
      PERFORM request_counts_apply(OLD, -1);
    END IF;
    PERFORM request_day_counts_move(OLD, NEW);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION request_counts_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM request_counts;
  DELETE FROM request_day_counts;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Recomputes every counter, all-time and by day, from the table in one pass each: a backfill, a repair, a bulk load's last step.
CREATE OR REPLACE FUNCTION request_counts_rebuild() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM request_counts;
  INSERT INTO request_counts (status, request_type, is_flagged, is_sale, count, amount_sum, amount_count,
    processing_seconds, processed_count, response_seconds, responded_count, verification_seconds, verified_count)
  SELECT status, request_type, is_flagged, coalesce(transfer_type = 'sale', false), count(*),
    coalesce(sum(total_amount), 0), count(total_amount),
    coalesce(sum(extract(epoch FROM processed_at - created_at)), 0), count(processed_at),
    coalesce(sum(extract(epoch FROM first_response_at - created_at)), 0), count(first_response_at),
    coalesce(sum(extract(epoch FROM verification_submitted_at - created_at)), 0), count(verification_submitted_at)
  FROM shareholder_requests
  GROUP BY 1, 2, 3, 4;
  DELETE FROM request_day_counts;
  INSERT INTO request_day_counts (day, request_type, status, is_sale, created_count, created_amount, decided_count, decided_within_3_business_days)
  SELECT d.day, d.request_type, d.status, d.is_sale, sum(d.created_count), sum(d.created_amount), sum(d.decided_count), sum(d.decided_within_3_business_days)
  FROM shareholder_requests AS r, LATERAL request_day_shares(r, 1) AS d
  GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
SELECT request_counts_rebuild();
