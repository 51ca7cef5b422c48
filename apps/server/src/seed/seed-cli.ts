import { join } from 'node:path';
import { identityAdminFor, startBuiltInIdp, withIssuer } from '../auth/built-in-idp.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { fileStoreFor } from '../platform/files/configured-store.ts';
import { DEMO_ACCOUNTS, seedDemoData } from './seed.ts';
import { seedReferenceData } from './seed-reference.ts';

/** `npm run seed`: applies the migrations, adds the missing reference data and the demo data, then exits. */
async function seed(): Promise<void> {
  let config = loadConfig(process.env);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'db'),
  });
  // The built-in provider is started on a free port only for its admin API; the data is the same.
  const idp = config.builtInIdp ? await startBuiltInIdp(config, 0) : undefined;
  try {
    if (idp) config = withIssuer(config, idp.issuer);
    const added = await seedReferenceData(database.db);
    const total = Object.values(added).reduce((sum, count) => sum + count, 0);
    process.stdout.write(`Reference data: ${total} missing rows added\n`);
    await seedDemoData(database.db, identityAdminFor(config), fileStoreFor(config));
    process.stdout.write(
      `Migrations applied and demo data in place: ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')}\n`,
    );
  } finally {
    await idp?.close();
    await database.close();
  }
}

seed().catch((error: unknown) => {
  process.stderr.write(`Seeding failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
