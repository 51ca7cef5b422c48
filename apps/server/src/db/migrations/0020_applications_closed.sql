ALTER TABLE "editions" ADD COLUMN "applications_closed_at" timestamp with time zone;--> statement-breakpoint
-- Editions published before this column: their applications closed at publication, or on their date if earlier.
UPDATE "editions" SET "applications_closed_at" = least("results_published_at", "application_closes_at") WHERE "results_published_at" IS NOT NULL;--> statement-breakpoint
-- Their drafts never submitted can no longer be submitted: closed, as a publication now closes them.
UPDATE "applications" SET "status" = 'closed', "version" = "version" + 1 WHERE "status" = 'draft' AND "submitted_at" IS NULL AND "edition_id" IN (SELECT "id" FROM "editions" WHERE "results_published_at" IS NOT NULL);
