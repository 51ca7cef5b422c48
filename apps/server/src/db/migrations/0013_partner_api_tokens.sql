CREATE TABLE "partner_api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_entity_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_api_tokens" ADD CONSTRAINT "partner_api_tokens_partner_entity_id_partner_entities_id_fk" FOREIGN KEY ("partner_entity_id") REFERENCES "public"."partner_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_api_tokens" ADD CONSTRAINT "partner_api_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_api_tokens" ADD CONSTRAINT "partner_api_tokens_revoked_by_accounts_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_api_tokens_hash_idx" ON "partner_api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "partner_api_tokens_entity_idx" ON "partner_api_tokens" USING btree ("partner_entity_id");