import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client.ts';

describe('the embedded database', () => {
  let folder: string | undefined;
  let handle: DatabaseHandle | undefined;
  afterAll(async () => {
    await handle?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  // PostgreSQL fills its buffer pool when it starts: 128 MB by default, all of it in the portal's memory at once. A
  // new folder's database is created by a child process (docs/adr/0035), then opened here.
  it('creates a database in a new folder, starts it with 32 MB of shared buffers, and keeps its data when reopened', async () => {
    folder = await mkdtemp(join(tmpdir(), 'excelencia-client-'));
    const dataDir = join(folder, 'db');
    handle = await openDatabase({ dataDir });
    const setting = async (db: DatabaseHandle) =>
      ((await db.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] })
        .rows[0]?.shared_buffers;
    expect(handle.kind).toBe('pglite');
    expect(await setting(handle)).toBe('32MB');
    await handle.db.execute(sql`create table kept (note text)`);
    await handle.db.execute(sql`insert into kept values ('still here')`);
    await handle.close();
    handle = await openDatabase({ dataDir });
    expect(await setting(handle)).toBe('32MB');
    const rows = (await handle.db.execute(sql`select note from kept`)) as unknown as {
      rows: { note: string }[];
    };
    expect(rows.rows).toEqual([{ note: 'still here' }]);
  });
});
