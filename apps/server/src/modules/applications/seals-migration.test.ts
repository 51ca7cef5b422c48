import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { PGLITE_OPTIONS } from '../../db/pglite-options.ts';
import { migrationsUpTo } from '../../platform/backup/cli-database.ts';
import { MIGRATIONS_FOLDER, readJournal } from '../../platform/backup/snapshot.ts';

/** The migration that keeps the issued name and NIF on each seal (docs/adr/0017-seal-keeps-issued-names.md). */
const MIGRATION = '0018_seal_issued_names';

describe(`migration ${MIGRATION}`, () => {
  it("gives the seals issued before it the company's name and NIF as they are, and dates a suspension", async () => {
    const journal = await readJournal();
    const index = journal.findIndex((entry) => entry.tag === MIGRATION);
    const before = journal[index - 1];
    if (index < 1 || !before) throw new Error(`${MIGRATION} is not in the journal`);
    const older = await migrationsUpTo({ count: index, tag: before.tag, createdAt: before.when });
    const client = await PGlite.create(PGLITE_OPTIONS);
    try {
      await migrate(drizzle(client), { migrationsFolder: older.folder });
      await client.exec(`
        insert into companies (id, company_name, nif, email)
          values ('00000000-0000-4000-8000-0000000000a1', 'Mercearia Antiga, Lda', '200000041', 'a@example.cv');
        insert into editions (id, number, year, indicator_year, registration_opens_at, registration_closes_at,
          application_opens_at, application_closes_at, evaluation_starts_at, evaluation_ends_at, results_at)
          values ('00000000-0000-4000-8000-0000000000e1', 1, 2024, 2023, '2024-01-01', '2024-02-01', '2024-03-01',
            '2024-04-01', '2024-05-01', '2024-06-01', '2024-07-01');
        insert into applications (id, edition_id, company_id, status, eligibility)
          values ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000e1',
            '00000000-0000-4000-8000-0000000000a1', 'evaluated', '{}');
        insert into seals (code, application_id, company_id, edition_id, issued_at, valid_until, state, reason,
            updated_at, version)
          values ('abcdefghijkl', '00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000a1',
            '00000000-0000-4000-8000-0000000000e1', '2024-07-01', '2025-07-01', 'suspended', 'Dívida',
            '2024-09-15T10:00:00Z', 2);
      `);
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
      const { rows } = await client.query<{ company_name: string; nif: string; state_changed_at: Date }>(
        'select company_name, nif, state_changed_at from seals',
      );
      expect(rows).toEqual([
        {
          company_name: 'Mercearia Antiga, Lda',
          nif: '200000041',
          state_changed_at: new Date('2024-09-15T10:00:00Z'),
        },
      ]);
    } finally {
      await client.close();
      await older.dispose();
    }
  });
});
