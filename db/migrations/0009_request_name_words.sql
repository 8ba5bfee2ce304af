-- Name search by word prefix (a trigram index, dropped from 0008 before it shipped, was 3 to 4 times slower here).
DROP INDEX IF EXISTS "shareholder_requests_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "shareholder_requests_name_words_idx" ON "shareholder_requests" USING gin (to_tsvector('simple', "shareholder_name"));