import { join } from 'node:path';
import { buildApp } from './app.ts';
import { type BuiltInIdp, identityAdminFor, startBuiltInIdp, withIssuer } from './auth/built-in-idp.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createCampaignSender } from './modules/newsletter/index.ts';
import { enforceRetention } from './modules/retention/index.ts';
import { describeFiles, fileStoreFor } from './platform/files/configured-store.ts';
import { createMailWorker } from './platform/mail/outbox.ts';
import { serveMetrics } from './platform/metrics.ts';
import { DEMO_ACCOUNTS, seedDemoData } from './seed/seed.ts';
import { seedReferenceData } from './seed/seed-reference.ts';

async function main(): Promise<void> {
  let config = loadConfig(process.env);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'db'),
  });

  let idp: BuiltInIdp | undefined;
  if (config.builtInIdp) {
    idp = await startBuiltInIdp(config, config.idpPort, database.db);
    config = withIssuer(config, idp.issuer);
  }
  await seedReferenceData(database.db, { onlyIntoEmptyDatabase: true });
  const fileStore = fileStoreFor(config);
  if (config.demoData) await seedDemoData(database.db, identityAdminFor(config), fileStore);

  const app = await buildApp({ config, database, fileStore });
  const worker = config.smtpUrl
    ? createMailWorker({
        db: database.db,
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        logger: app.log,
        onDelivery: (result) => app.metrics.mailsSent.inc({ result }),
      })
    : undefined;
  worker?.start();
  // Newsletter campaigns being sent go into the outbox in batches, resumed after a restart.
  const campaigns = createCampaignSender({ db: database.db, publicUrl: config.publicUrl, logger: app.log });
  campaigns.start();
  // Background jobs (jobs.ts: provider repairs, the file sweep), claimed so that several instances can run it.
  app.jobs.start();

  // Every hour: what is past its retention period (packages/domain/src/retention.ts, expired sessions
  // included) is deleted or erased, and each kind's count audited.
  const retentionIdentity = identityAdminFor(config);
  const housekeeping = setInterval(() => {
    enforceRetention(database.db, new Date(), { identity: retentionIdentity })
      .then(({ counts, providerFailures }) => {
        const removed = Object.entries(counts).filter(([, count]) => count > 0);
        if (removed.length > 0) app.log.info({ retention: Object.fromEntries(removed) }, 'retention sweep');
        for (const failure of providerFailures) {
          const { error, kind, id } = failure;
          app.log.warn({ err: error, kind, id }, 'retention: a provider account could not be deleted');
        }
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'retention sweep failed'));
  }, 3_600_000);
  housekeeping.unref();

  let metricsServer: Awaited<ReturnType<typeof serveMetrics>> | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    app.markStopping();
    clearInterval(housekeeping);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await metricsServer?.close();
      await campaigns.stop();
      await app.jobs.stop();
      await worker?.stop();
      await idp?.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  if (config.metricsPort) metricsServer = await serveMetrics(app.metrics, config.host, config.metricsPort);
  const lines = [
    '',
    `Excelência portal: open ${config.publicUrl}/`,
    `  API docs: ${config.publicUrl}/app/api/v1/docs`,
    `  database: ${database.kind === 'pglite' ? `embedded PGlite in ${join(config.dataDir, 'db')}` : 'PostgreSQL'}`,
    `  identity provider: ${idp ? `built-in at ${config.issuerUrl}` : config.issuerUrl}`,
    `  files: ${describeFiles(config.files)}`,
    `  mail: ${config.smtpUrl ? 'sent through SMTP_URL' : 'kept in the outbox (no SMTP_URL)'}`,
  ];
  if (!config.isProduction) lines.push(`  outgoing mail (development): ${config.publicUrl}/dev/mail`);
  if (config.demoData) {
    lines.push('  demo accounts (e-mail / password):');
    for (const account of DEMO_ACCOUNTS) {
      lines.push(`    ${account.role.padEnd(8)} ${account.email} / ${account.password}`);
    }
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `The portal could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}
