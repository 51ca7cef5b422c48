import { APPLICATION_FILE_TYPE_COUNT, type ApplicationToClose } from '@excelencia/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { applications, companies, editions, seals } from '../../db/schema/index.ts';
import { liveFileCount } from './applications.repository.ts';
import { sealCompanyColumns } from './seals.ts';

/** Drafts never submitted: what publishing the results closes (docs/adr/0022-publication-closes-drafts.md). */
const neverSubmitted = and(eq(applications.status, 'draft'), isNull(applications.submittedAt));

/** The drafts never submitted of an edition, by company name: what publishing closes (locked with `forUpdate`). */
export async function draftsToClose(executor: Executor, editionId: string, forUpdate = false) {
  const query = executor
    .select({
      application: applications,
      companyName: companies.companyName,
      nif: companies.nif,
      files: liveFileCount,
    })
    .from(applications)
    .innerJoin(companies, eq(companies.id, applications.companyId))
    .where(and(eq(applications.editionId, editionId), neverSubmitted))
    .orderBy(asc(companies.searchText), asc(applications.id));
  const rows = forUpdate ? await query.for('update', { of: applications }) : await query;
  return rows.map((r) => ({
    ...r,
    summary: {
      id: r.application.id,
      companyName: r.companyName,
      nif: r.nif,
      files: r.files,
      complete: r.files === APPLICATION_FILE_TYPE_COUNT,
    } satisfies ApplicationToClose,
  }));
}

/** Marks an application closed (kept, no longer changed or submitted), moving its version on. */
export async function closeApplication(
  tx: Executor,
  application: { id: string; version: number },
  now: Date,
): Promise<void> {
  await tx
    .update(applications)
    .set({ status: 'closed', version: application.version + 1, updatedAt: now })
    .where(eq(applications.id, application.id));
}

/** Seals with their edition and what they say of the company today. */
export function sealsWithContext(executor: Executor) {
  return executor
    .select({ seal: seals, edition: editions, ...sealCompanyColumns })
    .from(seals)
    .innerJoin(editions, eq(editions.id, seals.editionId))
    .innerJoin(companies, eq(companies.id, seals.companyId));
}

export async function sealWithContext(executor: Executor, where: ReturnType<typeof eq>) {
  const [row] = await sealsWithContext(executor).where(where).limit(1);
  return row ?? null;
}
