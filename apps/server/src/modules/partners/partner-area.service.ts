import {
  type AssistedCompany,
  type ConsentLevel,
  type EditionResults,
  type Language,
  PARTNER_PRE_REGISTRATION_WINDOW_MINUTES,
  PARTNER_PRE_REGISTRATIONS_PER_WINDOW,
  type PartnerCompanyView,
  type PartnerDashboard,
  type PartnerEditionCounts,
  type PreRegisterCompanyRequest,
  translate,
} from '@excelencia/domain';
import type { AuthContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import type { ResultsService } from '../applications/index.ts';
import { computeEligibility, latestAnnualYear, resultsReportXlsx } from '../applications/index.ts';
import type { InvitationsService } from '../registration/index.ts';
import {
  accessOf,
  activeEntity,
  assistedRows,
  companySummary,
  countPreRegistrationsSince,
  type EntityRef,
  editionsInOrder,
  entityOfAccount,
  insertAssistedCompany,
  latestApplication,
  logAccess,
  progressOf,
  sealsEditionAndCompany,
  stateOf,
  submittedApplications,
  submittedApplicationsOf,
  teamOf,
} from './partner-area.repository.ts';

export const ASSISTED_ENTITY = 'partners/assisted-companies';

export const preRegistrationLimit = () =>
  new AppError(429, 'pre_registration_limit', 'partners:errors.preRegistrationLimit', {
    params: { max: PARTNER_PRE_REGISTRATIONS_PER_WINDOW },
  });

/**
 * The partner's workplace: the companies its entity assists, what each lets it see, the dashboard by edition and
 * the published results with its companies marked. Every rule is checked here, for the screens and the API alike.
 */
export function createPartnerAreaService(deps: {
  db: Database;
  invitations: InvitationsService;
  results: ResultsService;
  now?: () => Date;
}) {
  const { db, invitations, results } = deps;
  const now = deps.now ?? (() => new Date());

  /** The caller's partner entity; 403 for a partner account linked to none (or to a closed one). */
  async function entityOf(caller: AuthContext): Promise<EntityRef> {
    const entity = caller.partnerEntityId
      ? await activeEntity(db, caller.partnerEntityId)
      : await entityOfAccount(db, caller.accountId);
    if (!entity) throw forbidden('partners:errors.noEntity');
    return entity;
  }

  async function assistedOf(entity: EntityRef): Promise<AssistedCompany[]> {
    const rows = await assistedRows(db, entity.id);
    const progress = await progressOf(
      db,
      rows.map((r) => r.companyId),
      now(),
    );
    return rows.map((row) => {
      const consent = { status: row.status ?? false, diagnosis: row.diagnosis ?? false };
      const p = progress.get(row.companyId);
      return {
        companyId: row.companyId,
        companyName: row.companyName,
        nif: row.nif,
        state: p ? stateOf(p, consent.status) : 'invited',
        invitationExpired: p?.invitationExpired ?? false,
        consent,
        assistedSince: row.assistedSince.toISOString(),
      };
    });
  }

  async function assistedNifs(entity: EntityRef): Promise<Set<string>> {
    const rows = await assistedRows(db, entity.id);
    return new Set(rows.map((r) => r.nif));
  }

  return {
    entityOf,

    async assisted(caller: AuthContext): Promise<AssistedCompany[]> {
      return assistedOf(await entityOf(caller));
    },

    /**
     * Pre-registers the company as the admin does (the same invitation and rules), and the entity assists it from
     * then on. At most PARTNER_PRE_REGISTRATIONS_PER_WINDOW an entity in PARTNER_PRE_REGISTRATION_WINDOW_MINUTES.
     */
    async register(
      caller: AuthContext,
      actor: Actor,
      input: PreRegisterCompanyRequest,
    ): Promise<AssistedCompany> {
      const entity = await entityOf(caller);
      const item = await invitations.preRegister(actor, input, async (tx, companyId) => {
        // Counted in the database, so the limit holds across instances and restarts; the entity's
        // pre-registrations wait for each other here.
        const since = new Date(now().getTime() - PARTNER_PRE_REGISTRATION_WINDOW_MINUTES * 60_000);
        const made = await countPreRegistrationsSince(tx, entity.id, since);
        if (made >= PARTNER_PRE_REGISTRATIONS_PER_WINDOW) throw preRegistrationLimit();
        await insertAssistedCompany(tx, {
          partnerEntityId: entity.id,
          companyId,
          createdBy: actor.accountId,
        });
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'create',
          entity: ASSISTED_ENTITY,
          entityId: companyId,
          after: { partnerEntityId: entity.id, companyId },
          requestId: actor.requestId,
        });
      });
      const found = (await assistedOf(entity)).find((c) => c.companyId === item.companyId);
      if (!found) throw new Error('The assisted company could not be read back');
      return found;
    },

    /**
     * One company as the partner may see it: 404 unless the entity assists it or holds a consent; its public
     * data and its team (names and roles) always; state and diagnosis only under their consent, each read written
     * to the company's access log.
     */
    async company(caller: AuthContext, companyId: string): Promise<PartnerCompanyView> {
      const entity = await entityOf(caller);
      const company = await companySummary(db, companyId);
      if (!company) throw notFound();
      const access = await accessOf(db, entity.id, companyId);
      if (!access.isAssisted && !access.consent.status && !access.consent.diagnosis) throw notFound();
      const read: ConsentLevel[] = [];
      let state: PartnerCompanyView['state'] = null;
      let application: PartnerCompanyView['application'] = null;
      const latest = await latestApplication(db, companyId);
      if (access.consent.status) {
        const progress = (await progressOf(db, [companyId], now())).get(companyId);
        state = progress ? stateOf(progress, true) : null;
        application = latest
          ? {
              editionNumber: latest.editionNumber,
              editionYear: latest.editionYear,
              status: latest.status,
              submittedAt: latest.submittedAt?.toISOString() ?? null,
              isRenewal: latest.isRenewal,
            }
          : null;
        read.push('status');
      }
      let diagnosis: PartnerCompanyView['diagnosis'] = null;
      if (access.consent.diagnosis) {
        const year =
          (await latestAnnualYear(db, companyId)) ?? latest?.indicatorYear ?? now().getFullYear() - 1;
        diagnosis = await computeEligibility(db, companyId, year);
        read.push('diagnosis');
      }
      await logAccess(db, {
        companyId,
        partnerEntityId: entity.id,
        accountId: caller.accountId,
        readerName: caller.name,
        levels: read,
        via: caller.via,
      });
      return {
        companyId,
        companyName: company.companyName,
        nif: company.nif,
        isAssisted: access.isAssisted,
        consent: access.consent,
        state,
        application,
        diagnosis,
        members: await teamOf(db, companyId),
      };
    },

    /**
     * Per edition: the assisted companies (linked before its applications closed), those registered, those that
     * applied (under the state consent), those distinguished (published, hence public), and every applicant.
     */
    async dashboard(caller: AuthContext): Promise<PartnerDashboard> {
      const entity = await entityOf(caller);
      const assisted = await assistedRows(db, entity.id);
      const ids = assisted.map((a) => a.companyId);
      const progress = await progressOf(db, ids, now());
      const allEditions = await editionsInOrder(db);
      const [applicantRows, sealRows, assistedApps] = await Promise.all([
        submittedApplications(db),
        sealsEditionAndCompany(db),
        submittedApplicationsOf(db, ids),
      ]);
      const counts: PartnerEditionCounts[] = allEditions.map((edition) => {
        const inEdition = assisted.filter((a) => a.assistedSince <= edition.applicationClosesAt);
        const inIds = new Set(inEdition.map((a) => a.companyId));
        const consenting = new Set(inEdition.filter((a) => a.status === true).map((a) => a.companyId));
        const published = edition.resultsPublishedAt !== null;
        const editionSeals = published ? sealRows.filter((s) => s.editionId === edition.id) : [];
        return {
          editionId: edition.id,
          number: edition.number,
          year: edition.year,
          resultsPublished: published,
          assisted: inEdition.length,
          registered: inEdition.filter((a) => progress.get(a.companyId)?.registered).length,
          applied: assistedApps.filter((a) => a.editionId === edition.id && consenting.has(a.companyId))
            .length,
          distinguished: editionSeals.filter((s) => inIds.has(s.companyId)).length,
          applicants: applicantRows.filter((a) => a.editionId === edition.id).length,
          distinguishedTotal: editionSeals.length,
        };
      });
      return {
        entity,
        assisted: assisted.length,
        registered: ids.filter((id) => progress.get(id)?.registered).length,
        editions: counts,
      };
    },

    /** The NIFs of the entity's assisted companies, to mark them in the published results. */
    async assistedNifs(caller: AuthContext): Promise<string[]> {
      return [...(await assistedNifs(await entityOf(caller)))];
    },

    /** The results report as XLSX with a column marking the entity's assisted companies. */
    async resultsXlsx(
      caller: AuthContext,
      editionId: string,
      language: Language,
    ): Promise<{ data: EditionResults; file: Buffer }> {
      const entity = await entityOf(caller);
      const data = await results.results(editionId);
      const file = await resultsReportXlsx(data, language, {
        header: translate(language, 'partners:results.assistedColumn'),
        yes: translate(language, 'partners:results.assistedYes'),
        nifs: await assistedNifs(entity),
      });
      return { data, file };
    },
  };
}

export type PartnerAreaService = ReturnType<typeof createPartnerAreaService>;
