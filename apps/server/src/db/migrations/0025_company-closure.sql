CREATE TABLE "company_closure_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_closure_requests" ADD CONSTRAINT "company_closure_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_closure_requests" ADD CONSTRAINT "company_closure_requests_requested_by_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_closure_requests" ADD CONSTRAINT "company_closure_requests_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_closure_requests_pending_idx" ON "company_closure_requests" USING btree ("company_id") WHERE "company_closure_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "company_closure_requests_company_idx" ON "company_closure_requests" USING btree ("company_id","requested_at");--> statement-breakpoint
CREATE INDEX "company_closure_requests_status_idx" ON "company_closure_requests" USING btree ("status","requested_at");