-- A search by name or shareholder code whose holders are many (a common surname, a short code)
-- reads the requests newest first from this index alone, keeping those filed under a matching name and
-- code: both are carried in the index (drizzle cannot write INCLUDE; the schema names the keys).
DROP INDEX IF EXISTS "shareholder_requests_created_idx";--> statement-breakpoint
CREATE INDEX "shareholder_requests_created_idx" ON "shareholder_requests" USING btree ("created_at","id") INCLUDE ("shareholder_code","shareholder_name");
