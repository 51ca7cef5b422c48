import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDiskDriver } from '../files/file-store.ts';
import { restoreSnapshot, takeSnapshot } from './snapshot.ts';
import { pgliteConnection } from './sql-connection.ts';

/**
 * Shapes the portal's schema may grow into, on two bare databases (no migrations, so both are at level 0): a
 * table that references itself with children stored before their parents, a table whose name sorts before the
 * table it references, generated and identity columns, a sequence, and values that must keep every digit.
 */
const DDL = `
  create table tree (
    id integer primary key,
    parent_id integer references tree (id),
    name text not null,
    lowered text generated always as (lower(name)) stored,
    amount numeric(40, 12),
    ratio double precision,
    tags text[],
    doc jsonb,
    at timestamptz
  );
  create table a_leaf (
    id bigint generated always as identity primary key,
    tree_id integer not null references tree (id),
    note text
  );
  create sequence numbers_seq;
`;

let work: string;
let source: PGlite;
let target: PGlite;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'portal-backup-rows-'));
  [source, target] = await Promise.all([PGlite.create(), PGlite.create()]);
  await source.exec(DDL);
  await target.exec(DDL);
  // 1 200 rows, each the child of the next: in key order every child comes before its parent, across batches.
  await source.exec(`
    insert into tree (id, parent_id, name, amount, ratio, tags, doc, at)
    select i, case when i < 1200 then i + 1 end, 'Nó ' || i || E'\\nlinha "2"',
           12345678901234567890.123456789012, 0.1 + i, array['a,b', null, 'c'],
           jsonb_build_object('i', i, 'big', 123456789012345678901234567890, 'text', E'tab\\there'),
           timestamptz '2026-11-25 13:00:00.123456+00' + i * interval '1 second'
      from generate_series(1, 1200) i;
    insert into a_leaf (tree_id, note) select i, 'folha ' || i from generate_series(1, 3) i;
    select nextval('numbers_seq') from generate_series(1, 7);
  `);
});

afterAll(async () => {
  await source?.close();
  await target?.close();
  await rm(work, { recursive: true, force: true });
});

const everything = async (db: PGlite, table: string) =>
  (
    await db.query<{ row: string }>(`select row_to_json(t)::text as row from ${table} t order by id`)
  ).rows.map((r) => r.row);

describe('restore of rows', () => {
  it('keeps every value and orders parents first, across tables and inside a table', async () => {
    const snapshot = join(work, 'snapshot');
    const manifest = await takeSnapshot({
      connection: pgliteConnection(source),
      driver: localDiskDriver(join(work, 'files')),
      to: snapshot,
    });
    expect(manifest.tables.map((table) => [table.name, table.rows])).toEqual([
      ['a_leaf', 3],
      ['tree', 1200],
    ]);
    expect(manifest.sequences).toEqual([
      { name: 'a_leaf_id_seq', lastValue: '3' },
      { name: 'numbers_seq', lastValue: '7' },
    ]);

    const summary = await restoreSnapshot({
      connection: pgliteConnection(target),
      driver: localDiskDriver(join(work, 'restored-files')),
      from: snapshot,
    });
    expect(summary.rows).toBe(1203);
    expect(await everything(target, 'tree')).toEqual(await everything(source, 'tree'));
    expect(await everything(target, 'a_leaf')).toEqual(await everything(source, 'a_leaf'));
    const [first] = (
      await target.query<{ amount: string; big: string }>(
        `select amount::text, (doc->'big')::text as big from tree where id = 1`,
      )
    ).rows;
    expect(first).toEqual({
      amount: '12345678901234567890.123456789012',
      big: '123456789012345678901234567890',
    });

    // The identity and the free-standing sequence carry on where the source was.
    const leaf = await target.query<{ id: string }>(
      `insert into a_leaf (tree_id) values (1) returning id::text`,
    );
    expect(leaf.rows).toEqual([{ id: '4' }]);
    expect((await target.query<{ n: string }>(`select nextval('numbers_seq')::text as n`)).rows).toEqual([
      { n: '8' },
    ]);
  });
});
