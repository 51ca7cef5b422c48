CREATE TABLE "esg_form_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "esg_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text,
	"order_number" integer NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"period" smallint NOT NULL,
	"edition_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "esg_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"form_version_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"answers" jsonb NOT NULL,
	"scores" jsonb,
	"submitted_at" timestamp with time zone,
	"submitted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "esg_form_versions" ADD CONSTRAINT "esg_form_versions_form_id_esg_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."esg_forms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esg_form_versions" ADD CONSTRAINT "esg_form_versions_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esg_forms" ADD CONSTRAINT "esg_forms_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esg_forms" ADD CONSTRAINT "esg_forms_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esg_responses" ADD CONSTRAINT "esg_responses_form_id_esg_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."esg_forms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esg_responses" ADD CONSTRAINT "esg_responses_form_version_id_esg_form_versions_id_fk" FOREIGN KEY ("form_version_id") REFERENCES "public"."esg_form_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esg_responses" ADD CONSTRAINT "esg_responses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esg_responses" ADD CONSTRAINT "esg_responses_submitted_by_accounts_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "esg_form_versions_number_idx" ON "esg_form_versions" USING btree ("form_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "esg_forms_code_idx" ON "esg_forms" USING btree ("code");--> statement-breakpoint
CREATE INDEX "esg_forms_status_idx" ON "esg_forms" USING btree ("status","period");--> statement-breakpoint
CREATE UNIQUE INDEX "esg_responses_form_company_idx" ON "esg_responses" USING btree ("form_id","company_id");--> statement-breakpoint
CREATE INDEX "esg_responses_company_idx" ON "esg_responses" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "esg_responses_version_idx" ON "esg_responses" USING btree ("form_version_id");