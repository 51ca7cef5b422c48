import {
  CampaignIdParam,
  CampaignInput,
  CampaignItem,
  CampaignList,
  CampaignPreview,
  CampaignPreviewParams,
  CampaignTestRequest,
  CampaignTestSent,
  CampaignUpdate,
  ErrorResponse,
  type Language,
  NewsletterTokenParam,
  pageOf,
  SubscribeAccepted,
  SubscribeRequest,
  SubscriberItem,
  SubscriberListQuery,
  translate,
  UnsubscribeQuery,
} from '@excelencia/domain';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN } from '../../auth/route-access.ts';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses, errorResponsesWith } from '../../platform/error-responses.ts';
import { unauthorized } from '../../platform/errors.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import { sendXlsx } from '../../platform/xlsx-export.ts';
import { type NewsletterService, SUBSCRIBER_EXPORT_COLUMNS } from './newsletter.service.ts';
import { newsletterPage } from './newsletter-mails.ts';

/** Requests per minute and client address. */
const visitors = (max: number) => ({ roles: 'public' as const, rateLimit: { max, timeWindow: '1 minute' } });
const html = z.string().describe('A small HTML page in the subscriber’s language');
const tags = ['newsletter'];

/**
 * /app/api/v1 newsletter: the visitor's subscription (double opt-in), the links of its mails (confirm, one-click
 * unsubscribe by GET or RFC 8058 POST, each answering a small page), and the administrator's subscribers and
 * campaigns.
 */
export function newsletterRoutes(deps: { newsletter: NewsletterService; publicUrl: string }) {
  const { newsletter, publicUrl } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    // A mail client's one-click POST carries a form body (urlencoded or multipart) that says nothing the link
    // does not: accept both, ignore the body.
    await app.register(formbody, { bodyLimit: 4 * 1024 });
    app.addContentTypeParser('multipart/form-data', { bodyLimit: 16 * 1024 }, (_request, payload, done) => {
      payload.resume();
      payload.on('end', () => done(null, {}));
      payload.on('error', (error) => done(error, undefined));
    });
    const r = app.withTypeProvider<ZodTypeProvider>();

    const page = (
      reply: FastifyReply,
      status: number,
      language: Language,
      kind: 'confirmed' | 'unsubscribed' | 'invalid',
      params: Record<string, string> = {},
    ) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .send(
          newsletterPage({
            language,
            title: translate(language, `newsletterMail:page.${kind}Title`),
            message: translate(language, `newsletterMail:page.${kind}`, params),
            homeUrl: `${publicUrl}/${language}`,
          }),
        );

    r.post(
      '/public/newsletter/subscriptions',
      {
        schema: {
          tags,
          summary:
            'Subscribes an address (double opt-in): a confirmation link is mailed in the given language. The ' +
            'answer is the same whether the address is new, waiting or already confirmed',
          body: SubscribeRequest,
          response: { 202: SubscribeAccepted, ...errorResponsesWith(429) },
        },
        config: visitors(10),
      },
      async (request, reply) => {
        await newsletter.subscribe(request.body);
        return reply.code(202).send({ status: 'pending' as const });
      },
    );

    r.get(
      '/public/newsletter/confirm/:token',
      {
        schema: {
          tags,
          summary: 'The confirmation link (single use): confirms the subscription and answers a page',
          params: NewsletterTokenParam,
          response: { 200: html, 404: html, 429: ErrorResponse },
        },
        config: visitors(30),
      },
      async (request, reply) => {
        const done = await newsletter.confirm(request.params.token);
        if (!done) return page(reply, 404, requestLanguage(request), 'invalid');
        return page(reply, 200, done.language, 'confirmed');
      },
    );

    const unsubscribe = async (
      request: { params: { token: string }; query: { campaign?: string | undefined } },
      reply: FastifyReply,
      fallback: Language,
    ) => {
      const done = await newsletter.unsubscribe(request.params.token, request.query.campaign);
      if (!done) return page(reply, 404, fallback, 'invalid');
      return page(reply, 200, done.language, 'unsubscribed', { email: done.email });
    };
    r.get(
      '/public/newsletter/unsubscribe/:token',
      {
        schema: {
          tags,
          summary: 'The unsubscribe link of every newsletter mail: one click unsubscribes and answers a page',
          params: NewsletterTokenParam,
          querystring: UnsubscribeQuery,
          response: { 200: html, 404: html, 429: ErrorResponse },
        },
        config: visitors(30),
      },
      async (request, reply) => unsubscribe(request, reply, requestLanguage(request)),
    );
    r.post(
      '/public/newsletter/unsubscribe/:token',
      {
        schema: {
          tags,
          summary:
            'RFC 8058 one-click unsubscribe (List-Unsubscribe-Post: List-Unsubscribe=One-Click), posted by the ' +
            'mail client; the link is the credential, so no CSRF token is asked for',
          params: NewsletterTokenParam,
          querystring: UnsubscribeQuery,
          response: { 200: html, 404: html, 429: ErrorResponse },
        },
        config: { ...visitors(30), csrf: false },
      },
      async (request, reply) => unsubscribe(request, reply, requestLanguage(request)),
    );

    // ---- administrator ----
    r.get(
      '/newsletter/subscribers',
      {
        schema: {
          tags,
          summary:
            'Subscribers: search by e-mail, filter by status, sort (email, createdAt, confirmedAt, status)',
          querystring: SubscriberListQuery,
          response: { 200: pageOf(SubscriberItem), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => newsletter.listSubscribers(request.query),
    );
    r.get(
      '/newsletter/subscribers/export',
      {
        schema: {
          tags,
          summary: 'The subscribers the list query matches, as an .xlsx spreadsheet',
          querystring: SubscriberListQuery,
          response: { 200: z.any().describe('xlsx bytes'), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request, reply) =>
        sendXlsx(reply, {
          name: 'newsletter-subscribers',
          language: requestLanguage(request),
          columns: SUBSCRIBER_EXPORT_COLUMNS,
          rows: newsletter.exportSubscribers(request.query),
        }),
    );

    r.get(
      '/newsletter/campaigns',
      {
        schema: {
          tags,
          summary: 'Campaigns, newest first, with their counts',
          response: { 200: CampaignList, ...errorResponses },
        },
        config: ADMIN,
      },
      async () => newsletter.listCampaigns(),
    );
    r.post(
      '/newsletter/campaigns',
      {
        schema: {
          tags,
          summary: 'Writes a draft campaign: subject and body (HTML, sanitised) per language, pt required',
          body: CampaignInput,
          response: { 201: CampaignItem, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request, reply) =>
        reply.code(201).send(await newsletter.createCampaign(actorOf(request), request.body)),
    );
    r.get(
      '/newsletter/campaigns/:id',
      {
        schema: {
          tags,
          summary: 'A campaign with its progress: recipients, queued, sent, failed and unsubscribed counts',
          params: CampaignIdParam,
          response: { 200: CampaignItem, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => newsletter.getCampaign(request.params.id),
    );
    r.put(
      '/newsletter/campaigns/:id',
      {
        schema: {
          tags,
          summary: 'Changes a draft campaign (409 once it is being sent, or when `version` is stale)',
          params: CampaignIdParam,
          body: CampaignUpdate,
          response: { 200: CampaignItem, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => newsletter.updateCampaign(actorOf(request), request.params.id, request.body),
    );
    r.delete(
      '/newsletter/campaigns/:id',
      {
        schema: {
          tags,
          summary: 'Deletes a draft campaign',
          params: CampaignIdParam,
          response: { 204: z.null(), ...errorResponses },
        },
        config: ADMIN,
      },
      async (request, reply) => {
        await newsletter.deleteCampaign(actorOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
    r.get(
      '/newsletter/campaigns/:id/preview/:language',
      {
        schema: {
          tags,
          summary:
            'The subject and body a subscriber of the language gets (pt when that language is missing)',
          params: CampaignPreviewParams,
          response: { 200: CampaignPreview, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => newsletter.previewCampaign(request.params.id, request.params.language),
    );
    r.post(
      '/newsletter/campaigns/:id/test',
      {
        schema: {
          tags,
          summary:
            'Mails the campaign to the calling administrator only, in the language asked (default theirs)',
          params: CampaignIdParam,
          body: CampaignTestRequest.optional(),
          response: { 202: CampaignTestSent, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request, reply) => {
        if (!request.auth) throw unauthorized();
        const sent = await newsletter.sendTest(
          request.auth,
          actorOf(request),
          request.params.id,
          request.body?.language,
        );
        return reply.code(202).send(sent);
      },
    );
    r.post(
      '/newsletter/campaigns/:id/send',
      {
        schema: {
          tags,
          summary:
            'Sends the campaign to the confirmed subscribers, each in their language, in batches through the ' +
            'outbox; follow the progress with GET newsletter/campaigns/{id}',
          params: CampaignIdParam,
          response: { 202: CampaignItem, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request, reply) =>
        reply.code(202).send(await newsletter.sendCampaign(actorOf(request), request.params.id)),
    );
  };
}
