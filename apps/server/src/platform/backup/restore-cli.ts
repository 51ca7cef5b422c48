import { join } from 'node:path';
import { loadConfig } from '../../config.ts';
import { blobDriverFor, describeFiles } from '../files/configured-store.ts';
import { fail, migrationsUpTo, openCliDatabase, pathFromCommandLine } from './cli-database.ts';
import { MIGRATIONS_FOLDER, readManifest, restoreSnapshot, verifySnapshot } from './snapshot.ts';

/**
 * `npm run restore -- --check <snapshot folder>` checks every file of a snapshot against its manifest and
 * touches nothing else. `npm run restore -- <snapshot folder>`: loads a snapshot into the empty database and file store of the
 * configuration (DATA_DIR, DATABASE_URL, FILES_URL). The schema is migrated to the snapshot's level, every
 * hash is checked, the rows are loaded, then the later migrations apply.
 */
async function restore(): Promise<void> {
  const check = process.argv[2] === '--check';
  const argument = process.argv[check ? 3 : 2];
  if (!argument) throw new Error('Usage: npm run restore -- [--check] <snapshot folder>');
  const from = pathFromCommandLine(argument);
  const manifest = await readManifest(from);
  if (check) {
    const problems = await verifySnapshot(from, manifest);
    if (problems.length > 0) throw new Error(`The snapshot ${from} is damaged:\n  ${problems.join('\n  ')}`);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    process.stdout.write(
      `Snapshot ${from} (taken ${manifest.takenAt}, migration ${manifest.database.migration.tag}) is whole: ${manifest.tables.length} tables with ${rows} rows, ${manifest.blobs.length} files and ${manifest.idp?.length ?? 0} identity provider files match the manifest${
        manifest.missingBlobs.length > 0
          ? `; ${manifest.missingBlobs.length} files were already missing from the store when it was taken`
          : ''
      }\n`,
    );
    return;
  }
  const config = loadConfig(process.env);
  const migrations = await migrationsUpTo(manifest.database.migration);
  const database = await openCliDatabase(config, 'restore');
  try {
    await database.migrate(migrations.folder);
    const summary = await restoreSnapshot({
      connection: database.connection,
      driver: blobDriverFor(config.files),
      ...(config.builtInIdp ? { idpDir: join(config.dataDir, 'idp') } : {}),
      from,
    });
    await database.migrate(MIGRATIONS_FOLDER);
    process.stdout.write(
      [
        `Snapshot ${from} (taken ${manifest.takenAt}) restored, every hash checked:`,
        `  database: ${database.describe}, ${summary.rows} rows in ${manifest.tables.length} tables`,
        `  files: ${summary.blobs} into ${describeFiles(config.files)}`,
        `  identity provider: ${
          !manifest.idp
            ? 'the snapshot holds none (external provider)'
            : config.builtInIdp
              ? `${summary.idpFiles} files into ${join(config.dataDir, 'idp')}`
              : 'ISSUER_URL is set, so the built-in provider files in the snapshot were not restored'
        }`,
        '',
      ].join('\n'),
    );
  } finally {
    await database.close();
    await migrations.dispose();
  }
}

restore().catch(fail);
