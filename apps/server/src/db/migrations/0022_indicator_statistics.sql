CREATE TABLE "indicator_statistics" (
	"criterion_id" uuid NOT NULL,
	"criterion_version" integer NOT NULL,
	"frequency" text NOT NULL,
	"year" integer NOT NULL,
	"dimension" text NOT NULL,
	"group_key" uuid,
	"companies" integer NOT NULL,
	"passed" integer NOT NULL,
	"p25" numeric,
	"median" numeric,
	"p75" numeric
);
--> statement-breakpoint
CREATE TABLE "indicator_statistics_builds" (
	"criterion_id" uuid NOT NULL,
	"frequency" text NOT NULL,
	"year" integer NOT NULL,
	"snapshot" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "indicator_statistics_builds_criterion_id_frequency_year_pk" PRIMARY KEY("criterion_id","frequency","year")
);
--> statement-breakpoint
CREATE TABLE "indicator_value_changes" (
	"criterion_id" uuid NOT NULL,
	"frequency" text NOT NULL,
	"year" integer NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	CONSTRAINT "indicator_value_changes_criterion_id_frequency_year_xid_pk" PRIMARY KEY("criterion_id","frequency","year","xid")
);
--> statement-breakpoint
ALTER TABLE "indicator_statistics" ADD CONSTRAINT "indicator_statistics_criterion_id_criteria_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."criteria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicator_statistics_builds" ADD CONSTRAINT "indicator_statistics_builds_criterion_id_criteria_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."criteria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "indicator_statistics_idx" ON "indicator_statistics" USING btree ("frequency","year","criterion_id","dimension");--> statement-breakpoint
-- Every statement that changes indicator values, or what groups them in the statistics, notes which criterion,
-- frequency and year it changed, in its own transaction (ADR 0026): a statistics build whose snapshot does not
-- see that transaction is out of date.
CREATE FUNCTION "indicator_values_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "indicator_value_changes" ("criterion_id", "frequency", "year")
    SELECT DISTINCT "criterion_id", "frequency", extract(year FROM "end_date")::int FROM "new_rows"
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO "indicator_value_changes" ("criterion_id", "frequency", "year")
    SELECT DISTINCT "criterion_id", "frequency", extract(year FROM "end_date")::int FROM "old_rows"
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "indicator_values_inserted" AFTER INSERT ON "indicator_values" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "indicator_values_changed"();--> statement-breakpoint
CREATE TRIGGER "indicator_values_deleted" AFTER DELETE ON "indicator_values" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "indicator_values_changed"();--> statement-breakpoint
CREATE TRIGGER "indicator_values_updated" AFTER UPDATE ON "indicator_values" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "indicator_values_changed"();--> statement-breakpoint
CREATE FUNCTION "indicator_groups_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'companies' THEN
    INSERT INTO "indicator_value_changes" ("criterion_id", "frequency", "year")
    SELECT DISTINCT iv."criterion_id", iv."frequency", extract(year FROM iv."end_date")::int
    FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" JOIN "indicator_values" iv ON iv."company_id" = n."id"
    WHERE (n."city_id", n."cae_division_id", n."employee_range_id")
      IS DISTINCT FROM (o."city_id", o."cae_division_id", o."employee_range_id")
    ON CONFLICT DO NOTHING;
  ELSIF TG_TABLE_NAME = 'cities' THEN
    INSERT INTO "indicator_value_changes" ("criterion_id", "frequency", "year")
    SELECT DISTINCT iv."criterion_id", iv."frequency", extract(year FROM iv."end_date")::int
    FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" JOIN "companies" c ON c."city_id" = n."id"
      JOIN "indicator_values" iv ON iv."company_id" = c."id"
    WHERE n."island_id" IS DISTINCT FROM o."island_id"
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO "indicator_value_changes" ("criterion_id", "frequency", "year")
    SELECT DISTINCT iv."criterion_id", iv."frequency", extract(year FROM iv."end_date")::int
    FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" JOIN "companies" c ON c."cae_division_id" = n."id"
      JOIN "indicator_values" iv ON iv."company_id" = c."id"
    WHERE n."section_id" IS DISTINCT FROM o."section_id"
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "companies_indicator_groups_changed" AFTER UPDATE ON "companies" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "indicator_groups_changed"();--> statement-breakpoint
CREATE TRIGGER "cities_indicator_groups_changed" AFTER UPDATE ON "cities" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "indicator_groups_changed"();--> statement-breakpoint
CREATE TRIGGER "cae_divisions_indicator_groups_changed" AFTER UPDATE ON "cae_divisions" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "indicator_groups_changed"();--> statement-breakpoint
-- The values already there are to be computed once.
INSERT INTO "indicator_value_changes" ("criterion_id", "frequency", "year")
SELECT DISTINCT "criterion_id", "frequency", extract(year FROM "end_date")::int FROM "indicator_values";
