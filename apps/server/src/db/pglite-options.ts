import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * How PGlite is started wherever the portal opens it: PGlite's own parameters, with 32 MB of shared buffers instead
 * of PostgreSQL's 128 MB. PostgreSQL fills its buffer pool at start, so the whole pool counts in the process's memory
 * from the first minute; the embedded database's files sit in the machine's file cache anyway (docs/adr/0035).
 */
export const PGLITE_OPTIONS = {
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
} satisfies PGliteOptions;
