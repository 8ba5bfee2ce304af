CREATE TABLE "ip_whitelist_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ip_address" text NOT NULL,
	"description" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"added_by_id" uuid,
	"added_by_username" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ip_whitelist_rules" ADD CONSTRAINT "ip_whitelist_rules_added_by_id_admin_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ip_whitelist_rules_ip_idx" ON "ip_whitelist_rules" USING btree ("ip_address");--> statement-breakpoint
CREATE INDEX "ip_whitelist_rules_active_idx" ON "ip_whitelist_rules" USING btree ("expires_at") WHERE "ip_whitelist_rules"."is_active";