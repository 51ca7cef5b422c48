import {
  type DistinguishedCompany,
  type EditionResults,
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
import { and, asc, eq, inArray, isNotNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { AuthContext } from '../../auth/types.ts';
import type { Database, Executor } from '../../db/client.ts';
import { ACCENTED, PLAIN } from '../../db/schema/accounts.ts';
import {
  applications,
  caeDivisions,
  caeSections,
  cities,
  companies,
  editions,
  islands,
  seals,
} from '../../db/schema/index.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { AppError, notFound, staleVersion } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { assertCompanyAccess } from '../../policies/company-access.ts';
import { applicationMail, editionLabel, formatMailDate } from './application-mails.ts';
import { APPLICATION_ENTITY, type ApplicationsService } from './applications.service.ts';
import { type EditionRow, editionRow, toEdition } from './editions.service.ts';
import { closeApplication, draftsToClose, sealsWithContext, sealWithContext } from './results.repository.ts';
import { presentSeal, type SealRow, sealCompanyColumns, sealRenaming } from './seals.ts';

const SEAL_ENTITY = 'seals';

const notPublished = () => new AppError(409, 'results_not_published', 'applications:resultsNotPublished');

/** A suspended or withdrawn status has no certificate to download (the public check says why). */
const sealNotValid = () => new AppError(409, 'seal_not_valid', 'applications:errors.sealNotValid');

/** The issued names in the order of the companies' search text (lower case, no accents). */
const byIssuedName = sql`lower(translate(${seals.companyName}, ${ACCENTED}, ${PLAIN}))`;

/** Submitted applications: pending or decided, or sent back to the company after submission (never closed ones). */
const submitted = or(
  notInArray(applications.status, ['draft', 'closed']),
  isNotNull(applications.submittedAt),
);

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
    const [row] = await executor
      .select({
        undecided: sql<number>`count(*) filter (where ${applications.status} = 'pending' or (${applications.status} = 'draft' and ${applications.submittedAt} is not null))::int`,
        unconfirmed: sql<number>`count(*) filter (where ${applications.status} in ('evaluated', 'unqualified') and ${applications.confirmedAt} is null)::int`,
      })
      .from(applications)
      .where(eq(applications.editionId, edition.id));
    const undecided = row?.undecided ?? 0;
    const unconfirmed = row?.unconfirmed ?? 0;
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
    const rows = await executor
      .select({
        seal: seals,
        ...sealCompanyColumns,
        island: islands.description,
        city: cities.description,
        sectionCode: caeSections.code,
        section: caeSections.description,
      })
      .from(seals)
      .innerJoin(companies, eq(companies.id, seals.companyId))
      .leftJoin(cities, eq(cities.id, companies.cityId))
      .leftJoin(islands, eq(islands.id, cities.islandId))
      .leftJoin(caeDivisions, eq(caeDivisions.id, companies.caeDivisionId))
      .leftJoin(caeSections, eq(caeSections.id, caeDivisions.sectionId))
      .where(and(eq(seals.editionId, editionId), publicOnly ? ne(seals.state, 'withdrawn') : undefined))
      .orderBy(byIssuedName, asc(seals.nif));
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
      }),
    );
  }

  async function countsBy(
    executor: Executor,
    editionId: string,
    dimension: 'island' | 'section',
  ): Promise<EditionResults['byIsland']> {
    const label = dimension === 'island' ? islands.description : caeSections.description;
    const key = dimension === 'island' ? islands.id : caeSections.id;
    const rows = await executor
      .select({
        key,
        label,
        applicants: sql<number>`count(*)::int`,
        distinguished: sql<number>`count(${seals.id})::int`,
      })
      .from(applications)
      .innerJoin(companies, eq(companies.id, applications.companyId))
      .leftJoin(cities, eq(cities.id, companies.cityId))
      .leftJoin(islands, eq(islands.id, cities.islandId))
      .leftJoin(caeDivisions, eq(caeDivisions.id, companies.caeDivisionId))
      .leftJoin(caeSections, eq(caeSections.id, caeDivisions.sectionId))
      .leftJoin(seals, eq(seals.applicationId, applications.id))
      .where(and(eq(applications.editionId, editionId), submitted))
      .groupBy(key, label)
      .orderBy(sql`count(${seals.id}) desc`, sql`count(*) desc`);
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
        const [edition] = await tx.select().from(editions).where(eq(editions.id, editionId)).for('update');
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
        const [published] = await tx
          .update(editions)
          .set({
            resultsPublishedAt: now,
            resultsPublishedBy: actor.accountId,
            applicationsClosedAt,
            version: edition.version + 1,
            updatedAt: now,
          })
          .where(eq(editions.id, editionId))
          .returning();
        if (!published) throw notFound();
        const closed = await closeDrafts(tx, actor, published, now);
        const decided = await tx
          .select({ application: applications, companyName: companies.companyName, nif: companies.nif })
          .from(applications)
          .innerJoin(companies, eq(companies.id, applications.companyId))
          .where(
            and(
              eq(applications.editionId, editionId),
              inArray(applications.status, ['evaluated', 'unqualified']),
            ),
          );
        const validUntil = sealValidUntil(now);
        let notified = 0;
        let distinguishedCount = 0;
        for (const { application, companyName, nif } of decided) {
          const qualified = application.status === 'evaluated';
          if (qualified) {
            distinguishedCount += 1;
            // The name and NIF it is issued to stay on the seal, whatever the company's profile says later.
            await tx.insert(seals).values({
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
            before: { status: application.status },
            after: { status: application.status, distinguished: qualified },
            requestId: actor.requestId ?? null,
          });
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
      const [[counts], byIsland, bySection, list] = await Promise.all([
        db
          .select({
            applicants: sql<number>`count(*)::int`,
            distinguished: sql<number>`count(*) filter (where ${applications.status} = 'evaluated')::int`,
            unqualified: sql<number>`count(*) filter (where ${applications.status} = 'unqualified')::int`,
          })
          .from(applications)
          .where(and(eq(applications.editionId, editionId), submitted)),
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
      const row = await sealWithContext(db, eq(seals.code, code));
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
      const rows = await sealsWithContext(db)
        .where(eq(seals.companyId, companyId))
        .orderBy(sql`${seals.issuedAt} desc`);
      return rows.map((r) => presentSeal(r.seal, r.edition, r, now));
    },

    /**
     * What the certificate shows: the name and NIF the seal was issued to. A suspended or withdrawn status has
     * none to download, for the company and admins alike (409 seal_not_valid); one downloaded before still
     * carries the QR code of the public check, which says what the status is now.
     */
    async certificate(caller: AuthContext, companyId: string, sealId: string, now = new Date()) {
      await assertCompanyAccess(db, caller, companyId);
      const row = await sealWithContext(db, eq(seals.id, sealId));
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
      const rows = await sealsWithContext(db)
        .where(editionId ? eq(seals.editionId, editionId) : undefined)
        .orderBy(byIssuedName, asc(seals.nif));
      return rows.map((r) => presentSeal(r.seal, r.edition, r, now));
    },

    async sealAction(actor: Actor, id: string, body: SealActionRequest, now = new Date()): Promise<Seal> {
      return db.transaction(async (tx) => {
        const [seal] = await tx.select().from(seals).where(eq(seals.id, id)).for('update');
        if (!seal) throw notFound();
        if (seal.version !== body.version) throw staleVersion();
        if (seal.state === 'withdrawn')
          throw new AppError(409, 'seal_withdrawn', 'applications:sealWithdrawn');
        const next: SealRow['state'] =
          body.action === 'suspend' ? 'suspended' : body.action === 'withdraw' ? 'withdrawn' : 'active';
        if (next === seal.state)
          throw new AppError(409, 'seal_state_unchanged', 'applications:sealStateUnchanged');
        const [updated] = await tx
          .update(seals)
          .set({
            state: next,
            reason: body.reason,
            stateChangedAt: now,
            version: seal.version + 1,
            updatedAt: now,
          })
          .where(eq(seals.id, id))
          .returning();
        if (!updated) throw notFound();
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: body.action,
          entity: SEAL_ENTITY,
          entityId: id,
          before: { state: seal.state, reason: seal.reason },
          after: { state: next, reason: body.reason },
          requestId: actor.requestId ?? null,
        });
        const context = await sealWithContext(tx, eq(seals.id, id));
        if (!context) throw notFound();
        return presentSeal(updated, context.edition, context, now);
      });
    },
  };
}

export type ResultsService = ReturnType<typeof createResultsService>;
