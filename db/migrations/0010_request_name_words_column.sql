-- Name search matches stored words: to_tsvector is no longer worked out again for each row a search or its count looks at.
DROP INDEX "shareholder_requests_name_words_idx";--> statement-breakpoint
ALTER TABLE "shareholder_requests" ADD COLUMN "shareholder_name_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "shareholder_requests"."shareholder_name")) STORED;--> statement-breakpoint
CREATE INDEX "shareholder_requests_name_words_idx" ON "shareholder_requests" USING gin ("shareholder_name_words");