CREATE TYPE "public"."holding_type" AS ENUM('DRS', 'CERTIFICATED');--> statement-breakpoint
CREATE TABLE "shareholder_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shareholder_id" uuid NOT NULL,
	"account_number" text NOT NULL,
	"registration_name" text NOT NULL,
	"issuer" text NOT NULL,
	"share_class" text NOT NULL,
	"shares_held" bigint NOT NULL,
	"holding_type" "holding_type" NOT NULL,
	"certificate_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shareholders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"tax_id_encrypted" text,
	"tax_id_last4" text,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shareholder_accounts" ADD CONSTRAINT "shareholder_accounts_shareholder_id_shareholders_id_fk" FOREIGN KEY ("shareholder_id") REFERENCES "public"."shareholders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shareholder_accounts_number_upper_idx" ON "shareholder_accounts" USING btree (upper("account_number"));--> statement-breakpoint
CREATE INDEX "shareholder_accounts_shareholder_idx" ON "shareholder_accounts" USING btree ("shareholder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shareholders_code_upper_idx" ON "shareholders" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "shareholders_name_idx" ON "shareholders" USING btree (lower("name"));