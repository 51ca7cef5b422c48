import type { CompanyRole } from '@excelencia/domain';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  applications,
  balanceSheets,
  companies,
  companyMembers,
  diagnoses,
  editions,
} from '../../db/schema/index.ts';

/** The companies an account acts for, with its role in each, by name. */
export async function membershipsOf(
  db: Executor,
  accountId: string,
): Promise<{ companyId: string; companyName: string; nif: string; role: CompanyRole }[]> {
  return db
    .select({
      companyId: companies.id,
      companyName: companies.companyName,
      nif: companies.nif,
      role: companyMembers.role,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.accountId, accountId))
    .orderBy(asc(companies.companyName), asc(companies.id));
}

/** Each company's kept sheet of the latest period (the newest upload of it first), one query for them all. */
export async function latestSheetsOf(db: Executor, companyIds: readonly string[]) {
  if (companyIds.length === 0) return [];
  return db
    .selectDistinctOn([balanceSheets.companyId], {
      companyId: balanceSheets.companyId,
      id: balanceSheets.id,
      frequency: balanceSheets.typeFrequence,
      startDate: balanceSheets.startDate,
      endDate: balanceSheets.endDate,
      createdAt: balanceSheets.createdAt,
    })
    .from(balanceSheets)
    .where(and(inArray(balanceSheets.companyId, [...companyIds]), isNull(balanceSheets.deletedAt)))
    .orderBy(
      balanceSheets.companyId,
      desc(balanceSheets.endDate),
      desc(balanceSheets.createdAt),
      desc(balanceSheets.id),
    );
}

/** Each company's newest diagnosis not deleted, with its sheet's period, one query for them all. */
export async function latestDiagnosesOf(db: Executor, companyIds: readonly string[]) {
  if (companyIds.length === 0) return [];
  return db
    .selectDistinctOn([diagnoses.companyId], {
      companyId: diagnoses.companyId,
      id: diagnoses.id,
      frequency: balanceSheets.typeFrequence,
      endDate: balanceSheets.endDate,
      createdAt: diagnoses.createdAt,
    })
    .from(diagnoses)
    .innerJoin(balanceSheets, eq(balanceSheets.id, diagnoses.balanceSheetId))
    .where(and(inArray(diagnoses.companyId, [...companyIds]), isNull(diagnoses.deletedAt)))
    .orderBy(diagnoses.companyId, desc(diagnoses.createdAt), desc(diagnoses.id));
}

/** Each company's application to the latest edition it applied to, one query for them all. */
export async function latestApplicationsOf(db: Executor, companyIds: readonly string[]) {
  if (companyIds.length === 0) return [];
  return db
    .selectDistinctOn([applications.companyId], {
      companyId: applications.companyId,
      id: applications.id,
      editionId: applications.editionId,
      editionNumber: editions.number,
      status: applications.status,
    })
    .from(applications)
    .innerJoin(editions, eq(editions.id, applications.editionId))
    .where(inArray(applications.companyId, [...companyIds]))
    .orderBy(applications.companyId, desc(editions.number), desc(applications.createdAt));
}
