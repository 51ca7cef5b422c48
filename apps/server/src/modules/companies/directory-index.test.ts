import { and, asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { companies } from '../../db/schema/index.ts';
import { nameOrNifCondition } from './companies.repository.ts';
import { createDirectoryIndex, type DirectoryMatches } from './directory-index.ts';

const WORDS = [
  'Açores',
  'Acores',
  'Mindelo',
  'Sal Rei',
  'Praia',
  'São',
  'Comércio',
  'Pesca',
  'Turismo',
  'Ñandú',
  'C&A',
];
const COMPANIES = 240;

let database: TestDatabase;

const idsOf = (matches: DirectoryMatches) => matches.rows.map((row) => row.company.id);

/** What the SQL condition of the admin's list finds, in the directory's order: the index must agree. */
async function bySql(search: string): Promise<string[]> {
  const rows = await database.handle.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.isListed, true), nameOrNifCondition(search)))
    .orderBy(asc(companies.companyName), asc(companies.id));
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  database = await openTestDatabase();
  // Names of two or three words with a number, some sharing a name (the id breaks the tie), NIFs sharing
  // prefixes, and one company in five not listed.
  await database.handle.db.insert(companies).values(
    Array.from({ length: COMPANIES }, (_, i) => ({
      companyName: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]}${i % 3 === 0 ? '' : ` ${i % 50}`}`,
      nif: String(200_000_000 + ((i * 7919) % 100_000) * 3).padStart(9, '0'),
      email: `c${i}@directory.cv`,
      isListed: i % 5 !== 0,
    })),
  );
});

afterAll(() => database?.dispose());

describe('the directory index', () => {
  it('finds what the SQL condition finds, in the same order, for any term', async () => {
    const index = createDirectoryIndex(database.handle.db);
    const term = fc.oneof(
      fc.constantFrom(
        '',
        ' ',
        'a',
        'ac',
        'ACO',
        'açores',
        'sao',
        'são co',
        'rei 1',
        '2000',
        '2001',
        '200',
        ' 20 0',
      ),
      fc.constantFrom('%', '_', '\\', 'c&a', 'ñan', 'nandu', 'praia 4', 'mindelo mindelo'),
      fc.string({ maxLength: 6 }),
      fc.stringMatching(/^[0-9]{1,9}$/),
      fc
        .constantFrom(...WORDS)
        .chain((word) =>
          fc
            .tuple(fc.nat(word.length), fc.nat(word.length))
            .map(([a, b]) => word.slice(Math.min(a, b), Math.max(a, b))),
        ),
    );
    await fc.assert(
      fc.asyncProperty(term, async (search) => {
        const expected = await bySql(search);
        const found = (await index.current()).search(search, { limit: COMPANIES, offset: 0 });
        expect(idsOf(found)).toEqual(expected);
        expect(found.total).toBe(expected.length);
      }),
      { numRuns: 150 },
    );
  });

  it('answers a window of the matches, with the total of all of them', async () => {
    const index = createDirectoryIndex(database.handle.db);
    const all = await bySql('a');
    expect(all.length).toBeGreaterThan(40);
    const page = (await index.current()).search('a', { limit: 20, offset: 20 });
    expect(page.total).toBe(all.length);
    expect(idsOf(page)).toEqual(all.slice(20, 40));
    expect(idsOf((await index.current()).search('a', { limit: 20, offset: all.length }))).toEqual([]);
    expect(idsOf((await index.current()).search('', { limit: 5, offset: 0 }))).toEqual(
      (await bySql('')).slice(0, 5),
    );
  });

  it('sees a change committed before the search, made through another connection, and only then rebuilds', async () => {
    const index = createDirectoryIndex(database.handle.db);
    const before = await index.current();
    expect(before.search('zebra', { limit: 10, offset: 0 }).total).toBe(0);
    // Nothing changed: the same index, not a rebuilt one.
    expect(await index.current()).toBe(before);
    const [created] = await database.handle.db
      .insert(companies)
      .values({ companyName: 'Zebra Transportes', nif: '299999991', email: 'z@directory.cv', isListed: true })
      .returning({ id: companies.id });
    const after = await index.current();
    expect(after.version).toBeGreaterThan(before.version);
    const zebra = after.search('zebra', { limit: 10, offset: 0 });
    expect(zebra.total).toBe(1);
    expect(zebra.rows[0]?.company).toMatchObject({
      id: created?.id,
      companyName: 'Zebra Transportes',
      nif: '299999991',
    });
    await database.handle.db.update(companies).set({ isListed: false }).where(eq(companies.nif, '299999991'));
    expect((await index.current()).search('zebra', { limit: 10, offset: 0 }).total).toBe(0);
  });
});
