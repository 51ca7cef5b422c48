import type { IdentityAdmin } from './auth/identity-admin.ts';
import { identityJobHandlers } from './auth/provisioning.ts';
import type { Database } from './db/client.ts';
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
 * - files.sweep (every hour): removes files nothing refers to, 24 h after their upload.
 */
export function createBackgroundJobs(deps: {
  db: Database;
  identity: IdentityAdmin;
  fileStore: FileStore;
  logger: PinoLike;
}): JobWorker {
  const files = fileSweepJob(deps.fileStore.driver);
  return createJobWorker({
    db: deps.db,
    logger: deps.logger,
    handlers: { ...identityJobHandlers(deps.identity), ...files.handlers },
    recurring: [files.recurring],
  });
}
