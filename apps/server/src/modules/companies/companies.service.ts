import {
  type CompanyCapability,
  type CompanyListItem,
  type CompanyListQuery,
  type CompanyProfile,
  type DirectoryItem,
  type DirectoryQuery,
  hasRole,
  type Language,
  localized,
  type Page,
  type PublicCompany,
  roleAllows,
  searchText,
  type UpdateCompanySituationRequest,
  type UpdateCompanyValues,
  yesNoText,
} from '@excelencia/domain';
import type { z } from 'zod';
import type { AuthContext } from '../../auth/types.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { databaseRefusal } from '../../platform/database-errors.ts';
import { AppError, notFound, parentNotFound, staleVersion } from '../../platform/errors.ts';
import { keysetPages, orderKeys, orderSql, pageWindow } from '../../platform/listing.ts';
import { shortLivedCache } from '../../platform/short-lived-cache.ts';
import type { ExportColumn } from '../../platform/xlsx-export.ts';
import { memberRole, roleForbids } from '../../policies/company-access.ts';
import { nifTaken } from '../registration/index.ts';
import {
  adminCompaniesWhere,
  COMPANY_PARENT_FIELDS,
  COMPANY_SORT,
  COMPANY_TIE_BREAKER,
  type CompanyWithReferences,
  companiesAfter,
  companiesPage,
  companyWithReferences,
  countCompanies,
  updateCompanyAtVersion,
} from './companies.repository.ts';
import { createDirectoryIndex, type DirectoryRow } from './directory-index.ts';
import { holdsSeal } from './name-changes.repository.ts';
import { nameChangeState, namesDiffer, nifLockedBySeal, recordNameChange } from './name-changes.service.ts';

/** The audit entity of company changes: the resource path. */
export const COMPANIES_ENTITY = 'companies';

export const nifNotEditable = () =>
  new AppError(400, 'nif_not_editable', 'companies:errors.nifNotEditable', {
    details: [{ path: 'nif', message: 'companies:errors.nifNotEditable' }],
  });

type JoinedRow = CompanyWithReferences;
type Ref = JoinedRow['city'];

const label = (ref: Ref, language: Language): string | null =>
  ref ? localized(ref.description, language) : null;
const labelled = (ref: Ref, language: Language) =>
  ref ? { id: ref.id, label: label(ref, language) ?? '' } : null;
const iso = (value: Date) => value.toISOString();

/** The profile without what it says of the status (nameChangeState adds that). */
type ProfileFields = Omit<CompanyProfile, 'holdsSeal' | 'pendingNameChange'>;

function presentProfile(row: JoinedRow, language: Language): ProfileFields {
  const c = row.company;
  return {
    id: c.id,
    version: c.version,
    companyName: c.companyName,
    responsibleName: c.responsibleName,
    email: c.email,
    phone: c.phone,
    nif: c.nif,
    legalName: c.legalName,
    ownerName: c.ownerName,
    managerName: c.managerName,
    establishmentDate: c.establishmentDate,
    annualTurnover: c.annualTurnover, // numeric(18,2) comes back as an exact string with its 2 decimals
    employeeCount: c.employeeCount,
    contactPhone: c.contactPhone,
    contactEmail: c.contactEmail,
    website: c.website,
    isListed: c.isListed,
    statisticsAllowed: c.statisticsWithdrawnAt === null,
    companyTypeId: c.companyTypeId,
    companySituationId: c.companySituationId,
    caeSectionId: row.section?.id ?? null,
    caeDivisionId: c.caeDivisionId,
    islandId: row.island?.id ?? null,
    cityId: c.cityId,
    companyType: labelled(row.type, language),
    companySituation: labelled(row.situation, language),
    caeSection: labelled(row.section, language),
    caeDivision: labelled(row.division, language),
    island: labelled(row.island, language),
    city: labelled(row.city, language),
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
  };
}

function presentListItem(row: JoinedRow, language: Language): CompanyListItem {
  const c = row.company;
  return {
    id: c.id,
    version: c.version,
    companyName: c.companyName,
    nif: c.nif,
    email: c.email,
    phone: c.phone,
    island: label(row.island, language),
    city: label(row.city, language),
    caeSection: label(row.section, language),
    companyType: label(row.type, language),
    companySituationId: c.companySituationId,
    companySituation: label(row.situation, language),
    isListed: c.isListed,
    createdAt: iso(c.createdAt),
  };
}

function presentDirectoryItem(row: DirectoryRow, language: Language): DirectoryItem {
  const c = row.company;
  return {
    id: c.id,
    companyName: c.companyName,
    nif: c.nif,
    year: c.establishmentDate ? Number(c.establishmentDate.slice(0, 4)) : c.createdAt.getUTCFullYear(),
    island: label(row.island, language),
    city: label(row.city, language),
    contact: c.contactPhone ?? c.contactEmail ?? c.phone ?? null,
    website: c.website,
  };
}

function presentPublic(row: JoinedRow, language: Language): PublicCompany {
  const c = row.company;
  return {
    ...presentDirectoryItem(row, language),
    legalName: c.legalName,
    caeSection: label(row.section, language),
    caeDivision: label(row.division, language),
    companyType: label(row.type, language),
    employeeCount: c.employeeCount,
    contactPhone: c.contactPhone,
    contactEmail: c.contactEmail,
  };
}

export type CompanyListQueryValues = z.output<typeof CompanyListQuery>;
export type DirectoryQueryValues = z.output<typeof DirectoryQuery>;

/** The columns of the admin's company export, in the caller's language. */
export const COMPANY_EXPORT_COLUMNS: readonly ExportColumn<CompanyListItem>[] = [
  { header: 'companies:fields.companyName', value: (c) => c.companyName, width: 36 },
  { header: 'companies:fields.nif', value: (c) => c.nif, width: 12 },
  { header: 'companies:fields.email', value: (c) => c.email, width: 30 },
  { header: 'companies:fields.phone', value: (c) => c.phone, width: 16 },
  { header: 'companies:fields.island', value: (c) => c.island, width: 16 },
  { header: 'companies:fields.city', value: (c) => c.city, width: 20 },
  { header: 'companies:fields.caeSection', value: (c) => c.caeSection, width: 30 },
  { header: 'companies:fields.companyType', value: (c) => c.companyType, width: 20 },
  { header: 'companies:fields.companySituation', value: (c) => c.companySituation, width: 20 },
  { header: 'companies:fields.isListed', value: (c, language) => yesNoText(c.isListed, language), width: 12 },
  { header: 'companies:fields.createdAt', value: (c) => c.createdAt.slice(0, 10), width: 14 },
];

const EXPORT_BATCH = 500;

/** How long a public directory page is reused (see `directoryPages`). */
const DIRECTORY_CACHE_MS = 5000;

/** The profile values a request writes (the NIF only when `withNif`). */
function profileValues(input: UpdateCompanyValues) {
  return {
    companyName: input.companyName,
    responsibleName: input.responsibleName,
    email: input.email,
    phone: input.phone,
    nif: input.nif,
    caeDivisionId: input.caeDivisionId,
    cityId: input.cityId,
    legalName: input.legalName,
    ownerName: input.ownerName,
    managerName: input.managerName,
    establishmentDate: input.establishmentDate,
    annualTurnover: input.annualTurnover,
    companyTypeId: input.companyTypeId,
    employeeCount: input.employeeCount,
    contactPhone: input.contactPhone,
    contactEmail: input.contactEmail,
    website: input.website,
    isListed: input.isListed,
  };
}

/** The unique index on the NIF, the one a profile edit can run into. */
const NIF_INDEX = 'companies_nif_idx';

/** The answer to a company write the database refused, chosen by the constraint that failed; else the error. */
export function companyWriteError(error: unknown): unknown {
  const refused = databaseRefusal(error);
  if (refused?.code === '23505' && refused.constraint === NIF_INDEX) return nifTaken();
  const field =
    refused?.code === '23503' && refused.constraint
      ? COMPANY_PARENT_FIELDS.get(refused.constraint)
      : undefined;
  if (field) return parentNotFound(field);
  return error;
}

/**
 * Companies: the profile a member or an admin reads and edits, the admin's list, export and situation, and
 * the public directory (listed companies only).
 */
export function createCompaniesService(deps: { db: Database; directoryCacheMs?: number }) {
  const { db } = deps;
  const directoryIndex = createDirectoryIndex(db);
  /**
   * The directory's pages (rows and total) by the index's version, search term, page and size, for a few
   * seconds: a public page searched as visitors type, the same terms again and again. Keyed by the version, so
   * a change anywhere is seen at once.
   */
  const directoryPages = shortLivedCache<{ rows: DirectoryRow[]; total: number }>({
    ttlMs: deps.directoryCacheMs ?? DIRECTORY_CACHE_MS,
    maxEntries: 2000,
  });

  async function readJoined(executor: Executor, id: string): Promise<JoinedRow | undefined> {
    return companyWithReferences(executor, id);
  }

  /** The profile with whether the company holds the status and its name change waiting for approval. */
  async function profileOf(executor: Executor, row: JoinedRow, language: Language): Promise<CompanyProfile> {
    return {
      ...presentProfile(row, language),
      ...(await nameChangeState(executor, row.company.id, new Date())),
    };
  }

  /**
   * Admins see every company; a company user only the companies they act for (another id answers 404, as
   * if it did not exist), reading in any role and changing the profile as an owner ('own', 403 naming the role
   * otherwise: docs/adr/0028-company-teams.md). Partners are refused by the route's roles.
   */
  async function assertMayAccess(
    caller: AuthContext,
    id: string,
    need: CompanyCapability = 'read',
  ): Promise<boolean> {
    const admin = hasRole(caller.roles, 'admin');
    if (admin) return true;
    const role = await memberRole(db, id, caller.accountId);
    if (role === null) throw notFound();
    if (!roleAllows(role, need)) throw roleForbids(role, need);
    return false;
  }

  function adminReader(query: CompanyListQueryValues, language: Language) {
    const where = adminCompaniesWhere(query);
    const order = orderKeys(COMPANY_SORT, query, language, {
      defaultSort: ['companyName'],
      tieBreaker: COMPANY_TIE_BREAKER,
    });
    return {
      rows: (window: { limit: number; offset: number }) => companiesPage(db, where, orderSql(order), window),
      pages: () =>
        keysetPages({
          order,
          size: EXPORT_BATCH,
          read: (page) => companiesAfter(db, where, page),
        }),
      count: () => countCompanies(db, where),
    };
  }

  return {
    async get(caller: AuthContext, id: string, language: Language): Promise<CompanyProfile> {
      await assertMayAccess(caller, id);
      const row = await readJoined(db, id);
      if (!row) throw notFound();
      return profileOf(db, row, language);
    },

    /**
     * Saves the profile. While the company holds the status (a valid seal, or a suspended one not yet expired)
     * its NIF cannot change, not even by an admin (409 nif_locked_by_seal), and a company user's change of its
     * names becomes a request an admin approves: the other fields are saved, the names stay, and the profile
     * answers with the pending request (name-changes.service.ts).
     */
    async update(
      caller: AuthContext,
      actor: Actor,
      id: string,
      input: UpdateCompanyValues,
      language: Language,
    ): Promise<CompanyProfile> {
      const admin = await assertMayAccess(caller, id, 'own');
      try {
        const saved = await db.transaction(async (tx) => {
          const now = new Date();
          const before = await readJoined(tx, id);
          if (!before) throw notFound();
          if (!admin && input.nif !== before.company.nif) throw nifNotEditable();
          if (before.company.version !== input.version) throw staleVersion();
          const held = await holdsSeal(tx, id, now);
          if (held && input.nif !== before.company.nif) throw nifLockedBySeal();
          const values = profileValues(input);
          if (namesDiffer(before.company, values)) {
            const outcome = await recordNameChange(tx, {
              actor,
              companyId: id,
              admin,
              held,
              from: before.company,
              to: values,
              now,
            });
            if (outcome === 'requested') {
              values.companyName = before.company.companyName;
              values.legalName = before.company.legalName;
            }
          }
          const updated = await updateCompanyAtVersion(tx, id, input.version, { ...values, updatedAt: now });
          if (!updated) throw staleVersion();
          const after = await readJoined(tx, id);
          if (!after) throw notFound();
          const item = presentProfile(after, language);
          await writeAudit(tx, {
            actorAccountId: actor.accountId,
            action: 'update',
            entity: COMPANIES_ENTITY,
            entityId: id,
            before: presentProfile(before, language),
            after: { ...item, byAdmin: admin },
            requestId: actor.requestId,
          });
          return profileOf(tx, after, language);
        });
        return saved;
      } catch (error) {
        throw companyWriteError(error);
      }
    },

    async setSituation(
      actor: Actor,
      id: string,
      input: UpdateCompanySituationRequest,
      language: Language,
    ): Promise<CompanyProfile> {
      try {
        return await db.transaction(async (tx) => {
          const before = await readJoined(tx, id);
          if (!before) throw notFound();
          if (before.company.version !== input.version) throw staleVersion();
          const updated = await updateCompanyAtVersion(tx, id, input.version, {
            companySituationId: input.companySituationId,
            updatedAt: new Date(),
          });
          if (!updated) throw staleVersion();
          const after = await readJoined(tx, id);
          if (!after) throw notFound();
          const item = await profileOf(tx, after, language);
          await writeAudit(tx, {
            actorAccountId: actor.accountId,
            action: 'situation',
            entity: COMPANIES_ENTITY,
            entityId: id,
            before: {
              companySituationId: before.company.companySituationId,
              version: before.company.version,
            },
            after: { companySituationId: item.companySituationId, version: item.version },
            requestId: actor.requestId,
          });
          return item;
        });
      } catch (error) {
        throw companyWriteError(error);
      }
    },

    async list(query: CompanyListQueryValues, language: Language): Promise<Page<CompanyListItem>> {
      const read = adminReader(query, language);
      const [rows, total] = await Promise.all([read.rows(pageWindow(query)), read.count()]);
      return {
        items: rows.map((row) => presentListItem(row, language)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    exportRows(query: CompanyListQueryValues, language: Language): AsyncIterable<CompanyListItem> {
      const read = adminReader(query, language);
      return (async function* () {
        for await (const rows of read.pages()) {
          for (const row of rows) yield presentListItem(row, language);
        }
      })();
    },

    /**
     * The public directory: listed companies only, by name (accent-insensitive) or NIF prefix, answered by the
     * in-memory index (current as of this request; docs/adr/0015).
     */
    async directory(query: DirectoryQueryValues, language: Language): Promise<Page<DirectoryItem>> {
      const window = pageWindow(query);
      const index = await directoryIndex.current();
      // The term as the search compares it (case and accents aside), so "Açores" and "acores" share a page.
      const key = JSON.stringify([
        index.version,
        searchText(query.search ?? ''),
        window.limit,
        window.offset,
      ]);
      const { rows, total } = await directoryPages.get(key, async () => index.search(query.search, window));
      return {
        items: rows.map((row) => presentDirectoryItem(row, language)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async publicCompany(id: string, language: Language): Promise<PublicCompany> {
      const row = await readJoined(db, id);
      if (!row?.company.isListed) throw notFound();
      return presentPublic(row, language);
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
