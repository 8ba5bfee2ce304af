-- Contact triage (issue 15): newest-first keys (created_at, id) per filter for the admin list and the keyset export, and a word index over name, e-mail and company for the search.
DROP INDEX "contact_submissions_created_idx";--> statement-breakpoint
DROP INDEX "contact_submissions_status_idx";--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "search_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', translate("contact_submissions"."name" || ' ' || "contact_submissions"."email" || ' ' || coalesce("contact_submissions"."company", ''), '@._+-/&,()''', '             '))) STORED;--> statement-breakpoint
CREATE INDEX "contact_submissions_type_idx" ON "contact_submissions" USING btree ("inquiry_type","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_submissions_search_idx" ON "contact_submissions" USING gin ("search_words");--> statement-breakpoint
CREATE INDEX "contact_submissions_created_idx" ON "contact_submissions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_submissions_status_idx" ON "contact_submissions" USING btree ("status","created_at","id");