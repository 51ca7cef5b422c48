import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { BlobDriver } from '../files/file-store.ts';
import { quoteIdentifier, type SqlConnection, type SqlSession } from './sql-connection.ts';

/**
 * A snapshot is a folder:
 *   manifest.json          what is in it, with a sha256 for every file below
 *   tables/<table>.jsonl   every row of one table, one JSON object per line (row_to_json: numbers keep their digits)
 *   blobs/<sha256>         every file the files table references, named by the sha256 of its bytes
 *   idp/<file>             the built-in identity provider's data ($DATA_DIR/idp), when it is used
 */
export const SNAPSHOT_FORMAT = 'excelencia-snapshot/1';

export interface MigrationLevel {
  /** Number of migrations applied (the journal index of the last one + 1). */
  count: number;
  /** Tag of the last applied migration in the journal, e.g. 0015_newsletter. */
  tag: string | null;
  /** Drizzle's created_at of the last applied migration (the journal's `when`). */
  createdAt: number | null;
}

export interface Manifest {
  format: typeof SNAPSHOT_FORMAT;
  takenAt: string;
  database: { kind: 'pglite' | 'postgres'; migration: MigrationLevel };
  tables: Array<{ name: string; file: string; rows: number; sha256: string }>;
  sequences: Array<{ name: string; lastValue: string | null }>;
  blobs: Array<{ sha256: string; size: number }>;
  /** Blobs the files table references that the store does not have (or not with those bytes). */
  missingBlobs: string[];
  /** Blobs of file rows the sweep removed while the snapshot was taken (no row names them any more). */
  sweptBlobs: string[];
  /** The built-in identity provider's files, or null when the snapshot was taken without them. */
  idp: Array<{ name: string; size: number; sha256: string }> | null;
}

/** A snapshot that cannot be restored, or a target that cannot take it; the message says why. */
export class SnapshotError extends Error {
  override name = 'SnapshotError';
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../db/migrations', import.meta.url));

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export async function readJournal(folder = MIGRATIONS_FOLDER): Promise<JournalEntry[]> {
  const journal = JSON.parse(await readFile(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

const sha256Of = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

async function sha256OfFile(path: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** The migration level of the database: the last row of drizzle's own table, matched to the journal. */
export async function migrationLevel(session: SqlSession): Promise<MigrationLevel> {
  const [present] = await session.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!present?.present) return { count: 0, tag: null, createdAt: null };
  const [last] = await session.query<{ created_at: string | number | null; count: string | number }>(
    `select (select max(created_at) from drizzle.__drizzle_migrations) as created_at,
            (select count(*) from drizzle.__drizzle_migrations) as count`,
  );
  const createdAt = last?.created_at == null ? null : Number(last.created_at);
  const entry = (await readJournal()).find((candidate) => candidate.when === createdAt);
  return {
    count: entry ? entry.idx + 1 : Number(last?.count ?? 0),
    tag: entry?.tag ?? null,
    createdAt,
  };
}

const describeLevel = (level: MigrationLevel) =>
  level.tag ?? (level.count === 0 ? 'no migration' : `an unknown migration (${level.createdAt})`);

/** The application's tables, in the schema the portal uses (drizzle's bookkeeping is a separate schema). */
async function tableNames(session: SqlSession): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = current_schema() order by tablename`,
  );
  return rows.map((row) => row.name);
}

async function primaryKey(session: SqlSession, table: string): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    `select a.attname as name
       from pg_index i
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = $1::regclass and i.indisprimary
      order by array_position(i.indkey::int2[], a.attnum)`,
    [quoteIdentifier(table)],
  );
  return rows.map((row) => row.name);
}

/** Writes one table's rows through a cursor (never the whole table in memory); returns count and hash. */
async function dumpTable(
  session: SqlSession,
  table: string,
  path: string,
): Promise<{ rows: number; sha256: string }> {
  const key = await primaryKey(session, table);
  const order = key.length > 0 ? key.map(quoteIdentifier).join(', ') : '1';
  await session.query(
    `declare backup_rows no scroll cursor for
       select row_to_json(t)::text as line from ${quoteIdentifier(table)} t order by ${order}`,
  );
  const hash = createHash('sha256');
  const file = await open(path, 'wx');
  let rows = 0;
  try {
    for (;;) {
      const batch = await session.query<{ line: string }>('fetch forward 1000 from backup_rows');
      if (batch.length === 0) break;
      let text = '';
      for (const { line } of batch) {
        if (line.includes('\n')) throw new Error(`A row of ${table} does not fit on one line`);
        text += `${line}\n`;
      }
      hash.update(text);
      await file.write(text);
      rows += batch.length;
    }
  } finally {
    await file.close();
    await session.query('close backup_rows');
  }
  return { rows, sha256: hash.digest('hex') };
}

export interface BackupInput {
  connection: SqlConnection;
  driver: BlobDriver;
  /** The built-in identity provider's folder ($DATA_DIR/idp); omitted with an external provider. */
  idpDir?: string;
  /** Folder to create; it must not exist yet. The snapshot is written beside it and renamed into place. */
  to: string;
  now?: Date;
}

/**
 * Takes a snapshot: every table in one REPEATABLE READ read-only transaction (one consistent state on
 * PostgreSQL while the portal runs), then every blob the files table of that state references, read through
 * the blob driver and checked against its sha256, then the identity provider's files.
 */
export async function takeSnapshot(input: BackupInput): Promise<Manifest> {
  if (existsSync(input.to)) throw new SnapshotError(`${input.to} already exists: choose a new folder`);
  const partial = `${input.to}.partial-${randomBytes(4).toString('hex')}`;
  await mkdir(join(partial, 'tables'), { recursive: true });
  await mkdir(join(partial, 'blobs'));
  try {
    const takenAt = (input.now ?? new Date()).toISOString();
    const { migration, tables, sequences, blobHashes } = await input.connection.transaction(
      'snapshot',
      async (session) => {
        const migration = await migrationLevel(session);
        const tables: Manifest['tables'] = [];
        for (const name of await tableNames(session)) {
          const file = `tables/${name}.jsonl`;
          tables.push({ name, file, ...(await dumpTable(session, name, join(partial, file))) });
        }
        const sequences = (
          await session.query<{ name: string; last_value: string | number | null }>(
            `select sequencename as name, last_value from pg_sequences
              where schemaname = current_schema() order by sequencename`,
          )
        ).map((row) => ({
          name: row.name,
          lastValue: row.last_value == null ? null : String(row.last_value),
        }));
        const blobHashes = tables.some((table) => table.name === 'files')
          ? (
              await session.query<{ sha256: string }>('select distinct sha256 from files order by sha256')
            ).map((row) => row.sha256)
          : [];
        return { migration, tables, sequences, blobHashes };
      },
    );

    const blobs: Manifest['blobs'] = [];
    const absent: string[] = [];
    for (const sha256 of blobHashes) {
      const copied = await copyBlob(input.driver, sha256, join(partial, 'blobs', sha256));
      if (copied) blobs.push({ sha256, size: copied.size });
      else absent.push(sha256);
    }
    // The sweep of unreferenced files may remove one after the tables were read: no row names it any more, so
    // it is not needed. Only a blob some row still names is missing.
    const missingBlobs =
      absent.length === 0
        ? []
        : (
            await input.connection.transaction('snapshot', (session) =>
              session.query<{ sha256: string }>(
                'select distinct sha256 from files where sha256 = any($1::text[]) order by sha256',
                [absent],
              ),
            )
          ).map((row) => row.sha256);
    const sweptBlobs = absent.filter((sha256) => !missingBlobs.includes(sha256));

    const idp = input.idpDir ? await copyIdpFiles(input.idpDir, join(partial, 'idp')) : null;

    const manifest: Manifest = {
      format: SNAPSHOT_FORMAT,
      takenAt,
      database: { kind: input.connection.kind, migration },
      tables,
      sequences,
      blobs,
      missingBlobs,
      sweptBlobs,
      idp,
    };
    await writeFile(join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, input.to);
    return manifest;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Streams one blob from the store into the snapshot (never whole in memory), hashing it on the way. Null, and
 * no file left behind, when the store has no such blob or its bytes do not hash to its name.
 */
async function copyBlob(driver: BlobDriver, sha256: string, path: string): Promise<{ size: number } | null> {
  const source = await driver.stream(sha256);
  if (!source) return null;
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(source, counter, createWriteStream(path, { flags: 'wx' }));
  if (hash.digest('hex') === sha256) return { size };
  await rm(path, { force: true });
  return null;
}

/** The provider writes its JSON files atomically (temporary file, then rename): copy the finished ones. */
async function copyIdpFiles(from: string, to: string): Promise<NonNullable<Manifest['idp']>> {
  await mkdir(to);
  if (!existsSync(from)) return [];
  const copied: NonNullable<Manifest['idp']> = [];
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith('.') || entry.name.endsWith('.tmp')) continue;
    const data = await readFile(join(from, entry.name));
    await writeFile(join(to, entry.name), data, { flag: 'wx', mode: 0o600 });
    copied.push({ name: entry.name, size: data.length, sha256: sha256Of(data) });
  }
  return copied.sort((a, b) => a.name.localeCompare(b.name));
}

const SAFE_NAME = /^[A-Za-z0-9_.-]+$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Reads manifest.json and checks its shape, so no name in it can point outside the snapshot. */
export async function readManifest(from: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(from, 'manifest.json'), 'utf8')) as Manifest;
  } catch (error) {
    throw new SnapshotError(`${from} is not a snapshot: manifest.json ${(error as Error).message}`);
  }
  const wellFormed =
    manifest?.format === SNAPSHOT_FORMAT &&
    Array.isArray(manifest.tables) &&
    manifest.tables.every(
      (table) =>
        SAFE_NAME.test(table.name) &&
        table.file === `tables/${table.name}.jsonl` &&
        Number.isInteger(table.rows) &&
        SHA256_HEX.test(table.sha256),
    ) &&
    Array.isArray(manifest.sequences) &&
    manifest.sequences.every((sequence) => SAFE_NAME.test(sequence.name)) &&
    Array.isArray(manifest.blobs) &&
    manifest.blobs.every((blob) => SHA256_HEX.test(blob.sha256) && Number.isInteger(blob.size)) &&
    (manifest.idp === null ||
      (Array.isArray(manifest.idp) &&
        manifest.idp.every((file) => SAFE_NAME.test(file.name) && SHA256_HEX.test(file.sha256)))) &&
    typeof manifest.database?.migration?.count === 'number';
  if (!wellFormed) throw new SnapshotError(`${from}/manifest.json is not a ${SNAPSHOT_FORMAT} manifest`);
  return manifest;
}

async function countLines(path: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(path)) {
    for (const byte of chunk as Buffer) if (byte === 10) lines += 1;
  }
  return lines;
}

/**
 * Checks every file of the snapshot against the manifest (sha256, size, row count). Returns the problems,
 * one line each; an empty list means the snapshot is whole.
 */
export async function verifySnapshot(from: string, manifest: Manifest): Promise<string[]> {
  const problems: string[] = [];
  const check = async (
    label: string,
    path: string,
    expected: { sha256: string; size?: number; rows?: number },
  ) => {
    if (!existsSync(path)) {
      problems.push(`${label}: missing from the snapshot`);
      return;
    }
    const actual = await sha256OfFile(path);
    if (actual.sha256 !== expected.sha256) {
      problems.push(`${label}: sha256 ${actual.sha256} does not match the manifest's ${expected.sha256}`);
    } else if (expected.size !== undefined && actual.size !== expected.size) {
      problems.push(`${label}: ${actual.size} bytes, the manifest says ${expected.size}`);
    } else if (expected.rows !== undefined) {
      const rows = await countLines(path);
      if (rows !== expected.rows) problems.push(`${label}: ${rows} rows, the manifest says ${expected.rows}`);
    }
  };
  for (const table of manifest.tables) {
    await check(`table ${table.name}`, join(from, table.file), table);
  }
  for (const blob of manifest.blobs) {
    await check(`file ${blob.sha256}`, join(from, 'blobs', blob.sha256), blob);
  }
  for (const file of manifest.idp ?? []) {
    await check(`identity provider file ${file.name}`, join(from, 'idp', file.name), file);
  }
  return problems;
}

async function foreignKeys(
  session: SqlSession,
): Promise<Array<{ child: string; parent: string; columns: string[]; references: string[] }>> {
  return session.query(
    `select (select relname from pg_class where oid = c.conrelid) as child,
            (select relname from pg_class where oid = c.confrelid) as parent,
            array(select attname from unnest(c.conkey) with ordinality k(n, i)
                    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i)::text[] as columns,
            array(select attname from unnest(c.confkey) with ordinality k(n, i)
                    join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i)::text[] as references
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = current_schema()`,
  );
}

/** Parents before children; a cycle between tables is refused (no row order could satisfy it). */
function loadOrder(tables: string[], edges: Array<{ child: string; parent: string }>): string[] {
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of edges) {
    if (child !== parent && parents.has(child) && parents.has(parent)) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const done = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) => !done.has(table) && [...(parents.get(table) ?? [])].every((parent) => done.has(parent)),
    );
    if (ready.length === 0) {
      const left = tables.filter((table) => !done.has(table));
      throw new SnapshotError(`The tables ${left.join(', ')} reference each other: no load order exists`);
    }
    for (const table of ready) {
      done.add(table);
      ordered.push(table);
    }
  }
  return ordered;
}

/** Rows of a table that references itself, ordered so a row comes after the row it references. */
function parentsFirst(lines: string[], keys: Array<{ columns: string[]; references: string[] }>): string[] {
  const rows = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const keyOf = (row: Record<string, unknown>, columns: string[]) =>
    columns.some((column) => row[column] == null)
      ? null
      : JSON.stringify(columns.map((column) => row[column]));
  const placed = new Set<string>();
  const ordered: string[] = [];
  let pending = rows.map((row, index) => ({ row, index }));
  while (pending.length > 0) {
    const next = pending.filter(({ row }) =>
      keys.every(({ columns, references }) => {
        const target = keyOf(row, columns);
        return target === null || placed.has(`${references.join(',')}=${target}`);
      }),
    );
    if (next.length === 0) throw new SnapshotError('Rows of a table reference each other in a cycle');
    for (const { row, index } of next) {
      for (const { references } of keys) {
        const own = keyOf(row, references);
        if (own !== null) placed.add(`${references.join(',')}=${own}`);
      }
      ordered.push(lines[index] as string);
    }
    const taken = new Set(next.map(({ index }) => index));
    pending = pending.filter(({ index }) => !taken.has(index));
  }
  return ordered;
}

async function* lineBatches(path: string, size: number): AsyncGenerator<string[]> {
  let batch: string[] = [];
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    if (line === '') continue;
    batch.push(line);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

export interface RestoreInput {
  /** The target database, migrated to the snapshot's migration level and empty. */
  connection: SqlConnection;
  driver: BlobDriver;
  /** The built-in identity provider's folder to restore its files into; omitted with an external provider. */
  idpDir?: string;
  from: string;
}

export interface RestoreSummary {
  manifest: Manifest;
  rows: number;
  blobs: number;
  idpFiles: number;
}

/**
 * Restores a snapshot. Everything is checked before anything is written: every hash of the manifest, the
 * target's migration level, that every table of the target is empty and that the provider folder holds no
 * accounts. Then the blobs go to the store, the rows go in one transaction, and the provider's files last.
 */
export async function restoreSnapshot(input: RestoreInput): Promise<RestoreSummary> {
  const manifest = await readManifest(input.from);
  const problems = await verifySnapshot(input.from, manifest);
  if (problems.length > 0) {
    throw new SnapshotError(
      `The snapshot ${input.from} is damaged; nothing was restored:\n  ${problems.slice(0, 20).join('\n  ')}${
        problems.length > 20 ? `\n  … and ${problems.length - 20} more` : ''
      }`,
    );
  }

  const target = await input.connection.transaction('snapshot', async (session) => {
    const level = await migrationLevel(session);
    const tables = await tableNames(session);
    const filled: string[] = [];
    for (const table of tables) {
      const [row] = await session.query<{ filled: boolean }>(
        `select exists(select 1 from ${quoteIdentifier(table)}) as filled`,
      );
      if (row?.filled) filled.push(table);
    }
    return { level, tables, filled, keys: await foreignKeys(session) };
  });
  if (target.filled.length > 0) {
    throw new SnapshotError(
      `The target database is not empty (rows in ${target.filled.slice(0, 5).join(', ')}${
        target.filled.length > 5 ? ` and ${target.filled.length - 5} more tables` : ''
      }): restore only into an empty database`,
    );
  }
  if (target.level.createdAt !== manifest.database.migration.createdAt) {
    throw new SnapshotError(
      `The snapshot was taken at migration ${describeLevel(manifest.database.migration)}, the target database is at ${describeLevel(target.level)}: migrate the target to the snapshot's level first`,
    );
  }
  const unknown = manifest.tables.filter((table) => !target.tables.includes(table.name));
  if (unknown.length > 0) {
    throw new SnapshotError(
      `The target database has no table ${unknown.map((table) => table.name).join(', ')}`,
    );
  }
  if (input.idpDir && manifest.idp && existsSync(join(input.idpDir, 'accounts.json'))) {
    throw new SnapshotError(
      `${input.idpDir} already holds identity provider accounts: restore only into an empty data folder`,
    );
  }

  for (const blob of manifest.blobs) {
    const data = await readFile(join(input.from, 'blobs', blob.sha256));
    if (sha256Of(data) !== blob.sha256)
      throw new SnapshotError(`file ${blob.sha256} changed during the restore`);
    await input.driver.write(blob.sha256, data);
  }

  const order = loadOrder(
    manifest.tables.map((table) => table.name),
    target.keys,
  );
  const byName = new Map(manifest.tables.map((table) => [table.name, table]));
  const rows = await input.connection.transaction('write', async (session) => {
    // The rows go in as they were: the tables' own triggers (the statistics' change records of ADR 0026) would
    // add rows the snapshot does not have, so they are off while loading, back on before the commit.
    const withTriggers = order.filter((name) => (byName.get(name)?.rows ?? 0) > 0).map(quoteIdentifier);
    for (const quoted of withTriggers) await session.query(`alter table ${quoted} disable trigger user`);
    let total = 0;
    for (const name of order) {
      const table = byName.get(name);
      if (!table || table.rows === 0) continue;
      const quoted = quoteIdentifier(name);
      const columns = (
        await session.query<{ name: string }>(
          `select attname as name from pg_attribute
            where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
            order by attnum`,
          [quoted],
        )
      )
        .map((column) => quoteIdentifier(column.name))
        .join(', ');
      const insert = `insert into ${quoted} (${columns}) overriding system value
                      select ${columns} from json_populate_recordset(null::${quoted}, $1::json)`;
      const selfKeys = target.keys.filter((key) => key.child === name && key.parent === name);
      const path = join(input.from, table.file);
      if (selfKeys.length > 0) {
        const all: string[] = [];
        for await (const batch of lineBatches(path, 1000)) all.push(...batch);
        const ordered = parentsFirst(all, selfKeys);
        for (let start = 0; start < ordered.length; start += 500) {
          await session.query(insert, [`[${ordered.slice(start, start + 500).join(',')}]`]);
        }
      } else {
        for await (const batch of lineBatches(path, 500)) {
          await session.query(insert, [`[${batch.join(',')}]`]);
        }
      }
      total += table.rows;
    }
    for (const quoted of withTriggers) await session.query(`alter table ${quoted} enable trigger user`);
    for (const sequence of manifest.sequences) {
      if (sequence.lastValue === null) continue;
      await session.query('select setval($1::regclass, $2::bigint, true)', [
        quoteIdentifier(sequence.name),
        sequence.lastValue,
      ]);
    }
    return total;
  });

  let idpFiles = 0;
  if (input.idpDir && manifest.idp) {
    await mkdir(input.idpDir, { recursive: true, mode: 0o700 });
    for (const file of manifest.idp) {
      const data = await readFile(join(input.from, 'idp', file.name));
      const target = join(input.idpDir, file.name);
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, data, { mode: 0o600 });
      await rename(temporary, target);
      idpFiles += 1;
    }
  }
  return { manifest, rows, blobs: manifest.blobs.length, idpFiles };
}
