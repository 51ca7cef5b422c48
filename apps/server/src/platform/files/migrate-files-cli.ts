import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { blobDriverFor, describeFiles } from './configured-store.ts';
import { localDiskDriver } from './file-store.ts';
import { migrateFiles } from './migrate-files.ts';

/**
 * `npm run files:migrate [-- --from <folder>]`: copies every stored file from local disk ($DATA_DIR/files, or
 * --from) to the bucket of FILES_URL, reads each back and compares its sha256, and prints a summary. Exits 1
 * when a file is missing or does not match. Run it again at will: what the bucket holds is verified, not copied.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { from: { type: 'string' } } });
  const config = loadConfig(process.env);
  if (config.files.kind !== 's3') {
    process.stderr.write('FILES_URL is not set: give the bucket to copy the files to (README, FILES_URL).\n');
    return 2;
  }
  const source = values.from ? resolve(values.from) : join(config.dataDir, 'files');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'db'),
  });
  const target = blobDriverFor(config.files);
  try {
    process.stdout.write(`Copying files from ${source} to ${describeFiles(config.files)}\n`);
    const summary = await migrateFiles({
      db: database.db,
      from: localDiskDriver(source),
      to: target,
      onFile: ({ sha256, outcome, where }) => {
        if (outcome === 'missing') process.stdout.write(`  missing: ${sha256} (on disk and in the bucket)\n`);
        if (outcome === 'mismatched') process.stdout.write(`  mismatched: ${sha256} (${where})\n`);
      },
    });
    process.stdout.write(
      `${summary.rows} file rows, ${summary.blobs} distinct contents: ${summary.copied} copied and verified, ` +
        `${summary.alreadyThere} already in the bucket and verified, ${summary.missing.length} missing, ` +
        `${summary.mismatched.length} mismatched\n`,
    );
    return summary.missing.length + summary.mismatched.length > 0 ? 1 : 0;
  } finally {
    (target as { close?: () => void }).close?.();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `Moving the files failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
