import { asc, desc, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/support/database.ts';
import { islands } from '../db/schema/index.ts';
import { keysetPages, type OrderKey } from './listing.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.handle.db;
  // Times one microsecond apart (a Date would round them together), ties, and codes that sort as null.
  const times = [
    '2026-01-01 10:00:00.123456+00',
    '2026-01-01 10:00:00.123457+00',
    '2026-01-01 10:00:00.123457+00',
    '2026-01-01 10:00:00.123458+00',
  ];
  await db.insert(islands).values(
    Array.from({ length: 23 }, (_, index) => ({
      code: `C${String(index % 7).padStart(2, '0')}-${index}`,
      description: { pt: index % 5 === 0 ? '' : `Ilha ${index % 4}`, en: '', fr: '' },
      isActive: index % 3 !== 0,
      createdAt: sql`${times[index % times.length]}::timestamptz` as unknown as Date,
    })),
  );
});

afterAll(async () => {
  await database?.dispose();
});

const label = sql`nullif(${islands.description}->>'pt', '')`;

async function everyPage(order: OrderKey[], size: number): Promise<string[]> {
  const ids: string[] = [];
  const pages = keysetPages({
    order,
    size,
    read: (page) =>
      database.handle.db
        .select({ ...getTableColumns(islands), ...page.keys })
        .from(islands)
        .where(page.after)
        .orderBy(...page.orderBy)
        .limit(page.limit),
  });
  for await (const rows of pages) {
    expect(rows.length).toBeLessThanOrEqual(size);
    for (const row of rows) {
      expect(Object.keys(row).some((key) => key.startsWith('keyset'))).toBe(false);
      ids.push(row.id);
    }
  }
  return ids;
}

describe('keysetPages', () => {
  it.each([
    ['time descending', [{ value: islands.createdAt, descending: true }], desc(islands.createdAt)],
    ['time ascending', [{ value: islands.createdAt, descending: false }], asc(islands.createdAt)],
    ['a label with nulls, ascending (nulls last)', [{ value: label, descending: false }], asc(label)],
    ['a label with nulls, descending (nulls first)', [{ value: label, descending: true }], desc(label)],
    [
      'a flag then a time',
      [
        { value: islands.isActive, descending: true },
        { value: islands.createdAt, descending: false },
      ],
      sql`${islands.isActive} desc, ${islands.createdAt} asc`,
    ],
  ] as const)('reads every row once, in the order of one query: %s', async (_name, keys, expected) => {
    const order: OrderKey[] = [...keys, { value: islands.id, descending: false }];
    const all = await database.handle.db
      .select({ id: islands.id })
      .from(islands)
      .orderBy(expected, asc(islands.id));
    for (const size of [1, 2, 5, 23, 50]) {
      expect(await everyPage(order, size)).toEqual(all.map((row) => row.id));
    }
  });

  it('neither skips nor repeats a row when rows before the position are added or removed meanwhile', async () => {
    const db = database.handle.db;
    const order: OrderKey[] = [
      { value: islands.code, descending: false },
      { value: islands.id, descending: false },
    ];
    const before = (await db.select({ code: islands.code }).from(islands).orderBy(asc(islands.code))).map(
      (row) => row.code,
    );
    const seen: string[] = [];
    const pages = keysetPages({
      order,
      size: 5,
      read: (page) =>
        db
          .select({ code: islands.code, ...page.keys })
          .from(islands)
          .where(page.after)
          .orderBy(...page.orderBy)
          .limit(page.limit),
    });
    let first = true;
    for await (const rows of pages) {
      seen.push(...rows.map((row) => row.code));
      if (first) {
        first = false;
        // Behind the position: one row removed, one added.
        await db.delete(islands).where(sql`${islands.code} = ${rows[0]?.code}`);
        await db.insert(islands).values({ code: 'A-new', description: { pt: 'Nova', en: '', fr: '' } });
      }
    }
    expect(seen).toEqual(before);
  });
});
