CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "cae_divisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"description" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"section_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cae_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"description" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"description" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"island_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_situations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"description" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"description" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "criteria" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"description" jsonb NOT NULL,
	"formula" text NOT NULL,
	"target_comparison" text NOT NULL,
	"target_value" numeric(20, 6) NOT NULL,
	"recommendation" jsonb NOT NULL,
	"criterion_type_id" uuid NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_application_criterion" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "criterion_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"description" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_ranges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"description" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"min_employees" integer NOT NULL,
	"max_employees" integer
);
--> statement-breakpoint
CREATE TABLE "islands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"description" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_entities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" jsonb NOT NULL,
	"partner_type_id" uuid NOT NULL,
	"email" text,
	"phone" text,
	"website" text,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"description" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"account_id" uuid NOT NULL,
	"partner_entity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sd_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"description" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"account_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sub_heading_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sd_headings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"description" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"account_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"nature" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sd_sub_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"description" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"account_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sd_sub_headings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"description" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"account_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"heading_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "company_type_id" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "employee_range_id" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "cae_division_id" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "city_id" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "company_situation_id" uuid;--> statement-breakpoint
ALTER TABLE "cae_divisions" ADD CONSTRAINT "cae_divisions_section_id_cae_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."cae_sections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_island_id_islands_id_fk" FOREIGN KEY ("island_id") REFERENCES "public"."islands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criteria" ADD CONSTRAINT "criteria_criterion_type_id_criterion_types_id_fk" FOREIGN KEY ("criterion_type_id") REFERENCES "public"."criterion_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_entities" ADD CONSTRAINT "partner_entities_partner_type_id_partner_types_id_fk" FOREIGN KEY ("partner_type_id") REFERENCES "public"."partner_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_partner_entity_id_partner_entities_id_fk" FOREIGN KEY ("partner_entity_id") REFERENCES "public"."partner_entities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sd_categories" ADD CONSTRAINT "sd_categories_sub_heading_id_sd_sub_headings_id_fk" FOREIGN KEY ("sub_heading_id") REFERENCES "public"."sd_sub_headings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sd_sub_categories" ADD CONSTRAINT "sd_sub_categories_category_id_sd_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."sd_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sd_sub_headings" ADD CONSTRAINT "sd_sub_headings_heading_id_sd_headings_id_fk" FOREIGN KEY ("heading_id") REFERENCES "public"."sd_headings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cae_divisions_code_idx" ON "cae_divisions" USING btree ("code");--> statement-breakpoint
CREATE INDEX "cae_divisions_section_idx" ON "cae_divisions" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "cae_divisions_search_idx" ON "cae_divisions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "cae_sections_code_idx" ON "cae_sections" USING btree ("code");--> statement-breakpoint
CREATE INDEX "cae_sections_search_idx" ON "cae_sections" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "cities_code_idx" ON "cities" USING btree ("code");--> statement-breakpoint
CREATE INDEX "cities_island_idx" ON "cities" USING btree ("island_id");--> statement-breakpoint
CREATE INDEX "cities_search_idx" ON "cities" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "company_situations_code_idx" ON "company_situations" USING btree ("code");--> statement-breakpoint
CREATE INDEX "company_situations_search_idx" ON "company_situations" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "company_types_code_idx" ON "company_types" USING btree ("code");--> statement-breakpoint
CREATE INDEX "company_types_search_idx" ON "company_types" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "criteria_code_idx" ON "criteria" USING btree ("code");--> statement-breakpoint
CREATE INDEX "criteria_type_idx" ON "criteria" USING btree ("criterion_type_id");--> statement-breakpoint
CREATE INDEX "criteria_search_idx" ON "criteria" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "criterion_types_code_idx" ON "criterion_types" USING btree ("code");--> statement-breakpoint
CREATE INDEX "criterion_types_search_idx" ON "criterion_types" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "employee_ranges_code_idx" ON "employee_ranges" USING btree ("code");--> statement-breakpoint
CREATE INDEX "employee_ranges_search_idx" ON "employee_ranges" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "islands_code_idx" ON "islands" USING btree ("code");--> statement-breakpoint
CREATE INDEX "islands_search_idx" ON "islands" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "partner_entities_code_idx" ON "partner_entities" USING btree ("code");--> statement-breakpoint
CREATE INDEX "partner_entities_type_idx" ON "partner_entities" USING btree ("partner_type_id");--> statement-breakpoint
CREATE INDEX "partner_entities_search_idx" ON "partner_entities" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "partner_types_code_idx" ON "partner_types" USING btree ("code");--> statement-breakpoint
CREATE INDEX "partner_types_search_idx" ON "partner_types" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "partners_account_idx" ON "partners" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "partners_entity_idx" ON "partners" USING btree ("partner_entity_id");--> statement-breakpoint
CREATE INDEX "partners_search_idx" ON "partners" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "sd_categories_code_idx" ON "sd_categories" USING btree ("code");--> statement-breakpoint
CREATE INDEX "sd_categories_parent_idx" ON "sd_categories" USING btree ("sub_heading_id");--> statement-breakpoint
CREATE INDEX "sd_categories_search_idx" ON "sd_categories" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "sd_headings_code_idx" ON "sd_headings" USING btree ("code");--> statement-breakpoint
CREATE INDEX "sd_headings_search_idx" ON "sd_headings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "sd_sub_categories_code_idx" ON "sd_sub_categories" USING btree ("code");--> statement-breakpoint
CREATE INDEX "sd_sub_categories_parent_idx" ON "sd_sub_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "sd_sub_categories_search_idx" ON "sd_sub_categories" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "sd_sub_headings_code_idx" ON "sd_sub_headings" USING btree ("code");--> statement-breakpoint
CREATE INDEX "sd_sub_headings_parent_idx" ON "sd_sub_headings" USING btree ("heading_id");--> statement-breakpoint
CREATE INDEX "sd_sub_headings_search_idx" ON "sd_sub_headings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_company_type_id_company_types_id_fk" FOREIGN KEY ("company_type_id") REFERENCES "public"."company_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_employee_range_id_employee_ranges_id_fk" FOREIGN KEY ("employee_range_id") REFERENCES "public"."employee_ranges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_cae_division_id_cae_divisions_id_fk" FOREIGN KEY ("cae_division_id") REFERENCES "public"."cae_divisions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_company_situation_id_company_situations_id_fk" FOREIGN KEY ("company_situation_id") REFERENCES "public"."company_situations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_company_type_idx" ON "companies" USING btree ("company_type_id");--> statement-breakpoint
CREATE INDEX "companies_employee_range_idx" ON "companies" USING btree ("employee_range_id");--> statement-breakpoint
CREATE INDEX "companies_cae_division_idx" ON "companies" USING btree ("cae_division_id");--> statement-breakpoint
CREATE INDEX "companies_city_idx" ON "companies" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "companies_company_situation_idx" ON "companies" USING btree ("company_situation_id");