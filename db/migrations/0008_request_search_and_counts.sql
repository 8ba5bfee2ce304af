CREATE TABLE "request_counts" (
	"status" "request_status" NOT NULL,
	"request_type" "request_type" NOT NULL,
	"is_flagged" boolean NOT NULL,
	"is_sale" boolean NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount_sum" numeric(24, 2) DEFAULT '0' NOT NULL,
	"amount_count" bigint DEFAULT 0 NOT NULL,
	"processing_seconds" numeric DEFAULT '0' NOT NULL,
	"processed_count" bigint DEFAULT 0 NOT NULL,
	"response_seconds" numeric DEFAULT '0' NOT NULL,
	"responded_count" bigint DEFAULT 0 NOT NULL,
	"verification_seconds" numeric DEFAULT '0' NOT NULL,
	"verified_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "request_counts_status_request_type_is_flagged_is_sale_pk" PRIMARY KEY("status","request_type","is_flagged","is_sale")
);
--> statement-breakpoint
DROP INDEX "shareholder_requests_created_idx";--> statement-breakpoint
DROP INDEX "shareholder_requests_code_idx";--> statement-breakpoint
CREATE INDEX "shareholder_requests_reference_prefix_idx" ON "shareholder_requests" USING btree ("reference_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "shareholder_requests_created_idx" ON "shareholder_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "shareholder_requests_code_idx" ON "shareholder_requests" USING btree ("shareholder_code" text_pattern_ops);--> statement-breakpoint
-- Adds (sign 1) or removes (sign -1) one request's share of the counters.
CREATE FUNCTION request_counts_apply(r shareholder_requests, sign int) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO request_counts AS c (status, request_type, is_flagged, is_sale, count, amount_sum, amount_count,
    processing_seconds, processed_count, response_seconds, responded_count, verification_seconds, verified_count)
  VALUES (
    r.status, r.request_type, r.is_flagged, coalesce(r.transfer_type = 'sale', false), sign,
    sign * coalesce(r.total_amount, 0), sign * (r.total_amount IS NOT NULL)::int,
    sign * coalesce(extract(epoch FROM r.processed_at - r.created_at), 0), sign * (r.processed_at IS NOT NULL)::int,
    sign * coalesce(extract(epoch FROM r.first_response_at - r.created_at), 0), sign * (r.first_response_at IS NOT NULL)::int,
    sign * coalesce(extract(epoch FROM r.verification_submitted_at - r.created_at), 0), sign * (r.verification_submitted_at IS NOT NULL)::int)
  ON CONFLICT (status, request_type, is_flagged, is_sale) DO UPDATE SET
    count = c.count + excluded.count,
    amount_sum = c.amount_sum + excluded.amount_sum,
    amount_count = c.amount_count + excluded.amount_count,
    processing_seconds = c.processing_seconds + excluded.processing_seconds,
    processed_count = c.processed_count + excluded.processed_count,
    response_seconds = c.response_seconds + excluded.response_seconds,
    responded_count = c.responded_count + excluded.responded_count,
    verification_seconds = c.verification_seconds + excluded.verification_seconds,
    verified_count = c.verified_count + excluded.verified_count;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION request_counts_track() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM request_counts_apply(NEW, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM request_counts_apply(OLD, -1);
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
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER request_counts_track AFTER INSERT OR UPDATE OR DELETE ON shareholder_requests
  FOR EACH ROW EXECUTE FUNCTION request_counts_track();
--> statement-breakpoint
CREATE FUNCTION request_counts_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM request_counts;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER request_counts_truncate AFTER TRUNCATE ON shareholder_requests
  FOR EACH STATEMENT EXECUTE FUNCTION request_counts_clear();
--> statement-breakpoint
-- Recomputes every counter from the table in one pass: the backfill below, and a repair or a bulk load's last step.
CREATE FUNCTION request_counts_rebuild() RETURNS void
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
$$;
--> statement-breakpoint
SELECT request_counts_rebuild();
