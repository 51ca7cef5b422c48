import type { AdminOverview, OverviewMonth } from '@excelencia/domain';
import type { Database } from '../../db/client.ts';
import {
  allCompanyCount,
  companiesCreatedPerMonth,
  invitationCount,
  keptDiagnosesCreatedPerMonth,
  keptDiagnosisCount,
  keptSheetCount,
  keptSheetsCreatedPerMonth,
  listedCompanyCount,
  openRegistrationCount,
} from './overview.repository.ts';

const MONTHS = 12;

/** The first instant (UTC) of the `back`-th month before `now`'s. */
function monthStart(now: Date, back: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
}

/** The admin dashboard's figures: counts of what needs attention and the last 12 months of activity. */
export function createOverviewService(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async adminOverview(): Promise<AdminOverview> {
      const at = now();
      const from = monthStart(at, MONTHS - 1);
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
        allCompanyCount(db),
        listedCompanyCount(db),
        openRegistrationCount(db, at),
        invitationCount(db, 'pending', at),
        invitationCount(db, 'expired', at),
        keptSheetCount(db),
        keptDiagnosisCount(db),
        companiesCreatedPerMonth(db, from),
        keptSheetsCreatedPerMonth(db, from),
        keptDiagnosesCreatedPerMonth(db, from),
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
