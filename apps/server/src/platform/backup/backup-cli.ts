import { join } from 'node:path';
import { loadConfig } from '../../config.ts';
import { blobDriverFor, describeFiles } from '../files/configured-store.ts';
import { fail, openCliDatabase, pathFromCommandLine } from './cli-database.ts';
import { takeSnapshot } from './snapshot.ts';

/**
 * `npm run backup [-- <folder>]`: a snapshot of the database, the files and the built-in provider's data into
 * a new folder (default ./backups/<UTC time>). With the embedded database the portal must be stopped.
 */
async function backup(): Promise<void> {
  const config = loadConfig(process.env);
  const now = new Date();
  const to = pathFromCommandLine(
    process.argv[2] ??
      join(
        'backups',
        now
          .toISOString()
          .replace(/\.\d+Z$/, 'Z')
          .replaceAll(':', '-'),
      ),
  );
  const database = await openCliDatabase(config, 'backup');
  try {
    const manifest = await takeSnapshot({
      connection: database.connection,
      driver: blobDriverFor(config.files),
      ...(config.builtInIdp ? { idpDir: join(config.dataDir, 'idp') } : {}),
      to,
      now,
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const bytes = manifest.blobs.reduce((sum, blob) => sum + blob.size, 0);
    process.stdout.write(
      [
        `Snapshot written to ${to}`,
        `  database: ${database.describe}, migration ${manifest.database.migration.tag}`,
        `  ${manifest.tables.length} tables, ${rows} rows`,
        `  ${manifest.blobs.length} files, ${bytes} bytes, from ${describeFiles(config.files)}`,
        `  identity provider: ${manifest.idp ? `${manifest.idp.length} files of the built-in provider` : 'external (back it up with its own tools)'}`,
        ...(manifest.sweptBlobs.length > 0
          ? [
              `  ${manifest.sweptBlobs.length} unreferenced files were swept from the store meanwhile (not needed)`,
            ]
          : []),
        `  manifest: ${join(to, 'manifest.json')}`,
        '',
      ].join('\n'),
    );
    if (manifest.missingBlobs.length > 0) {
      process.stderr.write(
        `Incomplete: ${manifest.missingBlobs.length} files the database references are missing or damaged in the file store:\n  ${manifest.missingBlobs.join('\n  ')}\n`,
      );
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
}

backup().catch(fail);
