CREATE TABLE "registration_mail_windows" (
	"email" text PRIMARY KEY NOT NULL,
	"request_count" integer DEFAULT 0 NOT NULL,
	"request_window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "pending_registrations_nif_idx";--> statement-breakpoint
CREATE INDEX "registration_mail_windows_started_idx" ON "registration_mail_windows" USING btree ("request_window_started_at");--> statement-breakpoint
CREATE INDEX "pending_registrations_nif_idx" ON "pending_registrations" USING btree ("nif") WHERE "pending_registrations"."used_at" is null;