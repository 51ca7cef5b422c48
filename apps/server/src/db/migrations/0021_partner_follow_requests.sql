CREATE TABLE "partner_follow_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_entity_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "partner_follow_requests" ADD CONSTRAINT "partner_follow_requests_partner_entity_id_partner_entities_id_fk" FOREIGN KEY ("partner_entity_id") REFERENCES "public"."partner_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_follow_requests" ADD CONSTRAINT "partner_follow_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_follow_requests" ADD CONSTRAINT "partner_follow_requests_requested_by_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_follow_requests" ADD CONSTRAINT "partner_follow_requests_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_follow_requests_pending_idx" ON "partner_follow_requests" USING btree ("partner_entity_id","company_id") WHERE "partner_follow_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "partner_follow_requests_company_idx" ON "partner_follow_requests" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "partner_follow_requests_entity_idx" ON "partner_follow_requests" USING btree ("partner_entity_id","created_at");