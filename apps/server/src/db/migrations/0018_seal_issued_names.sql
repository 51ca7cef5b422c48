CREATE TABLE "company_name_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"from_company_name" text NOT NULL,
	"from_legal_name" text,
	"to_company_name" text NOT NULL,
	"to_legal_name" text,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seals" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "seals" ADD COLUMN "nif" text;--> statement-breakpoint
ALTER TABLE "seals" ADD COLUMN "state_changed_at" timestamp with time zone;--> statement-breakpoint
-- Seals issued before the name and NIF were kept on them get the company's current ones; a suspended or withdrawn
-- one dates its state from its last change (nothing else ever updated a seal).
UPDATE "seals" SET "company_name" = "companies"."company_name", "nif" = "companies"."nif" FROM "companies" WHERE "companies"."id" = "seals"."company_id";--> statement-breakpoint
UPDATE "seals" SET "state_changed_at" = "updated_at" WHERE "state" <> 'active' OR "version" > 1;--> statement-breakpoint
ALTER TABLE "seals" ALTER COLUMN "company_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "seals" ALTER COLUMN "nif" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "company_name_changes" ADD CONSTRAINT "company_name_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_name_changes" ADD CONSTRAINT "company_name_changes_requested_by_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_name_changes" ADD CONSTRAINT "company_name_changes_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_name_changes_pending_idx" ON "company_name_changes" USING btree ("company_id") WHERE "company_name_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "company_name_changes_company_idx" ON "company_name_changes" USING btree ("company_id","decided_at");--> statement-breakpoint
CREATE INDEX "company_name_changes_status_idx" ON "company_name_changes" USING btree ("status","requested_at");