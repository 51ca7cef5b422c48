import type { AdminAppealQuery, AppealOutcome } from '@excelencia/domain';
import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { applicationAppeals, applicationFiles, applications, companies } from '../../db/schema/index.ts';
import type { ApplicationFileRow, ApplicationRow } from './applications.repository.ts';

export type AppealRow = typeof applicationAppeals.$inferSelect;

/** The appeal of an application, if it has one (locked with `forUpdate`). */
export async function appealOfApplication(
  executor: Executor,
  applicationId: string,
  forUpdate = false,
): Promise<AppealRow | undefined> {
  const query = executor
    .select()
    .from(applicationAppeals)
    .where(eq(applicationAppeals.applicationId, applicationId))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** An appeal by id (locked with `forUpdate`). */
export async function appealById(
  executor: Executor,
  id: string,
  forUpdate = false,
): Promise<AppealRow | undefined> {
  const query = executor.select().from(applicationAppeals).where(eq(applicationAppeals.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Records an appeal; undefined when the application has one already (the unique index decides a race). */
export async function insertAppealUnlessMade(
  tx: Executor,
  values: { applicationId: string; reason: string; createdBy: string | null; now: Date },
): Promise<AppealRow | undefined> {
  const [row] = await tx
    .insert(applicationAppeals)
    .values({
      applicationId: values.applicationId,
      reason: values.reason,
      createdBy: values.createdBy,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * Moves a pending appeal on from `version` with `changes` (and the version and time), only while it is still at
 * that version and pending (and `extra` holds): undefined when another admin changed it first, which the service
 * answers with a 409. The conditional update is what makes two decisions at once end with one winner.
 */
async function updatePendingAtVersion(
  tx: Executor,
  appeal: { id: string; version: number },
  changes: Partial<typeof applicationAppeals.$inferInsert>,
  now: Date,
  extra?: SQL,
): Promise<AppealRow | undefined> {
  const [row] = await tx
    .update(applicationAppeals)
    .set({ ...changes, version: appeal.version + 1, updatedAt: now })
    .where(
      and(
        eq(applicationAppeals.id, appeal.id),
        eq(applicationAppeals.version, appeal.version),
        eq(applicationAppeals.status, 'pending'),
        extra,
      ),
    )
    .returning();
  return row;
}

/** A first admin proposes the outcome of a pending appeal without a proposal, at `version`. */
export function proposeAtVersion(
  tx: Executor,
  appeal: { id: string; version: number },
  proposal: { outcome: AppealOutcome; reason: string; decidedBy: string | null },
  now: Date,
): Promise<AppealRow | undefined> {
  return updatePendingAtVersion(
    tx,
    appeal,
    {
      proposedOutcome: proposal.outcome,
      decisionReason: proposal.reason,
      decidedBy: proposal.decidedBy,
      decidedAt: now,
    },
    now,
    isNull(applicationAppeals.proposedOutcome),
  );
}

/** A second admin confirms the proposal at `version`: the appeal takes its outcome. Undefined when it changed. */
export function confirmAtVersion(
  tx: Executor,
  appeal: { id: string; version: number; proposedOutcome: AppealOutcome },
  confirmedBy: string | null,
  now: Date,
): Promise<AppealRow | undefined> {
  return updatePendingAtVersion(
    tx,
    appeal,
    { status: appeal.proposedOutcome, confirmedBy, confirmedAt: now },
    now,
  );
}

/** A second admin sends the proposal back: pending without a proposal again, at `version`. */
export function withdrawProposalAtVersion(
  tx: Executor,
  appeal: { id: string; version: number },
  now: Date,
): Promise<AppealRow | undefined> {
  return updatePendingAtVersion(
    tx,
    appeal,
    { proposedOutcome: null, decisionReason: null, decidedBy: null, decidedAt: null },
    now,
  );
}

/**
 * An upheld appeal qualifies the application: evaluated, with the appeal's decision (its reason, who proposed and
 * who confirmed it), its version moved on.
 */
export async function qualifyOnAppeal(
  tx: Executor,
  application: { id: string; version: number },
  appeal: Pick<AppealRow, 'decisionReason' | 'decidedBy' | 'decidedAt' | 'confirmedBy' | 'confirmedAt'>,
  now: Date,
): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .update(applications)
    .set({
      status: 'evaluated',
      decisionReason: appeal.decisionReason,
      decidedBy: appeal.decidedBy,
      decidedAt: appeal.decidedAt ?? now,
      confirmedBy: appeal.confirmedBy,
      confirmedAt: appeal.confirmedAt ?? now,
      version: application.version + 1,
      updatedAt: now,
    })
    .where(and(eq(applications.id, application.id), eq(applications.status, 'unqualified')))
    .returning();
  return row;
}

/** The documents uploaded with an appeal that are still live, by document type. */
export async function appealFilesOf(executor: Executor, appealId: string): Promise<ApplicationFileRow[]> {
  return executor
    .select()
    .from(applicationFiles)
    .where(and(eq(applicationFiles.appealId, appealId), isNull(applicationFiles.removedAt)))
    .orderBy(asc(applicationFiles.fileType));
}

/** Appeals with their application and company, oldest first: an edition's, of a status. */
export async function appealsWithApplications(executor: Executor, filter: AdminAppealQuery) {
  return executor
    .select({ appeal: applicationAppeals, application: applications, companyName: companies.companyName })
    .from(applicationAppeals)
    .innerJoin(applications, eq(applications.id, applicationAppeals.applicationId))
    .innerJoin(companies, eq(companies.id, applications.companyId))
    .where(
      and(
        filter.editionId ? eq(applications.editionId, filter.editionId) : undefined,
        filter.status ? eq(applicationAppeals.status, filter.status) : undefined,
      ),
    )
    .orderBy(asc(applicationAppeals.createdAt), asc(applicationAppeals.id));
}
