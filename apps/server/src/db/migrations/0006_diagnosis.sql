CREATE TABLE "diagnoses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"balance_sheet_id" uuid NOT NULL,
	"previous_balance_sheet_id" uuid,
	"type" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"passed_count" integer NOT NULL,
	"computable_count" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "indicator_values" (
	"balance_sheet_id" uuid NOT NULL,
	"criterion_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"criterion_version" integer NOT NULL,
	"frequency" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"sheet_created_at" timestamp with time zone NOT NULL,
	"value" numeric,
	"passed" boolean,
	CONSTRAINT "indicator_values_balance_sheet_id_criterion_id_pk" PRIMARY KEY("balance_sheet_id","criterion_id")
);
--> statement-breakpoint
ALTER TABLE "diagnoses" ADD CONSTRAINT "diagnoses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnoses" ADD CONSTRAINT "diagnoses_balance_sheet_id_balance_sheets_id_fk" FOREIGN KEY ("balance_sheet_id") REFERENCES "public"."balance_sheets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnoses" ADD CONSTRAINT "diagnoses_previous_balance_sheet_id_balance_sheets_id_fk" FOREIGN KEY ("previous_balance_sheet_id") REFERENCES "public"."balance_sheets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnoses" ADD CONSTRAINT "diagnoses_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicator_values" ADD CONSTRAINT "indicator_values_balance_sheet_id_balance_sheets_id_fk" FOREIGN KEY ("balance_sheet_id") REFERENCES "public"."balance_sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicator_values" ADD CONSTRAINT "indicator_values_criterion_id_criteria_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."criteria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicator_values" ADD CONSTRAINT "indicator_values_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diagnoses_company_idx" ON "diagnoses" USING btree ("company_id","created_at") WHERE "diagnoses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "diagnoses_created_idx" ON "diagnoses" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "diagnoses_sheet_idx" ON "diagnoses" USING btree ("balance_sheet_id");--> statement-breakpoint
CREATE INDEX "diagnoses_previous_sheet_idx" ON "diagnoses" USING btree ("previous_balance_sheet_id");--> statement-breakpoint
CREATE INDEX "diagnoses_created_by_idx" ON "diagnoses" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "indicator_values_statistics_idx" ON "indicator_values" USING btree ("criterion_id","frequency","end_date","company_id");--> statement-breakpoint
CREATE INDEX "indicator_values_company_idx" ON "indicator_values" USING btree ("company_id");