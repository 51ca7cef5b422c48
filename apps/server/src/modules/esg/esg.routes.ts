import {
  allQuestions,
  answerLines,
  CompanyEsg,
  ErrorResponse,
  EsgForm,
  EsgFormInput,
  EsgFormSummary,
  EsgFormUpdate,
  EsgOrderRequest,
  EsgPublicForm,
  EsgResponse,
  EsgResults,
  localized,
  questionCode,
  SaveEsgAnswersRequest,
} from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../auth/caller.ts';
import { ADMIN, MEMBERS, PUBLIC_ANSWER } from '../../auth/route-access.ts';
import { actorOf } from '../../platform/actor.ts';
import { sendPdf } from '../../platform/attachment.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { notFound } from '../../platform/errors.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import { CompanyParams, IdParams } from '../../platform/route-schemas.ts';
import { type ExportColumn, sendXlsx } from '../../platform/xlsx-export.ts';
import type { EsgService } from './esg.service.ts';
import { esgResponsePdf } from './esg-export.ts';

/** Only the company's own people answer; admins read. */
const ANSWERERS = { roles: ['company'] as ['company'] };

const CompanyFormParams = z.object({ companyId: z.uuid(), formId: z.uuid() });
const CompanyResponseParams = z.object({ companyId: z.uuid(), responseId: z.uuid() });

/** ESG forms (admin), the company's answers, results and exports. */
export function esgRoutes(deps: { esg: EsgService }) {
  const { esg } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['esg'];

    r.get(
      '/public/esg/current',
      {
        schema: {
          tags,
          summary: "The current ESG form's title and description (the sustainability survey item links here)",
          response: { 200: EsgPublicForm, 404: ErrorResponse },
        },
        config: PUBLIC_ANSWER,
      },
      async () => {
        const current = await esg.currentPublic();
        if (!current) throw notFound('esg:errors.noCurrentForm');
        return current;
      },
    );

    r.get(
      '/esg/forms',
      {
        schema: {
          tags,
          summary: 'Every ESG form in order (admin)',
          response: { 200: z.array(EsgFormSummary), ...errorResponses },
        },
        config: ADMIN,
      },
      async () => esg.listForms(),
    );

    r.post(
      '/esg/forms',
      {
        schema: {
          tags,
          summary: 'Creates an ESG form (admin)',
          body: EsgFormInput,
          response: { 201: EsgForm, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request, reply) => reply.code(201).send(await esg.createForm(actorOf(request), request.body)),
    );

    r.put(
      '/esg/forms/order',
      {
        schema: {
          tags,
          summary: 'Renumbers the forms 1..n in the order given (admin)',
          body: EsgOrderRequest,
          response: { 200: z.array(EsgFormSummary), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => esg.reorderForms(actorOf(request), request.body.ids),
    );

    r.get(
      '/esg/forms/:id',
      {
        schema: {
          tags,
          summary: 'One ESG form with its latest questions (admin)',
          params: IdParams,
          response: { 200: EsgForm, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => esg.getForm(request.params.id),
    );

    r.put(
      '/esg/forms/:id',
      {
        schema: {
          tags,
          summary:
            'Updates an ESG form; changed questions of an answered version become the next version (admin)',
          params: IdParams,
          body: EsgFormUpdate,
          response: { 200: EsgForm, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => esg.updateForm(actorOf(request), request.params.id, request.body),
    );

    r.get(
      '/esg/forms/:id/results',
      {
        schema: {
          tags,
          summary: 'Response rate, distribution per question and scores by group (admin)',
          params: IdParams,
          response: { 200: EsgResults, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => esg.results(request.params.id),
    );

    r.get(
      '/esg/forms/:id/export.xlsx',
      {
        schema: {
          tags,
          summary: 'One row per company that submitted, one column per question, then the scores (admin)',
          params: IdParams,
          response: { 200: z.any(), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request, reply) => {
        const { form, responses } = await esg.submittedResponses(request.params.id);
        const language = requestLanguage(request);
        const questions = allQuestions(form.definition);
        type Row = (typeof responses)[number];
        const score = (row: Row, pillar: string | null) =>
          pillar === null
            ? row.scores?.overall.percent
            : row.scores?.pillars.find((p) => p.pillar === pillar)?.percent;
        const columns: ExportColumn<Row>[] = [
          { header: 'esg:export.company', value: (row) => row.companyName, width: 32 },
          { header: 'esg:export.nif', value: (row) => row.nif, width: 12 },
          { header: 'esg:export.island', value: (row) => localized(row.island, language), width: 16 },
          {
            header: 'esg:export.section',
            value: (row) =>
              row.section ? `${row.section.code} – ${localized(row.section.description, language)}` : '',
            width: 32,
          },
          { header: 'esg:export.submittedAt', value: (row) => row.submittedAt?.slice(0, 10) ?? '' },
          { header: 'esg:export.formVersion', value: (row) => row.definitionVersion, width: 10 },
          ...questions.map(({ pillar, question }) => ({
            header: `${questionCode(pillar, question.order)}. ${localized(question.label, language)}`,
            value: (row: Row) => {
              const own = allQuestions(row.definition).find((q) => q.question.id === question.id)?.question;
              return own ? answerLines(own, row.answers[question.id], language).join('; ') : '';
            },
            width: 30,
          })),
          { header: 'esg:pillars.environment', value: (row) => score(row, 'environment') ?? null, width: 14 },
          { header: 'esg:pillars.social', value: (row) => score(row, 'social') ?? null, width: 14 },
          { header: 'esg:pillars.governance', value: (row) => score(row, 'governance') ?? null, width: 14 },
          { header: 'esg:export.overall', value: (row) => score(row, null) ?? null, width: 14 },
        ];
        async function* rows() {
          yield* responses;
        }
        return sendXlsx(reply, {
          name: `esg-${form.period}-${form.orderNumber}`,
          language,
          columns,
          rows: rows(),
        });
      },
    );

    r.get(
      '/esg/responses/:id',
      {
        schema: {
          tags,
          summary: "One company's answers and scores (admin)",
          params: IdParams,
          response: { 200: EsgResponse, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => esg.responseById(request.params.id),
    );

    r.get(
      '/companies/:companyId/esg',
      {
        schema: {
          tags,
          summary: "The current form with the company's answers so far, and its past answers",
          params: CompanyParams,
          response: { 200: CompanyEsg, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) => esg.companyEsg(caller(request), request.params.companyId),
    );

    r.put(
      '/companies/:companyId/esg/forms/:formId/answers',
      {
        schema: {
          tags,
          summary: 'Saves the draft answers (required questions are checked only on submit)',
          params: CompanyFormParams,
          body: SaveEsgAnswersRequest,
          response: { 200: EsgResponse, ...errorResponses },
        },
        config: ANSWERERS,
      },
      async (request) =>
        esg.saveDraft(
          caller(request),
          actorOf(request),
          request.params.companyId,
          request.params.formId,
          request.body.answers,
        ),
    );

    r.post(
      '/companies/:companyId/esg/forms/:formId/submit',
      {
        schema: {
          tags,
          summary:
            "Submits the draft: 'Mandatory Field' on unanswered required questions, else scored and locked",
          params: CompanyFormParams,
          response: { 200: EsgResponse, ...errorResponses },
        },
        config: ANSWERERS,
      },
      async (request) =>
        esg.submit(caller(request), actorOf(request), request.params.companyId, request.params.formId),
    );

    r.get(
      '/companies/:companyId/esg/responses/:responseId',
      {
        schema: {
          tags,
          summary: 'One of the company’s answers with its scores and sector medians',
          params: CompanyResponseParams,
          response: { 200: EsgResponse, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) => esg.response(caller(request), request.params.companyId, request.params.responseId),
    );

    r.get(
      '/companies/:companyId/esg/responses/:responseId/pdf',
      {
        schema: {
          tags,
          summary: 'The answers and scores as a PDF',
          params: CompanyResponseParams,
          response: { 200: z.any(), ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request, reply) => {
        const response = await esg.response(
          caller(request),
          request.params.companyId,
          request.params.responseId,
        );
        const respondent = await esg.respondent(caller(request), request.params.companyId);
        const pdf = await esgResponsePdf(response, requestLanguage(request), respondent);
        return sendPdf(reply, pdf, `esg-${response.period}.pdf`, 'attachment');
      },
    );
  };
}
