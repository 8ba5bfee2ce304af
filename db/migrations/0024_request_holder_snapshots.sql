-- A search by code or name matches the names and codes requests were filed under (a few thousand rows)
-- rather than the requests, and pages through each match's own requests by date.
CREATE TABLE "request_holder_snapshots" (
	"shareholder_code" text NOT NULL,
	"shareholder_name" text NOT NULL,
	"shareholder_name_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "request_holder_snapshots"."shareholder_name")) STORED,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "request_holder_snapshots_shareholder_code_shareholder_name_pk" PRIMARY KEY("shareholder_code","shareholder_name")
);
--> statement-breakpoint
CREATE INDEX "request_holder_snapshots_code_idx" ON "request_holder_snapshots" USING btree ("shareholder_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "request_holder_snapshots_name_words_idx" ON "request_holder_snapshots" USING gin ("shareholder_name_words");--> statement-breakpoint
CREATE INDEX "shareholder_requests_holder_created_idx" ON "shareholder_requests" USING btree ("shareholder_code","shareholder_name","created_at","id");--> statement-breakpoint
-- Adds (sign 1) or removes (sign -1) one request from its name and code's count. A row whose count
-- falls to 0 stays: it matches no request, and deleting it could race with a concurrent insert.
CREATE FUNCTION request_holder_snapshots_apply(code text, name text, sign int) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO public.request_holder_snapshots AS s (shareholder_code, shareholder_name, count) VALUES (code, name, sign)
  ON CONFLICT (shareholder_code, shareholder_name) DO UPDATE SET count = s.count + excluded.count;
$$;
--> statement-breakpoint
CREATE FUNCTION request_holder_snapshots_track() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM request_holder_snapshots_apply(NEW.shareholder_code, NEW.shareholder_name, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM request_holder_snapshots_apply(OLD.shareholder_code, OLD.shareholder_name, -1);
  ELSIF (OLD.shareholder_code, OLD.shareholder_name) IS DISTINCT FROM (NEW.shareholder_code, NEW.shareholder_name) THEN
    -- Rows are always locked in key order, so two updates moving requests in opposite directions cannot deadlock.
    IF (OLD.shareholder_code, OLD.shareholder_name) < (NEW.shareholder_code, NEW.shareholder_name) THEN
      PERFORM request_holder_snapshots_apply(OLD.shareholder_code, OLD.shareholder_name, -1);
      PERFORM request_holder_snapshots_apply(NEW.shareholder_code, NEW.shareholder_name, 1);
    ELSE
      PERFORM request_holder_snapshots_apply(NEW.shareholder_code, NEW.shareholder_name, 1);
      PERFORM request_holder_snapshots_apply(OLD.shareholder_code, OLD.shareholder_name, -1);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER request_holder_snapshots_track AFTER INSERT OR UPDATE OF shareholder_code, shareholder_name OR DELETE ON shareholder_requests
  FOR EACH ROW EXECUTE FUNCTION request_holder_snapshots_track();
--> statement-breakpoint
CREATE FUNCTION request_holder_snapshots_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM request_holder_snapshots;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER request_holder_snapshots_truncate AFTER TRUNCATE ON shareholder_requests
  FOR EACH STATEMENT EXECUTE FUNCTION request_holder_snapshots_clear();
--> statement-breakpoint
-- Recomputes every count from the table in one pass: the backfill below, and a repair or a bulk load's last step.
CREATE FUNCTION request_holder_snapshots_rebuild() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM request_holder_snapshots;
  INSERT INTO request_holder_snapshots (shareholder_code, shareholder_name, count)
  SELECT shareholder_code, shareholder_name, count(*) FROM shareholder_requests GROUP BY 1, 2;
$$;
--> statement-breakpoint
SELECT request_holder_snapshots_rebuild();
