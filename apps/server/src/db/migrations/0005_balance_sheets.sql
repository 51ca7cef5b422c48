CREATE TABLE "balance_sheet_lines" (
	"balance_sheet_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"account" text NOT NULL,
	"description" text NOT NULL,
	"debit" numeric(20, 2) NOT NULL,
	"credit" numeric(20, 2) NOT NULL,
	CONSTRAINT "balance_sheet_lines_balance_sheet_id_row_number_pk" PRIMARY KEY("balance_sheet_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "balance_sheet_values" (
	"balance_sheet_id" uuid NOT NULL,
	"node_code" text NOT NULL,
	"value" numeric(20, 2) NOT NULL,
	CONSTRAINT "balance_sheet_values_balance_sheet_id_node_code_pk" PRIMARY KEY("balance_sheet_id","node_code")
);
--> statement-breakpoint
CREATE TABLE "balance_sheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"type_frequence" text NOT NULL,
	"source" text NOT NULL,
	"file_id" uuid,
	"file_name" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "balance_sheet_lines" ADD CONSTRAINT "balance_sheet_lines_balance_sheet_id_balance_sheets_id_fk" FOREIGN KEY ("balance_sheet_id") REFERENCES "public"."balance_sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_sheet_values" ADD CONSTRAINT "balance_sheet_values_balance_sheet_id_balance_sheets_id_fk" FOREIGN KEY ("balance_sheet_id") REFERENCES "public"."balance_sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_sheets" ADD CONSTRAINT "balance_sheets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_sheets" ADD CONSTRAINT "balance_sheets_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_sheets" ADD CONSTRAINT "balance_sheets_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_sheets_company_idx" ON "balance_sheets" USING btree ("company_id","start_date","end_date") WHERE "balance_sheets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "balance_sheets_created_idx" ON "balance_sheets" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "balance_sheets_file_idx" ON "balance_sheets" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "balance_sheets_created_by_idx" ON "balance_sheets" USING btree ("created_by");