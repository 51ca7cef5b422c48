-- A counter of changes to what the public directory shows (companies, and the city and island names it prints):
-- every statement that writes one of these tables moves it on, so a portal instance that keeps the directory's
-- search index in memory knows, with one cheap read, whether it is still current (modules/companies/directory-index.ts).
CREATE SEQUENCE "directory_changes";--> statement-breakpoint
CREATE FUNCTION "directory_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('directory_changes');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "companies_directory_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "companies" FOR EACH STATEMENT EXECUTE FUNCTION "directory_changed"();--> statement-breakpoint
CREATE TRIGGER "cities_directory_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cities" FOR EACH STATEMENT EXECUTE FUNCTION "directory_changed"();--> statement-breakpoint
CREATE TRIGGER "islands_directory_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "islands" FOR EACH STATEMENT EXECUTE FUNCTION "directory_changed"();
