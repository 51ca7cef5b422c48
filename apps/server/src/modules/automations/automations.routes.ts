import {
  AutomationItem,
  AutomationList,
  AutomationParams,
  AutomationSwitch,
  ErrorResponse,
  type Language,
  ReminderOptOutQuery,
  RemindersPreference,
} from '@excelencia/domain';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../auth/caller.ts';
import { ADMIN } from '../../auth/route-access.ts';
import { actorOf } from '../../platform/actor.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import { IdParams } from '../../platform/route-schemas.ts';
import { optOutPage } from './automation-mails.ts';
import type { AutomationsService } from './automations.service.ts';

const SIGNED_IN = { roles: ['uma_authorization'] as ['uma_authorization'] };
/** The opt-out link: anyone holding it, 30 requests a minute per client address. */
const LINK = { roles: 'public' as const, rateLimit: { max: 30, timeWindow: '1 minute' } };
const html = z.string().describe('A small HTML page in the account’s language');

/**
 * /app/api/v1 automations: an edition's schedule of automatic mail and its switches (admin), the caller's
 * reminders preference (me/reminders), and the one-click opt-out link every reminder carries (RFC 8058: GET for a
 * person clicking, POST from the mail client, neither needing a session or a CSRF token: the link's token is the
 * credential, for that account's reminders only).
 */
export function automationsRoutes(deps: { automations: AutomationsService; publicUrl: string }) {
  const { automations, publicUrl } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['automations'];

    r.get(
      '/editions/:id/automations',
      {
        schema: {
          tags,
          summary:
            "The edition's automatic mail: each kind with when it is sent (from the edition's dates), how many " +
            'companies it reaches now, whether it is switched on, its state and how many companies it was sent to',
          params: IdParams,
          response: { 200: AutomationList, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) => automations.list(request.params.id),
    );

    r.put(
      '/editions/:id/automations/:kind',
      {
        schema: {
          tags,
          summary:
            'Switches one reminder of the edition on or off (the results mail goes with the publication: 409)',
          params: AutomationParams,
          body: AutomationSwitch,
          response: { 200: AutomationItem, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request) =>
        automations.setEnabled(
          actorOf(request),
          request.params.id,
          request.params.kind,
          request.body.enabled,
        ),
    );

    r.get(
      '/me/reminders',
      {
        schema: {
          tags: ['me'],
          summary:
            'Whether the caller receives reminders (mail about applications and the account always comes)',
          response: { 200: RemindersPreference, ...errorResponses },
        },
        config: SIGNED_IN,
      },
      async (request) => automations.reminders(caller(request)),
    );

    r.put(
      '/me/reminders',
      {
        schema: {
          tags: ['me'],
          summary: 'Turns the caller’s reminders on or off',
          body: RemindersPreference,
          response: { 200: RemindersPreference, ...errorResponses },
        },
        config: SIGNED_IN,
      },
      async (request) =>
        automations.setReminders(actorOf(request), caller(request).accountId, request.body.enabled),
    );

    await app.register(optOutRoutes(automations, publicUrl));
  };
}

/** The opt-out link's two routes, in their own context: only they accept a mail client's form body. */
function optOutRoutes(automations: AutomationsService, publicUrl: string) {
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
    const tags = ['automations'];

    const optOut = async (
      request: FastifyRequest<{ Querystring: { token: string } }>,
      reply: FastifyReply,
    ) => {
      const done = await automations.optOut(request.query.token, request.id);
      const language: Language = done?.language ?? requestLanguage(request);
      return reply
        .code(done ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(
          optOutPage({
            language,
            kind: done ? 'optedOut' : 'invalid',
            ...(done ? { email: done.email } : {}),
            profileUrl: `${publicUrl}/${language}/users/profile`,
          }),
        );
    };

    r.get(
      '/reminders/opt-out',
      {
        schema: {
          tags,
          summary:
            'The opt-out link of every reminder: one click stops that account’s reminders, answers a page',
          querystring: ReminderOptOutQuery,
          response: { 200: html, 404: html, 429: ErrorResponse },
        },
        config: LINK,
      },
      optOut,
    );

    r.post(
      '/reminders/opt-out',
      {
        schema: {
          tags,
          summary:
            'RFC 8058 one-click opt-out (List-Unsubscribe-Post: List-Unsubscribe=One-Click), posted by the mail ' +
            'client; the link is the credential, so no session or CSRF token is asked for',
          querystring: ReminderOptOutQuery,
          response: { 200: html, 404: html, 429: ErrorResponse },
        },
        config: { ...LINK, csrf: false },
      },
      optOut,
    );
  };
}
