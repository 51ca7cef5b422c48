/**
 * Creates an embedded database in the folder given as argument, then exits: `openDatabase` runs it in a process of
 * its own for a folder that has none yet (docs/adr/0035). Creating a database (PostgreSQL's initdb) leaves some
 * 200 to 300 MB of WebAssembly memory behind that the process that ran it keeps until V8's next full collection;
 * this process returns it all when it exits.
 */
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_OPTIONS } from './pglite-options.ts';

const folder = process.argv[2];
if (!folder) throw new Error('initialize-pglite: the database folder is missing');
const client = new PGlite(folder, PGLITE_OPTIONS);
await client.waitReady;
await client.close();
