ALTER TABLE "companies" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "responsible_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "owner_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "manager_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "establishment_date" date;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "annual_turnover" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "employee_count" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "is_listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(company_name, 'ÁÀÂÃÄÅÇÉÈÊËÍÌÎÏÑÓÒÔÕÖÚÙÛÜÝáàâãäåçéèêëíìîïñóòôõöúùûüýÿ', 'AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyy'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "companies_search_idx" ON "companies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_nif_prefix_idx" ON "companies" USING btree ("nif" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "companies_listed_name_idx" ON "companies" USING btree ("company_name") WHERE "companies"."is_listed";