import {
  allQuestions,
  answerErrors,
  type CompanyEsg,
  ESG_PILLARS,
  type EsgAnswers,
  type EsgCount,
  type EsgForm,
  EsgFormDefinition,
  type EsgFormInput,
  type EsgFormSummary,
  type EsgFormUpdate,
  type EsgGroupScore,
  type EsgPublicForm,
  type EsgQuestionDistribution,
  type EsgResponse,
  type EsgResponseSummary,
  type EsgResults,
  EsgScores,
  type EsgSectorComparison,
  type LocalizedText,
  percentOf,
  scoreAnswers,
  sectorMedian,
} from '@excelencia/domain';
import type { AuthContext } from '../../auth/types.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { AppError, notFound, parentNotFound, staleVersion } from '../../platform/errors.ts';
import { assertCompanyAccess } from '../../policies/company-access.ts';
import {
  companyCaeSection,
  companyCount,
  currentOpenForm,
  type EsgRespondent,
  editionExists,
  type EsgFormRow as FormRow,
  formById,
  formOrderNumbers,
  formsInOrder,
  insertDraftResponse,
  insertForm,
  insertFormVersion,
  lastFormOrderNumber,
  latestVersionOfForm,
  latestVersionsOfForms,
  lockFormNumbering,
  overwriteDraftAnswers,
  type EsgResponseContext as ResponseContext,
  respondentsOf,
  responseContextById,
  responseContextOfCompany,
  responseContextOfCompanyForm,
  responseContextsOfCompany,
  responseCountsByFormVersion,
  responseCountsOfForm,
  responsesOfFormWithGroups,
  setFormOrderNumber,
  setVersionDefinition,
  submitDraftResponse,
  submittedResponseContextsOfForm,
  submittedScoresInSection,
  updateFormAtVersion,
  updateResponseAnswers,
  type EsgFormVersionRow as VersionRow,
  versionAnswered,
} from './esg.repository.ts';

export const ESG_FORM_ENTITY = 'esg_forms';
export const ESG_RESPONSE_ENTITY = 'esg_responses';

const formNotFound = () => notFound('esg:errors.formNotFound');
const alreadySubmitted = () => new AppError(409, 'esg_submitted', 'esg:errors.alreadySubmitted');

const emptyText = { pt: '', en: '', fr: '' };

function questionCount(definition: EsgFormDefinition): number {
  return definition.sections.reduce((sum, section) => sum + section.questions.length, 0);
}

/** A stored definition, read back through the schema (a row written by an older rule still parses or fails loudly). */
function definitionOf(row: VersionRow): EsgFormDefinition {
  return EsgFormDefinition.parse(row.definition);
}

function summaryOf(
  row: FormRow,
  latest: VersionRow,
  counts: { drafts: number; submitted: number; latestAnswered: boolean },
): EsgFormSummary {
  return {
    id: row.id,
    code: row.code,
    orderNumber: row.orderNumber,
    title: row.title as LocalizedText,
    description: (row.description as LocalizedText | null) ?? emptyText,
    period: row.period,
    editionId: row.editionId,
    status: row.status,
    definitionVersion: latest.number,
    locked: counts.latestAnswered,
    questionCount: questionCount(definitionOf(latest)),
    drafts: counts.drafts,
    submitted: counts.submitted,
    version: row.version,
  };
}

async function latestVersion(db: Executor, formId: string): Promise<VersionRow> {
  const row = await latestVersionOfForm(db, formId);
  if (!row) throw formNotFound();
  return row;
}

async function formCounts(db: Executor, formId: string, latestId: string) {
  const row = await responseCountsOfForm(db, formId, latestId);
  return { drafts: row?.drafts ?? 0, submitted: row?.submitted ?? 0, latestAnswered: (row?.latest ?? 0) > 0 };
}

async function formRow(db: Executor, id: string): Promise<FormRow> {
  const row = await formById(db, id);
  if (!row) throw formNotFound();
  return row;
}

async function fullForm(db: Executor, row: FormRow): Promise<EsgForm> {
  const latest = await latestVersion(db, row.id);
  return {
    ...summaryOf(row, latest, await formCounts(db, row.id, latest.id)),
    definition: definitionOf(latest),
  };
}

async function assertEdition(db: Executor, editionId: string | null): Promise<void> {
  if (!editionId) return;
  if (!(await editionExists(db, editionId))) throw parentNotFound('editionId');
}

/** The form companies answer now: the open one of the latest period (the most recently created on a tie). */
async function currentFormRow(db: Executor): Promise<FormRow | null> {
  return (await currentOpenForm(db)) ?? null;
}

function responseSummary(context: ResponseContext): EsgResponseSummary {
  const { row, form, version } = context;
  return {
    id: row.id,
    formId: form.id,
    formTitle: form.title as LocalizedText,
    period: form.period,
    definitionVersion: version.number,
    companyId: row.companyId,
    companyName: context.companyName,
    status: row.status,
    scores: row.scores ? EsgScores.parse(row.scores) : null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The medians of the submitted scores of the form among the companies of the company's CAE section, each
 * shown only from SECTOR_MIN_COMPANIES companies on (the company itself included).
 */
async function sectorComparison(
  db: Executor,
  formId: string,
  companyId: string,
): Promise<EsgSectorComparison> {
  const section = await companyCaeSection(db, companyId);
  const nothing = ESG_PILLARS.map((pillar) => ({ pillar, median: null }));
  if (!section) return { section: null, overall: null, pillars: nothing };
  const rows = await submittedScoresInSection(db, formId, section.id);
  const scores = rows.map((row) => EsgScores.parse(row.scores));
  const values = (pick: (s: EsgScores) => number | null) =>
    scores.map(pick).filter((value): value is number => value !== null);
  return {
    section: { code: section.code, description: section.description },
    overall: sectorMedian(values((s) => s.overall.percent)),
    pillars: ESG_PILLARS.map((pillar) => ({
      pillar,
      median: sectorMedian(values((s) => s.pillars.find((p) => p.pillar === pillar)?.percent ?? null)),
    })),
  };
}

async function fullResponse(db: Executor, context: ResponseContext): Promise<EsgResponse> {
  return {
    ...responseSummary(context),
    answers: context.row.answers as EsgAnswers,
    definition: definitionOf(context.version),
    sector:
      context.row.status === 'submitted'
        ? await sectorComparison(db, context.form.id, context.row.companyId)
        : null,
  };
}

function invalidAnswers(errors: Record<string, string>): AppError {
  return new AppError(400, 'validation', 'esg:errors.checkAnswers', {
    details: Object.entries(errors).map(([key, message]) => ({ path: `answers.${key}`, message })),
  });
}

function groupScores(
  rows: { key: string | null; label: LocalizedText | null; percent: number | null }[],
): EsgGroupScore[] {
  const groups = new Map<string, { label: LocalizedText | null; values: number[] }>();
  for (const row of rows) {
    const key = row.key ?? '';
    const group = groups.get(key) ?? { label: row.label, values: [] };
    if (row.percent !== null) group.values.push(row.percent);
    groups.set(key, group);
  }
  return [...groups.entries()]
    .map(([key, group]) => ({
      key,
      label: group.label,
      companies: group.values.length,
      average:
        group.values.length === 0
          ? null
          : Math.round((group.values.reduce((a, b) => a + b, 0) / group.values.length) * 10) / 10,
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * ESG forms and answers: admins build versioned forms (a version some company answered never changes; editing
 * it writes the next), companies save drafts and submit once per form, submissions are scored and compared with
 * their CAE section.
 */
export function createEsgService(deps: { db: Database }) {
  const { db } = deps;

  async function companyResponse(
    tx: Executor,
    companyId: string,
    formId: string,
  ): Promise<ResponseContext | null> {
    return (await responseContextOfCompanyForm(tx, companyId, formId)) ?? null;
  }

  return {
    /** Every form in order with its latest version and answer counts, in three queries whatever their number. */
    async listForms(): Promise<EsgFormSummary[]> {
      const forms = await formsInOrder(db);
      const versions = await latestVersionsOfForms(db);
      const counts = await responseCountsByFormVersion(db);
      const latestOf = new Map(versions.map((version) => [version.formId, version]));
      return forms.map((row) => {
        const latest = latestOf.get(row.id);
        if (!latest) throw formNotFound();
        const own = counts.filter((count) => count.formId === row.id);
        return summaryOf(row, latest, {
          drafts: own.reduce((sum, count) => sum + count.drafts, 0),
          submitted: own.reduce((sum, count) => sum + count.submitted, 0),
          latestAnswered: own.some(
            (count) => count.formVersionId === latest.id && count.drafts + count.submitted > 0,
          ),
        });
      });
    },

    async getForm(id: string): Promise<EsgForm> {
      return fullForm(db, await formRow(db, id));
    },

    async currentPublic(): Promise<EsgPublicForm | null> {
      const row = await currentFormRow(db);
      if (!row) return null;
      const latest = await latestVersion(db, row.id);
      return {
        title: row.title as LocalizedText,
        description: (row.description as LocalizedText | null) ?? emptyText,
        period: row.period,
        questionCount: questionCount(definitionOf(latest)),
      };
    },

    async createForm(actor: Actor, input: EsgFormInput, code: string | null = null): Promise<EsgForm> {
      return db.transaction(async (tx) => {
        await assertEdition(tx, input.editionId);
        await lockFormNumbering(tx);
        const last = await lastFormOrderNumber(tx);
        const row = await insertForm(tx, {
          code,
          orderNumber: (last ?? 0) + 1,
          title: input.title,
          description: input.description,
          period: input.period,
          editionId: input.editionId,
          status: input.status,
          createdBy: actor.accountId,
        });
        await insertFormVersion(tx, {
          formId: row.id,
          number: 1,
          definition: input.definition,
          createdBy: actor.accountId,
        });
        const form = await fullForm(tx, row);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'create',
          entity: ESG_FORM_ENTITY,
          entityId: row.id,
          after: form,
          requestId: actor.requestId ?? null,
        });
        return form;
      });
    },

    /**
     * Writes the texts, period, edition and status in place; a changed definition replaces the latest
     * version while nobody has answered it, else becomes the next version.
     */
    async updateForm(actor: Actor, id: string, input: EsgFormUpdate): Promise<EsgForm> {
      return db.transaction(async (tx) => {
        const before = await formRow(tx, id);
        if (before.version !== input.version) throw staleVersion();
        await assertEdition(tx, input.editionId);
        const beforeForm = await fullForm(tx, before);
        const latest = await latestVersion(tx, id);
        const definitionChanged = JSON.stringify(definitionOf(latest)) !== JSON.stringify(input.definition);
        if (definitionChanged) {
          if (await versionAnswered(tx, latest.id)) {
            await insertFormVersion(tx, {
              formId: id,
              number: latest.number + 1,
              definition: input.definition,
              createdBy: actor.accountId,
            });
          } else {
            await setVersionDefinition(tx, latest.id, input.definition);
          }
        }
        const row = await updateFormAtVersion(tx, id, input.version, {
          title: input.title,
          description: input.description,
          period: input.period,
          editionId: input.editionId,
          status: input.status,
          version: before.version + 1,
          updatedAt: new Date(),
        });
        if (!row) throw staleVersion();
        const form = await fullForm(tx, row);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'update',
          entity: ESG_FORM_ENTITY,
          entityId: id,
          before: beforeForm,
          after: form,
          requestId: actor.requestId ?? null,
        });
        return form;
      });
    },

    /** Renumbers the forms 1..n in the order given (every form exactly once). */
    async reorderForms(actor: Actor, ids: string[]): Promise<EsgFormSummary[]> {
      await db.transaction(async (tx) => {
        await lockFormNumbering(tx);
        const rows = await formOrderNumbers(tx);
        const known = new Set(rows.map((row) => row.id));
        if (
          ids.length !== rows.length ||
          new Set(ids).size !== ids.length ||
          !ids.every((i) => known.has(i))
        ) {
          throw new AppError(400, 'validation', 'esg:errors.orderEveryForm', {
            details: [{ path: 'ids', message: 'esg:errors.orderEveryForm' }],
          });
        }
        for (const [index, formId] of ids.entries()) {
          await setFormOrderNumber(tx, formId, index + 1);
        }
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'reorder',
          entity: ESG_FORM_ENTITY,
          entityId: null,
          before: [...rows].sort((a, b) => a.orderNumber - b.orderNumber).map((row) => row.id),
          after: ids,
          requestId: actor.requestId ?? null,
        });
      });
      return this.listForms();
    },

    async companyEsg(caller: AuthContext, companyId: string): Promise<CompanyEsg> {
      await assertCompanyAccess(db, caller, companyId);
      const current = await currentFormRow(db);
      const responses = (await responseContextsOfCompany(db, companyId)).map(responseSummary);
      if (!current) return { current: null, responses };
      const own = await companyResponse(db, companyId, current.id);
      // A company keeps answering the version it started on; one that has not started gets the latest.
      const version = own?.version ?? (await latestVersion(db, current.id));
      return {
        current: {
          form: {
            id: current.id,
            title: current.title as LocalizedText,
            description: (current.description as LocalizedText | null) ?? emptyText,
            period: current.period,
            definitionVersion: version.number,
          },
          definition: definitionOf(version),
          response: own ? await fullResponse(db, own) : null,
        },
        responses,
      };
    },

    /** Saves the draft answers of the current form (creating the draft on the first save). */
    async saveDraft(
      caller: AuthContext,
      actor: Actor,
      companyId: string,
      formId: string,
      answers: EsgAnswers,
    ): Promise<EsgResponse> {
      await assertCompanyAccess(db, caller, companyId, 'own');
      return db.transaction(async (tx) => {
        const form = await formRow(tx, formId);
        if (form.status !== 'open') throw new AppError(409, 'esg_form_closed', 'esg:errors.formClosed');
        const existing = await companyResponse(tx, companyId, formId);
        if (existing?.row.status === 'submitted') throw alreadySubmitted();
        const version = existing?.version ?? (await latestVersion(tx, formId));
        const errors = answerErrors(definitionOf(version), answers, { final: false });
        if (Object.keys(errors).length > 0) throw invalidAnswers(errors);
        if (existing) {
          await updateResponseAnswers(tx, existing.row.id, answers, existing.row.version + 1);
        } else {
          const created = await insertDraftResponse(tx, {
            formId,
            formVersionId: version.id,
            companyId,
            answers,
          });
          // Two first saves at once: the other one created the draft; write these answers over it.
          if (!created) await overwriteDraftAnswers(tx, formId, companyId, answers);
        }
        const saved = await companyResponse(tx, companyId, formId);
        if (!saved) throw formNotFound();
        // Drafts change on every keystroke pause: the audit keeps who saved when, not each draft's words.
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: existing ? 'saveDraft' : 'startDraft',
          entity: ESG_RESPONSE_ENTITY,
          entityId: saved.row.id,
          companyId,
          after: { formId, companyId, answered: Object.keys(answers).length },
          requestId: actor.requestId ?? null,
        });
        return fullResponse(tx, saved);
      });
    },

    /** Checks the required questions ('Mandatory Field'), scores the answers and locks them. */
    async submit(caller: AuthContext, actor: Actor, companyId: string, formId: string): Promise<EsgResponse> {
      await assertCompanyAccess(db, caller, companyId, 'own');
      return db.transaction(async (tx) => {
        const form = await formRow(tx, formId);
        if (form.status !== 'open') throw new AppError(409, 'esg_form_closed', 'esg:errors.formClosed');
        const existing = await companyResponse(tx, companyId, formId);
        const version = existing?.version ?? (await latestVersion(tx, formId));
        if (existing?.row.status === 'submitted') throw alreadySubmitted();
        const answers = (existing?.row.answers as EsgAnswers | undefined) ?? {};
        const definition = definitionOf(version);
        const errors = answerErrors(definition, answers, { final: true });
        if (Object.keys(errors).length > 0) throw invalidAnswers(errors);
        if (!existing) throw invalidAnswers(errors);
        const scores = scoreAnswers(definition, answers);
        const row = await submitDraftResponse(tx, existing.row.id, {
          scores,
          submittedAt: new Date(),
          submittedBy: actor.accountId,
          updatedAt: new Date(),
          version: existing.row.version + 1,
        });
        if (!row) throw alreadySubmitted();
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'submit',
          entity: ESG_RESPONSE_ENTITY,
          entityId: row.id,
          companyId,
          before: { status: 'draft' },
          after: { status: 'submitted', answers, scores },
          requestId: actor.requestId ?? null,
        });
        return fullResponse(tx, { ...existing, row });
      });
    },

    /** Who answers for a company (NIF, island, CAE section), for its answers' PDF. */
    async respondent(caller: AuthContext, companyId: string): Promise<EsgRespondent> {
      await assertCompanyAccess(db, caller, companyId);
      return (
        (await respondentsOf(db, [companyId])).get(companyId) ?? { nif: '', island: null, section: null }
      );
    },

    /** One response, for the company's members and admins. */
    async response(caller: AuthContext, companyId: string, responseId: string): Promise<EsgResponse> {
      await assertCompanyAccess(db, caller, companyId);
      const found = await responseContextOfCompany(db, companyId, responseId);
      if (!found) throw notFound();
      return fullResponse(db, found);
    },

    /** One response by id (admin). */
    async responseById(responseId: string): Promise<EsgResponse> {
      const found = await responseContextById(db, responseId);
      if (!found) throw notFound();
      return fullResponse(db, found);
    },

    /** Every submitted response of a form with its answers (the admin export). */
    /** The submitted answers of a form with who answered: NIF, island and CAE section beside the name (export). */
    async submittedResponses(
      formId: string,
    ): Promise<{ form: EsgForm; responses: Array<EsgResponse & EsgRespondent> }> {
      const form = await this.getForm(formId);
      const contexts = await submittedResponseContextsOfForm(db, formId);
      const byId = await respondentsOf(db, [...new Set(contexts.map((context) => context.row.companyId))]);
      return {
        form,
        responses: contexts.map((context) => {
          const respondent = byId.get(context.row.companyId) ?? { nif: '', island: null, section: null };
          return {
            ...responseSummary(context),
            answers: context.row.answers as EsgAnswers,
            definition: definitionOf(context.version),
            sector: null,
            ...respondent,
          };
        }),
      };
    },

    /**
     * A form's results: response rate over the portal's companies, each question's distribution among the
     * submitted answers (by the latest version's questions; answers of older versions count where their keys
     * still exist), and the mean overall score by island, CAE section and employee range.
     */
    async results(formId: string): Promise<EsgResults> {
      const form = await this.getForm(formId);
      const companiesCount = await companyCount(db);
      const rows = await responsesOfFormWithGroups(db, formId);
      const submitted = rows.filter((r) => r.row.status === 'submitted');
      const answersOf = submitted.map((r) => r.row.answers as EsgAnswers);
      const questions: EsgQuestionDistribution[] = allQuestions(form.definition).map(
        ({ pillar, question }) => {
          const given = answersOf.map((answers) => answers[question.id]).filter((a) => a !== undefined);
          const counts: EsgCount[] =
            question.type === 'checkbox' || question.type === 'multipleChoice'
              ? [...question.options]
                  .sort((a, b) => a.order - b.order)
                  .map((option) => ({
                    key: option.id,
                    label: option.label,
                    count: given.filter((a) => (Array.isArray(a) ? a.includes(option.id) : a === option.id))
                      .length,
                  }))
              : [];
          const rowsOut =
            question.type === 'matrix'
              ? [...question.rows]
                  .sort((a, b) => a.order - b.order)
                  .map((row) => ({
                    key: row.id,
                    label: row.label,
                    counts: [...question.options]
                      .sort((a, b) => a.order - b.order)
                      .map((option) => ({
                        key: option.id,
                        label: option.label,
                        count: given.filter(
                          (a) => typeof a === 'object' && !Array.isArray(a) && a[row.id] === option.id,
                        ).length,
                      })),
                  }))
              : [];
          const answered = given.filter((a) =>
            typeof a === 'string'
              ? a.trim() !== ''
              : Array.isArray(a)
                ? a.length > 0
                : Object.keys(a).length > 0,
          ).length;
          return {
            questionId: question.id,
            pillar,
            order: question.order,
            type: question.type,
            label: question.label,
            answered,
            counts,
            rows: rowsOut,
          };
        },
      );
      const percentOfRow = (r: (typeof submitted)[number]) =>
        r.row.scores ? EsgScores.parse(r.row.scores).overall.percent : null;
      const grouped = (
        pick: (r: (typeof submitted)[number]) => { key: string | null; label: unknown } | null,
      ) =>
        groupScores(
          submitted.map((r) => {
            const group = pick(r);
            return {
              key: group?.key ?? null,
              label: (group?.label as LocalizedText | null) ?? null,
              percent: percentOfRow(r),
            };
          }),
        );
      const companiesTotal = companiesCount ?? 0;
      return {
        form,
        companies: companiesTotal,
        submitted: submitted.length,
        drafts: rows.length - submitted.length,
        responseRate: percentOf(submitted.length, companiesTotal) ?? 0,
        questions,
        byIsland: grouped((r) => r.island),
        bySection: grouped((r) => r.section),
        byEmployeeRange: grouped((r) => r.range),
        responses: rows.map(responseSummary),
      };
    },
  };
}

export type EsgService = ReturnType<typeof createEsgService>;
