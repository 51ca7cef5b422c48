CREATE TABLE "company_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"requested_by" uuid,
	"language" text DEFAULT 'pt' NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"file_id" uuid,
	"size_bytes" integer,
	"token_hash" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "company_exports" ADD CONSTRAINT "company_exports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_exports" ADD CONSTRAINT "company_exports_requested_by_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_exports" ADD CONSTRAINT "company_exports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_exports_company_idx" ON "company_exports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_exports_token_idx" ON "company_exports" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "company_exports_active_idx" ON "company_exports" USING btree ("company_id") WHERE "company_exports"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "company_exports_expiry_idx" ON "company_exports" USING btree ("expires_at") WHERE "company_exports"."state" = 'ready';