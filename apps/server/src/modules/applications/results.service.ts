import {
  type DistinguishedCompany,
  type EditionResults,
  type Eligibility,
  isCertificateAvailable,
  type LocalizedText,
  type PublishReadiness,
  type Seal,
  type SealActionRequest,
  type SealVerification,
  sealStatusAt,
  sealStatusSince,
  sealValidUntil,
  uniqueId,
} from '@excelencia/domain';
import type { AuthContext } from '../../auth/types.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { AppError, notFound, staleVersion } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { assertCompanyAccess } from '../../policies/company-access.ts';
import { applicationMail, editionLabel, failedCriteriaLines, formatMailDate } from './application-mails.ts';
import { APPLICATION_ENTITY, type ApplicationsService } from './applications.service.ts';
import { type EditionRow, editionRow, toEdition } from './editions.service.ts';
import { withRecommendations } from './eligibility.ts';
import {
  applicantsAndSealsBy,
  closeApplication,
  decidedApplicationsOfEdition,
  decisionsOutstanding,
  draftsToClose,
  insertSeal,
  lockEdition,
  lockSeal,
  markResultsPublished,
  sealByCode,
  sealById,
  sealsByIssuedName,
  sealsOfCompanyLatestFirst,
  sealsOfEditionWithPlaces,
  setSealState,
  submittedCounts,
} from './results.repository.ts';
import { presentSeal, type SealRow, sealRenaming } from './seals.ts';

const SEAL_ENTITY = 'seals';

const notPublished = () => new AppError(409, 'results_not_published', 'applications:resultsNotPublished');

/** A suspended or withdrawn status has no certificate to download (the public check says why). */
const sealNotValid = () => new AppError(409, 'seal_not_valid', 'applications:errors.sealNotValid');

/**
 * Publishing an edition's results and the status that follows: one seal per qualified application, valid for at
 * most one year from publication, suspended, reinstated or withdrawn by an admin with a reason.
 */
export function createResultsService(deps: {
  db: Database;
  applications: ApplicationsService;
  publicUrl: string;
}) {
  const { db, publicUrl } = deps;

  async function readinessOf(executor: Executor, edition: EditionRow): Promise<PublishReadiness> {
    const { undecided, unconfirmed } = await decisionsOutstanding(executor, edition.id);
    const published = edition.resultsPublishedAt !== null;
    const toClose = published ? [] : (await draftsToClose(executor, edition.id)).map((d) => d.summary);
    return {
      ready: !published && undecided === 0 && unconfirmed === 0,
      undecided,
      unconfirmed,
      published,
      toClose,
    };
  }

  async function distinguished(executor: Executor, editionId: string, now: Date, publicOnly: boolean) {
    const rows = await sealsOfEditionWithPlaces(executor, editionId, publicOnly);
    return rows.map(
      (r): DistinguishedCompany => ({
        // The name and NIF the seal was issued to, and the company's name today beside them when it changed.
        companyName: r.seal.companyName,
        nif: r.seal.nif,
        ...sealRenaming(r.seal, r),
        island: r.island ?? null,
        city: r.city ?? null,
        section: r.sectionCode && r.section ? { code: r.sectionCode, description: r.section } : null,
        sealCode: r.seal.code,
        validUntil: r.seal.validUntil.toISOString(),
        status: sealStatusAt(r.seal, now),
        isRenewal: r.isRenewal,
      }),
    );
  }

  async function countsBy(
    executor: Executor,
    editionId: string,
    dimension: 'island' | 'section',
  ): Promise<EditionResults['byIsland']> {
    const rows = await applicantsAndSealsBy(executor, editionId, dimension);
    return rows.map((r) => ({
      label: (r.label as LocalizedText | null) ?? null,
      applicants: r.applicants,
      distinguished: r.distinguished,
    }));
  }

  /**
   * Closes the drafts never submitted of an edition being published (kept, status closed, audited) and tells
   * each company's members, in their language, that its application closed unsubmitted on that day.
   */
  async function closeDrafts(tx: Executor, actor: Actor, edition: EditionRow, now: Date): Promise<number> {
    const drafts = await draftsToClose(tx, edition.id, true);
    const closedAt = edition.applicationsClosedAt ?? now;
    for (const { application, companyName, files } of drafts) {
      await closeApplication(tx, application, now);
      await writeAudit(tx, {
        actorAccountId: actor.accountId,
        action: 'close',
        entity: APPLICATION_ENTITY,
        entityId: application.id,
        companyId: application.companyId,
        before: { status: application.status, version: application.version },
        after: { status: 'closed', files, applicationsClosedAt: closedAt.toISOString() },
        requestId: actor.requestId ?? null,
      });
      for (const member of await deps.applications.membersOf(tx, application.companyId)) {
        await enqueueMail(
          tx,
          applicationMail('closed', {
            to: member.email,
            name: member.name,
            language: member.language,
            link: `${publicUrl}/${member.language}/company/application`,
            params: {
              companyName,
              edition: editionLabel(edition, member.language),
              date: formatMailDate(closedAt, member.language),
              count: files,
            },
          }),
        );
      }
    }
    return drafts.length;
  }

  return {
    async readiness(editionId: string): Promise<PublishReadiness> {
      return readinessOf(db, await editionRow(db, editionId));
    },

    /**
     * Publishes an edition's results once: every decision made and confirmed. Qualified applications get their
     * seal; every applicant's members are told in their language. The edition row is locked, so two
     * simultaneous publications cannot both pass.
     */
    async publish(actor: Actor, editionId: string, now = new Date()) {
      return db.transaction(async (tx) => {
        const edition = await lockEdition(tx, editionId);
        if (!edition) throw notFound();
        if (edition.resultsPublishedAt) {
          throw new AppError(409, 'results_already_published', 'applications:resultsPublished');
        }
        const readiness = await readinessOf(tx, edition);
        if (!readiness.ready) {
          throw new AppError(409, 'results_not_ready', 'applications:resultsNotReady', {
            params: { undecided: readiness.undecided, unconfirmed: readiness.unconfirmed },
          });
        }
        // Applications close now, unless their window had closed already.
        const applicationsClosedAt =
          now.getTime() < edition.applicationClosesAt.getTime() ? now : edition.applicationClosesAt;
        const published = await markResultsPublished(
          tx,
          edition,
          { publishedBy: actor.accountId, applicationsClosedAt },
          now,
        );
        if (!published) throw notFound();
        const closed = await closeDrafts(tx, actor, published, now);
        const decided = await decidedApplicationsOfEdition(tx, editionId);
        const validUntil = sealValidUntil(now);
        const recommended = await withRecommendations(tx);
        let notified = 0;
        let distinguishedCount = 0;
        for (const { application, companyName, nif } of decided) {
          const qualified = application.status === 'evaluated';
          if (qualified) {
            distinguishedCount += 1;
            // The name and NIF it is issued to stay on the seal, whatever the company's profile says later.
            await insertSeal(tx, {
              code: uniqueId(),
              applicationId: application.id,
              companyId: application.companyId,
              editionId,
              companyName,
              nif,
              issuedAt: now,
              validUntil,
            });
          }
          await writeAudit(tx, {
            actorAccountId: actor.accountId,
            action: 'publish',
            entity: APPLICATION_ENTITY,
            entityId: application.id,
            companyId: application.companyId,
            before: { status: application.status },
            after: { status: application.status, distinguished: qualified },
            requestId: actor.requestId ?? null,
          });
          // A refusal names each criterion the judged figures failed (none when they all passed: its reason says why).
          const judged = qualified
            ? []
            : recommended((application.eligibility as Eligibility).applicationFinancialIndicators ?? []);
          for (const member of await deps.applications.membersOf(tx, application.companyId)) {
            notified += 1;
            await enqueueMail(
              tx,
              applicationMail('results', {
                to: member.email,
                name: member.name,
                language: member.language,
                link: `${publicUrl}/${member.language}/company/application`,
                params: {
                  companyName,
                  edition: editionLabel(edition, member.language),
                  validUntil: formatMailDate(validUntil, member.language),
                  distinguished: qualified ? 1 : 0,
                  reason: application.decisionReason ?? '',
                },
                details: failedCriteriaLines(judged, member.language),
              }),
            );
          }
        }
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'publishResults',
          entity: 'editions',
          entityId: editionId,
          before: { resultsPublishedAt: null },
          after: {
            resultsPublishedAt: now.toISOString(),
            applicationsClosedAt: applicationsClosedAt.toISOString(),
            distinguished: distinguishedCount,
            closed,
          },
          requestId: actor.requestId ?? null,
        });
        return { edition: toEdition(published), distinguished: distinguishedCount, notified, closed };
      });
    },

    async results(editionId: string, now = new Date()): Promise<EditionResults> {
      const edition = await editionRow(db, editionId);
      if (!edition.resultsPublishedAt) throw notPublished();
      const [counts, byIsland, bySection, list] = await Promise.all([
        submittedCounts(db, editionId),
        countsBy(db, editionId, 'island'),
        countsBy(db, editionId, 'section'),
        distinguished(db, editionId, now, false),
      ]);
      return {
        edition: {
          id: edition.id,
          number: edition.number,
          year: edition.year,
          resultsPublishedAt: edition.resultsPublishedAt.toISOString(),
        },
        applicants: counts?.applicants ?? 0,
        distinguished: counts?.distinguished ?? 0,
        unqualified: counts?.unqualified ?? 0,
        byIsland,
        bySection,
        companies: list,
      };
    },

    async publicDistinguished(editionId: string, now = new Date()): Promise<DistinguishedCompany[]> {
      const edition = await editionRow(db, editionId);
      if (!edition.resultsPublishedAt) throw notFound();
      return distinguished(db, editionId, now, true);
    },

    /**
     * The public check: the status now and since when, the name and NIF the seal was issued to, and the company's
     * name today when an approved change renamed it since.
     */
    async verify(code: string, now = new Date()): Promise<SealVerification> {
      const row = await sealByCode(db, code);
      if (!row) throw notFound();
      return {
        status: sealStatusAt(row.seal, now),
        companyName: row.seal.companyName,
        nif: row.seal.nif,
        editionYear: row.edition.year,
        editionNumber: row.edition.number,
        validUntil: row.seal.validUntil.toISOString(),
        issuedAt: row.seal.issuedAt.toISOString(),
        statusSince: sealStatusSince(row.seal, now).toISOString(),
        ...sealRenaming(row.seal, row),
      };
    },

    async companySeals(caller: AuthContext, companyId: string, now = new Date()): Promise<Seal[]> {
      await assertCompanyAccess(db, caller, companyId);
      const rows = await sealsOfCompanyLatestFirst(db, companyId);
      return rows.map((r) => presentSeal(r.seal, r.edition, r, now));
    },

    /**
     * What the certificate shows: the name and NIF the seal was issued to. A suspended or withdrawn status has
     * none to download, for the company and admins alike (409 seal_not_valid); one downloaded before still
     * carries the QR code of the public check, which says what the status is now.
     */
    async certificate(caller: AuthContext, companyId: string, sealId: string, now = new Date()) {
      await assertCompanyAccess(db, caller, companyId);
      const row = await sealById(db, sealId);
      if (!row || row.seal.companyId !== companyId) throw notFound();
      if (!isCertificateAvailable(sealStatusAt(row.seal, now))) throw sealNotValid();
      return {
        seal: presentSeal(row.seal, row.edition, row, now),
        edition: {
          number: row.edition.number,
          year: row.edition.year,
          indicatorYear: row.edition.indicatorYear,
        },
        verifyUrl: `${publicUrl}/public/selo/${row.seal.code}`,
      };
    },

    async adminSeals(editionId: string | undefined, now = new Date()): Promise<Seal[]> {
      const rows = await sealsByIssuedName(db, editionId);
      return rows.map((r) => presentSeal(r.seal, r.edition, r, now));
    },

    async sealAction(actor: Actor, id: string, body: SealActionRequest, now = new Date()): Promise<Seal> {
      return db.transaction(async (tx) => {
        const seal = await lockSeal(tx, id);
        if (!seal) throw notFound();
        if (seal.version !== body.version) throw staleVersion();
        if (seal.state === 'withdrawn')
          throw new AppError(409, 'seal_withdrawn', 'applications:sealWithdrawn');
        const next: SealRow['state'] =
          body.action === 'suspend' ? 'suspended' : body.action === 'withdraw' ? 'withdrawn' : 'active';
        if (next === seal.state)
          throw new AppError(409, 'seal_state_unchanged', 'applications:sealStateUnchanged');
        const updated = await setSealState(tx, seal, { state: next, reason: body.reason }, now);
        if (!updated) throw notFound();
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: body.action,
          entity: SEAL_ENTITY,
          entityId: id,
          companyId: seal.companyId,
          before: { state: seal.state, reason: seal.reason },
          after: { state: next, reason: body.reason },
          requestId: actor.requestId ?? null,
        });
        const context = await sealById(tx, id);
        if (!context) throw notFound();
        return presentSeal(updated, context.edition, context, now);
      });
    },
  };
}

export type ResultsService = ReturnType<typeof createResultsService>;
