import type { AdminOverview, OverviewMonth } from '@excelencia/domain';
import { and, count, gte, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  balanceSheets,
  companies,
  companyInvitations,
  diagnoses,
  pendingRegistrations,
} from '../../db/schema/index.ts';
import { keptSheetWhere } from '../balance-sheets/index.ts';
import { invitationStateWhere, openRegistrationWhere } from '../registration/index.ts';

const MONTHS = 12;

/** The first instant (UTC) of the `back`-th month before `now`'s. */
function monthStart(now: Date, back: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
}

/** The admin dashboard's figures: counts of what needs attention and the last 12 months of activity. */
export function createOverviewService(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function total(table: PgTable, where?: SQL): Promise<number> {
    const [row] = await db.select({ n: count() }).from(table).where(where);
    return Number(row?.n ?? 0);
  }

  /** Rows created per month since `from`, by 'YYYY-MM' (UTC). */
  async function perMonth(
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

  return {
    async adminOverview(): Promise<AdminOverview> {
      const at = now();
      const from = monthStart(at, MONTHS - 1);
      const keptDiagnoses = isNull(diagnoses.deletedAt);
      const [
        companyCount,
        listed,
        pending,
        invitationsPending,
        invitationsExpired,
        sheetCount,
        diagnosisCount,
        companiesByMonth,
        sheetsByMonth,
        diagnosesByMonth,
      ] = await Promise.all([
        total(companies),
        total(companies, sql`${companies.isListed}`),
        total(pendingRegistrations, openRegistrationWhere(at)),
        total(companyInvitations, invitationStateWhere('pending', at)),
        total(companyInvitations, invitationStateWhere('expired', at)),
        total(balanceSheets, keptSheetWhere),
        total(diagnoses, keptDiagnoses),
        perMonth(companies, companies.createdAt, from),
        perMonth(balanceSheets, balanceSheets.createdAt, from, keptSheetWhere),
        perMonth(diagnoses, diagnoses.createdAt, from, keptDiagnoses),
      ]);
      const months: OverviewMonth[] = Array.from({ length: MONTHS }, (_, index) => {
        const month = monthStart(at, MONTHS - 1 - index)
          .toISOString()
          .slice(0, 7);
        return {
          month,
          companies: companiesByMonth.get(month) ?? 0,
          balanceSheets: sheetsByMonth.get(month) ?? 0,
          diagnoses: diagnosesByMonth.get(month) ?? 0,
        };
      });
      return {
        companies: companyCount,
        listedCompanies: listed,
        pendingRegistrations: pending,
        invitations: { pending: invitationsPending, expired: invitationsExpired },
        balanceSheets: sheetCount,
        diagnoses: diagnosisCount,
        months,
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
