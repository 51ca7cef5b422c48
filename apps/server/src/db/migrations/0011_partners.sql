CREATE TABLE "partner_access_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"partner_entity_id" uuid NOT NULL,
	"account_id" uuid,
	"reader_name" text NOT NULL,
	"level" text NOT NULL,
	"via" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_assisted_companies" (
	"partner_entity_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_assisted_companies_partner_entity_id_company_id_pk" PRIMARY KEY("partner_entity_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "partner_consents" (
	"company_id" uuid NOT NULL,
	"partner_entity_id" uuid NOT NULL,
	"sees_status" boolean DEFAULT false NOT NULL,
	"sees_diagnosis" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "partner_consents_company_id_partner_entity_id_pk" PRIMARY KEY("company_id","partner_entity_id")
);
--> statement-breakpoint
ALTER TABLE "partner_access_log" ADD CONSTRAINT "partner_access_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_access_log" ADD CONSTRAINT "partner_access_log_partner_entity_id_partner_entities_id_fk" FOREIGN KEY ("partner_entity_id") REFERENCES "public"."partner_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_access_log" ADD CONSTRAINT "partner_access_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_assisted_companies" ADD CONSTRAINT "partner_assisted_companies_partner_entity_id_partner_entities_id_fk" FOREIGN KEY ("partner_entity_id") REFERENCES "public"."partner_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_assisted_companies" ADD CONSTRAINT "partner_assisted_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_assisted_companies" ADD CONSTRAINT "partner_assisted_companies_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_consents" ADD CONSTRAINT "partner_consents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_consents" ADD CONSTRAINT "partner_consents_partner_entity_id_partner_entities_id_fk" FOREIGN KEY ("partner_entity_id") REFERENCES "public"."partner_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_consents" ADD CONSTRAINT "partner_consents_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_access_log_company_idx" ON "partner_access_log" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "partner_assisted_companies_company_idx" ON "partner_assisted_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "partner_consents_entity_idx" ON "partner_consents" USING btree ("partner_entity_id");