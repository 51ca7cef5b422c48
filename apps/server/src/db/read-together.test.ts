import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/support/database.ts';
import { type Executor, readTogether } from './client.ts';

/** Three reads that note how many of them are waiting on the database at once. */
function overlappingReads(executor: Executor) {
  let running = 0;
  let most = 0;
  const read = (n: number) => async () => {
    running += 1;
    most = Math.max(most, running);
    const result = await executor.execute(sql`select ${n}::int as n`);
    running -= 1;
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
    return rows[0]?.n;
  };
  return { reads: [read(1), read(2), read(3)] as const, most: () => most };
}

describe('readTogether', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.dispose());

  it('sends the reads at once through the pool, and gives their results in order', async () => {
    const { reads, most } = overlappingReads(database.handle.db);
    expect(await readTogether(database.handle.db, reads)).toEqual([1, 2, 3]);
    expect(most()).toBe(3);
  });

  it('sends them one after another inside a transaction (one connection, one query at a time)', async () => {
    const results = await database.handle.db.transaction(async (tx) => {
      const { reads, most } = overlappingReads(tx);
      const values = await readTogether(tx, reads);
      return { values, most: most() };
    });
    expect(results).toEqual({ values: [1, 2, 3], most: 1 });
  });
});
