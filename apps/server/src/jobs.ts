import type { IdentityAdmin } from './auth/identity-admin.ts';
import { identityJobHandlers } from './auth/provisioning.ts';
import type { Database } from './db/client.ts';
import { type AutomationsService, automationsJob } from './modules/automations/index.ts';
import { broadcastsJob, createBroadcastsService } from './modules/broadcasts/index.ts';
import { createExportsService, exportJobs } from './modules/company-data/index.ts';
import { fileSweepJob } from './platform/files/file-gc.ts';
import type { FileStore } from './platform/files/file-store.ts';
import { createJobWorker, type JobWorker } from './platform/jobs/jobs.ts';
import type { PinoLike } from './platform/mail/outbox.ts';

/**
 * The portal's background jobs: every kind with its handler, and the recurring ones. The worker is built with
 * the app (app.jobs) and started by main.ts; any number of instances may run it on one database.
 *
 * - identity.delete-user: removes a provider user left over by a creation the portal could not finish;
 * - identity.sync-account: sets an account's name, language, roles and enabled state at the provider again,
 *   after an undo of a provider change failed;
 * - files.sweep (every hour): removes files nothing refers to, 24 h after their upload;
 * - company-data.export: builds a company's data export (its zip) and mails its owner the link;
 * - company-data.exports-expiry (every hour): ends the links of exports past their 7 days and lets go of their
 *   zips (the file sweep then removes them).
 * - automations.send-due (every 5 minutes): the editions' reminders that are due, each person once
 *   (modules/automations).
 * - broadcasts.send: puts a broadcast in the outbox in batches, each person once (modules/broadcasts).
 */
export function createBackgroundJobs(deps: {
  db: Database;
  identity: IdentityAdmin;
  fileStore: FileStore;
  logger: PinoLike;
  automations: AutomationsService;
  publicUrl: string;
}): JobWorker {
  const files = fileSweepJob(deps.fileStore.driver);
  const reminders = automationsJob(deps.automations);
  const broadcasts = broadcastsJob(createBroadcastsService({ db: deps.db, publicUrl: deps.publicUrl }));
  const exports = exportJobs(
    createExportsService({ db: deps.db, fileStore: deps.fileStore, publicUrl: deps.publicUrl }),
  );
  return createJobWorker({
    db: deps.db,
    logger: deps.logger,
    handlers: {
      ...identityJobHandlers(deps.identity),
      ...files.handlers,
      ...reminders.handlers,
      ...broadcasts.handlers,
      ...exports.handlers,
    },
    recurring: [files.recurring, reminders.recurring, exports.recurring],
  });
}
