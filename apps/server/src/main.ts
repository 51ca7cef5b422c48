import { join } from 'node:path';
import { type IdpMail, startIdp } from '@excelencia/idp';
import { buildApp } from './app.ts';
import { postLogoutRedirectUris } from './auth/auth.service.ts';
import { createIdentityAdmin } from './auth/identity-admin.ts';
import { adminUrlFromIssuer, type Config, loadConfig } from './config.ts';
import { type Executor, openDatabase } from './db/client.ts';
import { createCampaignSender } from './modules/newsletter/campaign-sender.ts';
import { enforceRetention } from './modules/retention/retention.ts';
import { describeFiles, fileStoreFor } from './platform/files/configured-store.ts';
import { createMailWorker, enqueueMail } from './platform/mail/outbox.ts';
import { serveMetrics } from './platform/metrics.ts';
import { DEMO_ACCOUNTS, seedDemoData } from './seed/seed.ts';
import { seedReferenceData } from './seed/seed-reference.ts';

type BuiltInIdp = Awaited<ReturnType<typeof startIdp>>;

/**
 * Starts the built-in identity provider for this configuration (ISSUER_URL unset). With the portal's database,
 * its mails (password reset links) go through the portal's outbox (ADR 0011). It reads the client's address as
 * the portal does (TRUST_PROXY) and asks admins for two-factor sign-in per REQUIRE_ADMIN_TOTP (ADR 0019).
 */
export async function startBuiltInIdp(
  config: Config,
  port = config.idpPort,
  mailDb?: Executor,
): Promise<BuiltInIdp> {
  return startIdp({
    ...(mailDb ? { sendMail: async (mail: IdpMail) => void (await enqueueMail(mailDb, mail)) } : {}),
    issuer: config.issuerUrl,
    port,
    host: config.host,
    dataDir: join(config.dataDir, 'idp'),
    trustProxy: config.trustProxy,
    requireAdminTotp: config.requireAdminTotp,
    clients: [
      {
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        redirectUris: [`${config.publicUrl}/auth/callback`],
        postLogoutRedirectUris: postLogoutRedirectUris(config.publicUrl),
        adminApi: true,
      },
    ],
  });
}

/** The configuration pointed at a running built-in provider (its port may have been chosen at start). */
export function withIssuer(config: Config, issuer: string): Config {
  const idpAdminUrl = adminUrlFromIssuer(issuer);
  return { ...config, issuerUrl: issuer, idpAdminUrl };
}

export function identityAdminFor(config: Config) {
  return createIdentityAdmin({
    issuerUrl: config.issuerUrl,
    adminUrl: config.idpAdminUrl,
    clientId: config.idpAdminClientId,
    clientSecret: config.idpAdminClientSecret,
  });
}

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
