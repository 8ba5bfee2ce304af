-- The list reads its sort orders from indexes: a status or a type, then the date and the id; the review queue (status=pending) from its own partial index, oldest or newest first.
DROP INDEX "shareholder_requests_status_created_idx";--> statement-breakpoint
DROP INDEX "shareholder_requests_type_created_idx";--> statement-breakpoint
CREATE INDEX "shareholder_requests_review_queue_idx" ON "shareholder_requests" USING btree ("created_at","id") WHERE status in ('PENDING', 'VERIFICATION_SUBMITTED', 'VERIFIED');--> statement-breakpoint
CREATE INDEX "shareholder_requests_status_created_idx" ON "shareholder_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "shareholder_requests_type_created_idx" ON "shareholder_requests" USING btree ("request_type","created_at","id");