import type { InvitationState } from '@excelencia/domain';
import { and, count, eq, gte, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  balanceSheets,
  companies,
  companyInvitations,
  diagnoses,
  pendingRegistrations,
} from '../../db/schema/index.ts';
import { keptSheetWhere } from '../balance-sheets/index.ts';
import { invitationStateWhere, openRegistrationWhere } from '../registration/index.ts';

/** Diagnoses not deleted. */
const keptDiagnosisWhere = isNull(diagnoses.deletedAt);

async function rowCount(db: Executor, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

/** Rows created per month since `from`, by 'YYYY-MM' (UTC). */
async function rowsPerMonth(
  db: Executor,
  table: PgTable,
  createdAt: PgColumn,
  from: Date,
  where?: SQL,
): Promise<Map<string, number>> {
  const month = sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const rows = await db
    .select({ month, n: count() })
    .from(table)
    .where(and(gte(createdAt, from), where))
    .groupBy(month);
  return new Map(rows.map((row) => [row.month, Number(row.n)]));
}

// Counts

/** Every company. */
export async function allCompanyCount(db: Executor): Promise<number> {
  return rowCount(db, companies);
}

/** The companies shown in the public list. */
export async function listedCompanyCount(db: Executor): Promise<number> {
  return rowCount(db, companies, sql`${companies.isListed}`);
}

/** The registrations still open at `at`. */
export async function openRegistrationCount(db: Executor, at: Date): Promise<number> {
  return rowCount(db, pendingRegistrations, openRegistrationWhere(at));
}

/** The pre-registrations' invitations pending, or expired, at `at` (a team's invitations are its owners'). */
export async function invitationCount(db: Executor, state: InvitationState, at: Date): Promise<number> {
  return rowCount(
    db,
    companyInvitations,
    and(eq(companyInvitations.kind, 'owner'), invitationStateWhere(state, at)) as SQL,
  );
}

/** The kept balance sheets. */
export async function keptSheetCount(db: Executor): Promise<number> {
  return rowCount(db, balanceSheets, keptSheetWhere);
}

/** The diagnoses not deleted. */
export async function keptDiagnosisCount(db: Executor): Promise<number> {
  return rowCount(db, diagnoses, keptDiagnosisWhere);
}

// Per month since `from`, by 'YYYY-MM' (UTC)

/** Companies created per month since `from`. */
export async function companiesCreatedPerMonth(db: Executor, from: Date): Promise<Map<string, number>> {
  return rowsPerMonth(db, companies, companies.createdAt, from);
}

/** Kept balance sheets created per month since `from`. */
export async function keptSheetsCreatedPerMonth(db: Executor, from: Date): Promise<Map<string, number>> {
  return rowsPerMonth(db, balanceSheets, balanceSheets.createdAt, from, keptSheetWhere);
}

/** Diagnoses not deleted, created per month since `from`. */
export async function keptDiagnosesCreatedPerMonth(db: Executor, from: Date): Promise<Map<string, number>> {
  return rowsPerMonth(db, diagnoses, diagnoses.createdAt, from, keptDiagnosisWhere);
}
