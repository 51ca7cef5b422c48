import type { Readable } from 'node:stream';
import {
  type AccountByEmailResponse,
  type AccountResponse,
  type CompanyDetailsResponse,
  hasRole,
  type Language,
  type MeResponse,
  type MyCompaniesResponse,
  type MyCompanyOverview,
  primaryRole,
} from '@excelencia/domain';
import {
  type AccountRow,
  companiesOfAccount,
  findAccountByEmail,
  findAccountById,
  myCompaniesLookup,
  updateAccount,
} from '../../auth/accounts.repository.ts';
import type { AuthContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { type FileStore, peekStream } from '../../platform/files/file-store.ts';
import { detectImage } from '../../platform/files/image.ts';
import {
  latestApplicationsOf,
  latestDiagnosesOf,
  latestSheetsOf,
  membershipsOf,
} from './accounts.repository.ts';

export const profilePicturePath = (accountId: string) => `/app/api/v1/accounts/${accountId}/profile-pictures`;

/**
 * A user may read their own account; an admin may read any. Anyone else gets 403 whether or not the
 * account exists, so the answer reveals nothing.
 */
function assertMayRead(caller: AuthContext, target: { email?: string; id?: string }): void {
  if (hasRole(caller.roles, 'admin')) return;
  if (target.email !== undefined && target.email.toLowerCase() === caller.email) return;
  if (target.id !== undefined && target.id === caller.accountId) return;
  throw forbidden();
}

function presentByEmail(account: AccountRow): AccountByEmailResponse {
  return {
    id: account.id,
    name: account.name,
    profilePicture: account.profilePictureFileId ? profilePicturePath(account.id) : null,
    userGroup: primaryRole(account.roles),
  };
}

/** detectImage reads at most the first 16 bytes (a WebP's first chunk name ends there). */
const IMAGE_SIGNATURE_BYTES = 16;

export function createAccountsService(deps: { db: Database; fileStore: FileStore }) {
  const { db, fileStore } = deps;
  const findMyCompanies = myCompaniesLookup(db);
  return {
    async accountByEmail(caller: AuthContext, email: string): Promise<AccountByEmailResponse> {
      assertMayRead(caller, { email });
      const account = await findAccountByEmail(db, email);
      if (!account) throw notFound();
      return presentByEmail(account);
    },

    async account(id: string): Promise<AccountResponse> {
      const account = await findAccountById(db, id);
      if (!account) throw notFound();
      return {
        id: account.id,
        name: account.name,
        email: account.email,
        roles: account.roles,
        language: account.language,
        isActive: account.isActive,
        createdAt: account.createdAt.toISOString(),
      };
    },

    /** The picture, streamed, with the type its first bytes show. */
    async profilePicture(
      caller: AuthContext,
      id: string,
    ): Promise<{ mime: string; stream: Readable; size: number }> {
      assertMayRead(caller, { id });
      const account = await findAccountById(db, id);
      if (!account?.profilePictureFileId) throw notFound();
      const stored = await fileStore.open(db, account.profilePictureFileId);
      if (!stored) throw notFound();
      // Only raster images are served as images: the bytes decide, not the stored label.
      const { head, stream } = await peekStream(stored.stream, IMAGE_SIGNATURE_BYTES);
      const detected = detectImage(head);
      if (!detected) {
        stream.destroy();
        throw notFound();
      }
      return { mime: detected.mime, stream, size: stored.file.size };
    },

    async companyDetailsByEmail(caller: AuthContext, email: string): Promise<CompanyDetailsResponse> {
      assertMayRead(caller, { email });
      const account = await findAccountByEmail(db, email);
      if (!account) throw notFound();
      const [company] = await companiesOfAccount(db, account.id);
      if (!company) throw notFound();
      return { companyRegistration: { companyName: company.companyName } };
    },

    async myCompanies(caller: AuthContext): Promise<MyCompaniesResponse> {
      return findMyCompanies(caller.accountId);
    },

    /**
     * The companies the caller acts for, with its role and each one's latest sheet, diagnosis and application (an
     * accountant's table of clients): four set-based reads, whatever the number of companies.
     */
    async myCompaniesOverview(caller: AuthContext): Promise<MyCompanyOverview[]> {
      const memberships = await membershipsOf(db, caller.accountId);
      const ids = memberships.map((m) => m.companyId);
      const [sheets, diagnoses, applications] = await Promise.all([
        latestSheetsOf(db, ids),
        latestDiagnosesOf(db, ids),
        latestApplicationsOf(db, ids),
      ]);
      const byCompany = <T extends { companyId: string }>(rows: T[]) =>
        new Map(rows.map((row) => [row.companyId, row]));
      const sheetOf = byCompany(sheets);
      const diagnosisOf = byCompany(diagnoses);
      const applicationOf = byCompany(applications);
      return memberships.map((m) => {
        const sheet = sheetOf.get(m.companyId);
        const diagnosis = diagnosisOf.get(m.companyId);
        const application = applicationOf.get(m.companyId);
        return {
          companyId: m.companyId,
          companyName: m.companyName,
          nif: m.nif,
          role: m.role,
          latestSheet: sheet
            ? {
                id: sheet.id,
                frequency: sheet.frequency,
                startDate: sheet.startDate,
                endDate: sheet.endDate,
                createdAt: sheet.createdAt.toISOString(),
              }
            : null,
          latestDiagnosis: diagnosis
            ? {
                id: diagnosis.id,
                frequency: diagnosis.frequency,
                endDate: diagnosis.endDate,
                createdAt: diagnosis.createdAt.toISOString(),
              }
            : null,
          latestApplication: application
            ? {
                id: application.id,
                editionId: application.editionId,
                editionNumber: application.editionNumber,
                status: application.status,
              }
            : null,
        };
      });
    },

    me(caller: AuthContext): MeResponse {
      return {
        id: caller.accountId,
        name: caller.name,
        email: caller.email,
        roles: caller.roles,
        language: caller.language,
      };
    },

    async setLanguage(caller: AuthContext, language: Language): Promise<{ language: Language }> {
      await updateAccount(db, caller.accountId, { language });
      return { language };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
