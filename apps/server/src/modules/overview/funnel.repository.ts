import { APPLICATION_FILE_TYPE_COUNT, type FunnelGrouping, type LocalizedText } from '@excelencia/domain';
import { and, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  applications,
  caeDivisions,
  caeSections,
  cities,
  companies,
  companyMembers,
  editions,
  islands,
  mailOutbox,
  reminderOptOuts,
} from '../../db/schema/index.ts';
import { liveFileCount, submittedApplicationWhere } from '../applications/index.ts';

/** The edition's figures the funnel reads. */
interface FunnelEdition {
  id: string;
  indicatorYear: number;
  registrationClosesAt: Date;
}

/**
 * "Registered" for an edition: the companies whose record existed when its registration closed
 * (companies.created_at ≤ registration_closes_at), whenever they registered before. A company registering later
 * could not take part in that edition's registration period, so it belongs to the next edition's funnel.
 */
const registeredBy = (edition: FunnelEdition): SQL =>
  lte(companies.createdAt, edition.registrationClosesAt) as SQL;

/** The kept annual sheets of the company of the row ending in `year` (deleted ones left out). */
const annualSheetOfYear = (year: number, alias: string) => sql`
  ${sql.identifier(alias)}.company_id = ${companies.id}
  and ${sql.identifier(alias)}.deleted_at is null
  and ${sql.identifier(alias)}.type_frequence = 'annual'
  and ${sql.identifier(alias)}.end_date between ${`${year}-01-01`} and ${`${year}-12-31`}`;

/** The company of the row has an annual sheet of the indicator year. */
const withSheet = (year: number) =>
  sql`exists (select 1 from balance_sheets funnel_sheet where ${annualSheetOfYear(year, 'funnel_sheet')})`;

/** The company of the row has a diagnosis (not deleted) on an annual sheet of the indicator year. */
const diagnosed = (year: number) => sql`exists (
  select 1 from diagnoses funnel_diagnosis
  join balance_sheets funnel_diagnosed_sheet on funnel_diagnosed_sheet.id = funnel_diagnosis.balance_sheet_id
  where funnel_diagnosis.company_id = ${companies.id} and funnel_diagnosis.deleted_at is null
    and ${annualSheetOfYear(year, 'funnel_diagnosed_sheet')})`;

/** The company's application to the edition (joined) was submitted. */
const applied = sql`coalesce(${submittedApplicationWhere}, false)`;
/** … with one live file of every type. */
const complete = sql`${liveFileCount} = ${APPLICATION_FILE_TYPE_COUNT}`;
/** … judged eligible (the eight criteria passed on the figures of its submission). */
const eligible = sql`${applications.eligible}`;
/** … and holds the edition's seal (whatever became of it since). */
const distinguished = sql`exists (select 1 from seals funnel_seal where funnel_seal.application_id = ${applications.id})`;

/** A count of the rows meeting every condition up to and including the last. */
const countWhere = (conditions: readonly SQL[]) =>
  sql<number>`count(*) filter (where ${sql.join(
    conditions.map((condition) => sql`(${condition})`),
    sql` and `,
  )})::int`;

export interface FunnelRow {
  code: string | null;
  label: LocalizedText | null;
  registered: number;
  withSheet: number;
  diagnosed: number;
  applied: number;
  complete: number;
  eligible: number;
  distinguished: number;
}

/**
 * The edition's funnel per island or CAE section of the company (null: none recorded), in one set-based query: each
 * registered company once, with its application to the edition when it has one (one per edition and company), each
 * step counting the companies that also reached every step before it.
 */
export async function funnelByGroup(
  db: Executor,
  edition: FunnelEdition,
  by: FunnelGrouping,
): Promise<FunnelRow[]> {
  const steps: SQL[] = [
    withSheet(edition.indicatorYear),
    diagnosed(edition.indicatorYear),
    applied,
    complete,
    eligible,
    distinguished,
  ];
  const code = by === 'island' ? islands.code : caeSections.code;
  const label = by === 'island' ? islands.description : caeSections.description;
  const rows = await db
    .select({
      code,
      label,
      registered: sql<number>`count(*)::int`,
      withSheet: countWhere(steps.slice(0, 1)),
      diagnosed: countWhere(steps.slice(0, 2)),
      applied: countWhere(steps.slice(0, 3)),
      complete: countWhere(steps.slice(0, 4)),
      eligible: countWhere(steps.slice(0, 5)),
      distinguished: countWhere(steps.slice(0, 6)),
    })
    .from(companies)
    .leftJoin(
      applications,
      and(eq(applications.companyId, companies.id), eq(applications.editionId, edition.id)),
    )
    .leftJoin(cities, eq(cities.id, companies.cityId))
    .leftJoin(islands, eq(islands.id, cities.islandId))
    .leftJoin(caeDivisions, eq(caeDivisions.id, companies.caeDivisionId))
    .leftJoin(caeSections, eq(caeSections.id, caeDivisions.sectionId))
    .where(registeredBy(edition))
    .groupBy(code, label)
    .orderBy(sql`${code} nulls last`);
  return rows.map((row) => ({ ...row, label: (row.label as LocalizedText | null) ?? null }));
}

/** The outbox's mail created in [from, to): delivered and given up on. */
export async function mailCounts(
  db: Executor,
  from: Date,
  to: Date,
): Promise<{ sent: number; failed: number }> {
  const [row] = await db
    .select({
      sent: sql<number>`count(*) filter (where ${mailOutbox.state} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${mailOutbox.state} = 'failed')::int`,
    })
    .from(mailOutbox)
    .where(and(gte(mailOutbox.createdAt, from), lt(mailOutbox.createdAt, to)));
  return { sent: row?.sent ?? 0, failed: row?.failed ?? 0 };
}

/** The accounts acting for a company registered for the edition that opted out of reminders (each once). */
export async function optedOutMembers(db: Executor, edition: FunnelEdition): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${reminderOptOuts.accountId})::int` })
    .from(reminderOptOuts)
    .innerJoin(companyMembers, eq(companyMembers.accountId, reminderOptOuts.accountId))
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(registeredBy(edition));
  return row?.n ?? 0;
}

/** The edition's figures the funnel reads, or null when there is none. */
export async function funnelEdition(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: editions.id,
      number: editions.number,
      year: editions.year,
      indicatorYear: editions.indicatorYear,
      registrationOpensAt: editions.registrationOpensAt,
      registrationClosesAt: editions.registrationClosesAt,
      resultsAt: editions.resultsAt,
      resultsPublishedAt: editions.resultsPublishedAt,
      appealDays: editions.appealDays,
    })
    .from(editions)
    .where(eq(editions.id, id));
  return row ?? null;
}
