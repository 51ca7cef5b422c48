import {
  REGISTRATION_MAIL_WINDOW_MINUTES,
  RETENTION_KINDS,
  type RetentionKind,
  retentionCutoff,
} from '@excelencia/domain';
import type { IdentityAdmin } from '../../auth/identity-admin.ts';
import type { Database, Executor } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import {
  deactivatedAccountsPast,
  deleteApplicationDocuments,
  deleteExpiredSessions,
  deleteMailWindows,
  deleteOldAudit,
  deleteOldMail,
  deleteOldPartnerAccess,
  deletePendingSubscribers,
  deleteRegistrations,
  deleteUnacceptedInvitations,
  deleteUnsubscribedSubscribers,
  eraseAccount,
  eraseOrphanedCompanies,
  purgeDeletedSheets,
  registrationsPast,
} from './retention.repository.ts';

/** The audit entity of the sweep's entries: one per kind and run that removed something, with the count. */
export const RETENTION_ENTITY = 'retention';

export interface RetentionResult {
  /** Rows removed (or, for accounts and companies, erased) per kind in this run. */
  counts: Record<RetentionKind, number>;
  /** Provider accounts that could not be deleted: their rows stay for the next run. */
  providerFailures: { kind: 'registrations' | 'accounts'; id: string; error: unknown }[];
}

/**
 * Enforces the retention rules of packages/domain/src/retention.ts at `now`: what is past its period is deleted
 * (or erased), and each kind that lost rows gets one audit entry with the count. Running it again at the same
 * `now` changes nothing. With `identity`, unconfirmed registrations and erased accounts lose their account at
 * the identity provider first; without it those two kinds wait (a provider account is never orphaned). Files
 * left unreferenced (uploaded sheets, application documents, profile pictures) are the file collector's.
 */
export async function enforceRetention(
  db: Database,
  now: Date,
  options: { identity?: IdentityAdmin } = {},
): Promise<RetentionResult> {
  const { identity } = options;
  const counts = Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, 0])) as Record<
    RetentionKind,
    number
  >;
  const providerFailures: RetentionResult['providerFailures'] = [];

  /** Runs one kind's change in a transaction with its audit entry (written only when something changed). */
  async function step(
    kind: RetentionKind,
    change: (tx: Executor, cutoff: Date) => Promise<number | { count: number; detail: object }>,
  ) {
    const cutoff = retentionCutoff(kind, now);
    await db.transaction(async (tx) => {
      const outcome = await change(tx, cutoff);
      const count = typeof outcome === 'number' ? outcome : outcome.count;
      counts[kind] += count;
      if (count === 0) return;
      await writeAudit(tx, {
        actorAccountId: null,
        action: 'retention',
        entity: RETENTION_ENTITY,
        entityId: kind,
        after: { count, cutoff, ...(typeof outcome === 'number' ? {} : outcome.detail) },
      });
    });
  }

  await step('sessions', (tx) => deleteExpiredSessions(tx, now));

  // Registration requests: an unconfirmed one's disabled provider account goes first.
  const registrations = await registrationsPast(db, retentionCutoff('registrations', now));
  const removable: string[] = [];
  for (const row of registrations) {
    if (row.unconfirmed && !row.inUse) {
      if (!identity) continue;
      try {
        await identity.deleteUser(row.idpUserId);
      } catch (error) {
        providerFailures.push({ kind: 'registrations', id: row.id, error });
        continue;
      }
    }
    removable.push(row.id);
  }
  await step('registrations', async (tx) => {
    const requests = await deleteRegistrations(tx, removable);
    // An address's count of registration mails (the per-address limit) is kept only while its window runs.
    const windowStart = new Date(now.getTime() - REGISTRATION_MAIL_WINDOW_MINUTES * 60_000);
    const mailWindows = await deleteMailWindows(tx, windowStart);
    return { count: requests + mailWindows, detail: { requests, mailWindows } };
  });

  await step('invitations', (tx, cutoff) => deleteUnacceptedInvitations(tx, cutoff));

  // Deactivated accounts: the provider account goes first, then the portal's fields.
  const erasable: string[] = [];
  if (identity) {
    for (const account of await deactivatedAccountsPast(db, retentionCutoff('accounts', now))) {
      try {
        if (account.subject) await identity.deleteUser(account.subject);
      } catch (error) {
        providerFailures.push({ kind: 'accounts', id: account.id, error });
        continue;
      }
      erasable.push(account.id);
    }
  }
  await step('accounts', async (tx) => {
    let erased = 0;
    for (const id of erasable) if (await eraseAccount(tx, id, now)) erased += 1;
    return erased;
  });
  await step('companies', (tx) => eraseOrphanedCompanies(tx, now));

  await step('balanceSheets', async (tx, cutoff) => {
    const purged = await purgeDeletedSheets(tx, cutoff);
    return { count: purged.balanceSheets + purged.diagnoses, detail: purged };
  });
  await step('applicationDocuments', (tx, cutoff) => deleteApplicationDocuments(tx, cutoff));
  await step('newsletterPending', (tx, cutoff) => deletePendingSubscribers(tx, cutoff));
  await step('newsletterUnsubscribed', (tx, cutoff) => deleteUnsubscribedSubscribers(tx, cutoff));
  await step('mail', (tx, cutoff) => deleteOldMail(tx, cutoff));
  await step('auditLog', (tx, cutoff) => deleteOldAudit(tx, cutoff));
  await step('partnerAccessLog', (tx, cutoff) => deleteOldPartnerAccess(tx, cutoff));

  return { counts, providerFailures };
}
