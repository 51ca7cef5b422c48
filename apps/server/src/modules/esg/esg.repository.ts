import type { LocalizedText } from '@excelencia/domain';
import { and, asc, desc, eq, inArray, max, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  caeDivisions,
  caeSections,
  cities,
  companies,
  editions,
  employeeRanges,
  esgForms,
  esgFormVersions,
  esgResponses,
  islands,
} from '../../db/schema/index.ts';

export type EsgFormRow = typeof esgForms.$inferSelect;
export type EsgFormVersionRow = typeof esgFormVersions.$inferSelect;
export type EsgResponseRow = typeof esgResponses.$inferSelect;

/** Who answered, as the export names them beside the company's name. */
export interface EsgRespondent {
  nif: string;
  island: LocalizedText | null;
  section: { code: string; description: LocalizedText } | null;
}

/** Who answered, by company id: NIF, island and CAE section (the exports name them beside the company). */
export async function respondentsOf(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, EsgRespondent>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: companies.id,
      nif: companies.nif,
      island: islands.description,
      sectionCode: caeSections.code,
      section: caeSections.description,
    })
    .from(companies)
    .leftJoin(cities, eq(cities.id, companies.cityId))
    .leftJoin(islands, eq(islands.id, cities.islandId))
    .leftJoin(caeDivisions, eq(caeDivisions.id, companies.caeDivisionId))
    .leftJoin(caeSections, eq(caeSections.id, caeDivisions.sectionId))
    .where(inArray(companies.id, [...ids]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        nif: r.nif,
        island: (r.island as LocalizedText | null) ?? null,
        section:
          r.sectionCode && r.section
            ? { code: r.sectionCode, description: r.section as LocalizedText }
            : null,
      },
    ]),
  );
}

// Forms and their versions

export async function formById(db: Executor, id: string): Promise<EsgFormRow | undefined> {
  const [row] = await db.select().from(esgForms).where(eq(esgForms.id, id)).limit(1);
  return row;
}

/** Every form by its order number. */
export async function formsInOrder(db: Executor): Promise<EsgFormRow[]> {
  return db.select().from(esgForms).orderBy(asc(esgForms.orderNumber));
}

/** The form companies answer now: the open one of the latest period (the most recently created on a tie). */
export async function currentOpenForm(db: Executor): Promise<EsgFormRow | undefined> {
  const [row] = await db
    .select()
    .from(esgForms)
    .where(eq(esgForms.status, 'open'))
    .orderBy(desc(esgForms.period), desc(esgForms.createdAt))
    .limit(1);
  return row;
}

/** The form's version with the highest number. */
export async function latestVersionOfForm(
  db: Executor,
  formId: string,
): Promise<EsgFormVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(esgFormVersions)
    .where(eq(esgFormVersions.formId, formId))
    .orderBy(desc(esgFormVersions.number))
    .limit(1);
  return row;
}

/** The latest version of every form, one row per form. */
export async function latestVersionsOfForms(db: Executor): Promise<EsgFormVersionRow[]> {
  return db
    .selectDistinctOn([esgFormVersions.formId])
    .from(esgFormVersions)
    .orderBy(esgFormVersions.formId, desc(esgFormVersions.number));
}

export async function editionExists(db: Executor, editionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: editions.id })
    .from(editions)
    .where(eq(editions.id, editionId))
    .limit(1);
  return row !== undefined;
}

/** Serializes the transactions that number forms (creating and reordering) until this transaction ends. */
export async function lockFormNumbering(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('esg_forms'))`);
}

/** The highest order number of the forms, or null without forms. */
export async function lastFormOrderNumber(tx: Executor): Promise<number | null> {
  const [last] = await tx.select({ value: max(esgForms.orderNumber) }).from(esgForms);
  return last?.value ?? null;
}

export async function insertForm(tx: Executor, values: typeof esgForms.$inferInsert): Promise<EsgFormRow> {
  const [row] = await tx.insert(esgForms).values(values).returning();
  if (!row) throw new Error('Inserting the ESG form returned nothing');
  return row;
}

export async function insertFormVersion(
  tx: Executor,
  values: typeof esgFormVersions.$inferInsert,
): Promise<void> {
  await tx.insert(esgFormVersions).values(values);
}

/** Writes a version's definition in place (a version nobody answered yet). */
export async function setVersionDefinition(
  tx: Executor,
  versionId: string,
  definition: EsgFormVersionRow['definition'],
): Promise<void> {
  await tx.update(esgFormVersions).set({ definition }).where(eq(esgFormVersions.id, versionId));
}

/**
 * Changes a form only when its version is still `version`. Returns the new row, or undefined when someone changed
 * (or removed) it meanwhile.
 */
export async function updateFormAtVersion(
  tx: Executor,
  id: string,
  version: number,
  values: Pick<
    EsgFormRow,
    'title' | 'description' | 'period' | 'editionId' | 'status' | 'version' | 'updatedAt'
  >,
): Promise<EsgFormRow | undefined> {
  const [row] = await tx
    .update(esgForms)
    .set(values)
    .where(and(eq(esgForms.id, id), eq(esgForms.version, version)))
    .returning();
  return row;
}

/** The id and order number of every form. */
export async function formOrderNumbers(tx: Executor): Promise<{ id: string; orderNumber: number }[]> {
  return tx.select({ id: esgForms.id, orderNumber: esgForms.orderNumber }).from(esgForms);
}

/** Gives a form its order number, moving its version on only when the number changes. */
export async function setFormOrderNumber(tx: Executor, formId: string, orderNumber: number): Promise<void> {
  await tx
    .update(esgForms)
    .set({ orderNumber, updatedAt: new Date(), version: sql`${esgForms.version} + 1` })
    .where(and(eq(esgForms.id, formId), ne(esgForms.orderNumber, orderNumber)));
}

// Responses

/** The form's drafts and submissions, and how many responses answer the version `latestId`. */
export async function responseCountsOfForm(db: Executor, formId: string, latestId: string) {
  const [row] = await db
    .select({
      drafts: sql<number>`count(*) filter (where ${esgResponses.status} = 'draft')::int`,
      submitted: sql<number>`count(*) filter (where ${esgResponses.status} = 'submitted')::int`,
      latest: sql<number>`count(*) filter (where ${esgResponses.formVersionId} = ${latestId})::int`,
    })
    .from(esgResponses)
    .where(eq(esgResponses.formId, formId));
  return row;
}

/** Drafts and submissions per form and version answered. */
export async function responseCountsByFormVersion(db: Executor) {
  return db
    .select({
      formId: esgResponses.formId,
      formVersionId: esgResponses.formVersionId,
      drafts: sql<number>`count(*) filter (where ${esgResponses.status} = 'draft')::int`,
      submitted: sql<number>`count(*) filter (where ${esgResponses.status} = 'submitted')::int`,
    })
    .from(esgResponses)
    .groupBy(esgResponses.formId, esgResponses.formVersionId);
}

/** Whether some company answered (a draft or a submission) the version. */
export async function versionAnswered(tx: Executor, versionId: string): Promise<boolean> {
  const [answered] = await tx
    .select({ id: esgResponses.id })
    .from(esgResponses)
    .where(eq(esgResponses.formVersionId, versionId))
    .limit(1);
  return answered !== undefined;
}

/** A response with its form, the version it answers and the company's name. */
export interface EsgResponseContext {
  row: EsgResponseRow;
  form: EsgFormRow;
  version: EsgFormVersionRow;
  companyName: string;
}

async function responseContextsWhere(db: Executor, where: SQL | undefined): Promise<EsgResponseContext[]> {
  return db
    .select({
      row: esgResponses,
      form: esgForms,
      version: esgFormVersions,
      companyName: companies.companyName,
    })
    .from(esgResponses)
    .innerJoin(esgForms, eq(esgForms.id, esgResponses.formId))
    .innerJoin(esgFormVersions, eq(esgFormVersions.id, esgResponses.formVersionId))
    .innerJoin(companies, eq(companies.id, esgResponses.companyId))
    .where(where)
    .orderBy(desc(esgForms.period), asc(companies.companyName));
}

/** Every response of the company, latest period first. */
export async function responseContextsOfCompany(db: Executor, companyId: string) {
  return responseContextsWhere(db, and(eq(esgResponses.companyId, companyId)));
}

/** The company's response to the form. */
export async function responseContextOfCompanyForm(
  db: Executor,
  companyId: string,
  formId: string,
): Promise<EsgResponseContext | undefined> {
  const [found] = await responseContextsWhere(
    db,
    and(eq(esgResponses.companyId, companyId), eq(esgResponses.formId, formId)),
  );
  return found;
}

/** One response of the company. */
export async function responseContextOfCompany(
  db: Executor,
  companyId: string,
  responseId: string,
): Promise<EsgResponseContext | undefined> {
  const [found] = await responseContextsWhere(
    db,
    and(eq(esgResponses.id, responseId), eq(esgResponses.companyId, companyId)),
  );
  return found;
}

export async function responseContextById(
  db: Executor,
  responseId: string,
): Promise<EsgResponseContext | undefined> {
  const [found] = await responseContextsWhere(db, and(eq(esgResponses.id, responseId)));
  return found;
}

/** The submitted responses of the form, latest period first then by company name. */
export async function submittedResponseContextsOfForm(db: Executor, formId: string) {
  return responseContextsWhere(
    db,
    and(eq(esgResponses.formId, formId), eq(esgResponses.status, 'submitted')),
  );
}

/** Writes a draft's answers and moves its version on. */
export async function updateResponseAnswers(
  tx: Executor,
  id: string,
  answers: EsgResponseRow['answers'],
  version: number,
): Promise<void> {
  await tx
    .update(esgResponses)
    .set({ answers, updatedAt: new Date(), version })
    .where(eq(esgResponses.id, id));
}

/** Starts the company's draft of the form; undefined when the company already has one (a first save at once). */
export async function insertDraftResponse(
  tx: Executor,
  values: Pick<typeof esgResponses.$inferInsert, 'formId' | 'formVersionId' | 'companyId' | 'answers'>,
): Promise<{ id: string } | undefined> {
  const [created] = await tx
    .insert(esgResponses)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: esgResponses.id });
  return created;
}

/** Writes the answers over the company's draft of the form (nothing when it submitted). */
export async function overwriteDraftAnswers(
  tx: Executor,
  formId: string,
  companyId: string,
  answers: EsgResponseRow['answers'],
): Promise<void> {
  await tx
    .update(esgResponses)
    .set({ answers, updatedAt: new Date() })
    .where(
      and(
        eq(esgResponses.formId, formId),
        eq(esgResponses.companyId, companyId),
        eq(esgResponses.status, 'draft'),
      ),
    );
}

/** Submits the response while it is still a draft. Returns the new row, or undefined when it was not a draft. */
export async function submitDraftResponse(
  tx: Executor,
  id: string,
  values: Pick<EsgResponseRow, 'scores' | 'submittedAt' | 'submittedBy' | 'updatedAt' | 'version'>,
): Promise<EsgResponseRow | undefined> {
  const [row] = await tx
    .update(esgResponses)
    .set({ status: 'submitted', ...values })
    .where(and(eq(esgResponses.id, id), eq(esgResponses.status, 'draft')))
    .returning();
  return row;
}

// Sector comparison and results

/** The company's CAE section (through its division), or undefined. */
export async function companyCaeSection(db: Executor, companyId: string) {
  const [row] = await db
    .select({ id: caeSections.id, code: caeSections.code, description: caeSections.description })
    .from(companies)
    .innerJoin(caeDivisions, eq(caeDivisions.id, companies.caeDivisionId))
    .innerJoin(caeSections, eq(caeSections.id, caeDivisions.sectionId))
    .where(eq(companies.id, companyId))
    .limit(1);
  return row;
}

/** The scores of the form's submitted responses of companies in the CAE section. */
export async function submittedScoresInSection(
  db: Executor,
  formId: string,
  sectionId: string,
): Promise<{ scores: EsgResponseRow['scores'] }[]> {
  return db
    .select({ scores: esgResponses.scores })
    .from(esgResponses)
    .innerJoin(companies, eq(companies.id, esgResponses.companyId))
    .innerJoin(caeDivisions, eq(caeDivisions.id, companies.caeDivisionId))
    .where(
      and(
        eq(esgResponses.formId, formId),
        eq(esgResponses.status, 'submitted'),
        eq(caeDivisions.sectionId, sectionId),
      ),
    );
}

/** How many companies the portal has. */
export async function companyCount(db: Executor): Promise<number | undefined> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(companies);
  return row?.n;
}

/** Every response of the form with its company's island, CAE section and employee range, by company name. */
export async function responsesOfFormWithGroups(db: Executor, formId: string) {
  return db
    .select({
      row: esgResponses,
      form: esgForms,
      version: esgFormVersions,
      companyName: companies.companyName,
      island: { key: islands.code, label: islands.description },
      section: { key: caeSections.code, label: caeSections.description },
      range: { key: employeeRanges.code, label: employeeRanges.description },
    })
    .from(esgResponses)
    .innerJoin(esgForms, eq(esgForms.id, esgResponses.formId))
    .innerJoin(esgFormVersions, eq(esgFormVersions.id, esgResponses.formVersionId))
    .innerJoin(companies, eq(companies.id, esgResponses.companyId))
    .leftJoin(cities, eq(cities.id, companies.cityId))
    .leftJoin(islands, eq(islands.id, cities.islandId))
    .leftJoin(caeDivisions, eq(caeDivisions.id, companies.caeDivisionId))
    .leftJoin(caeSections, eq(caeSections.id, caeDivisions.sectionId))
    .leftJoin(employeeRanges, eq(employeeRanges.id, companies.employeeRangeId))
    .where(eq(esgResponses.formId, formId))
    .orderBy(asc(companies.companyName));
}
