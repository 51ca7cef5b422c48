-- prev() now reads the sheet of the previous year (the same period one year earlier), no longer the latest earlier
-- sheet of the same frequency. The stored values of criteria whose formula uses prev() may have been computed the
-- old way: they are dropped, and the server's start-up refresh computes the missing ones again.
DELETE FROM "indicator_values"
WHERE "criterion_id" IN (SELECT "id" FROM "criteria" WHERE "formula" ~* 'prev\s*\(');
