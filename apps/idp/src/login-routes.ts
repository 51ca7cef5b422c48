import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Language, MIN_PASSWORD_LENGTH } from '@excelencia/domain';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type InteractionResults } from 'oidc-provider';
import { normalizeEmail } from './accounts.ts';
import type { IdpContext } from './context.ts';
import {
  changePasswordPage,
  contentSecurityPolicy,
  errorPage,
  loginPage,
  message,
  newNonce,
  pageLanguage,
} from './pages.ts';
import { grantEverything, UPDATE_PASSWORD_PROMPT } from './provider.ts';

/** Added to every failed attempt, on top of the password hash check, to slow guessing down. */
const FAILURE_DELAY_MS = 300;

type Interaction = Awaited<ReturnType<ReturnType<IdpContext['provider']>['interactionDetails']>>;

/** The longest password accepted (the portal's own forms stop at the same length). */
const MAX_PASSWORD_LENGTH = 128;

interface PasswordForm {
  newPassword?: unknown;
  confirmPassword?: unknown;
  lang?: unknown;
}

interface LoginForm {
  email?: unknown;
  password?: unknown;
  lang?: unknown;
}

function minutesUntil(epochMs: number): number {
  return Math.max(1, Math.ceil((epochMs - Date.now()) / 60_000));
}

/** Sends an error page on a raw response (after reply.hijack()), unless something was already sent. */
function failRaw(res: ServerResponse, idp: IdpContext, language: Language, error: unknown): void {
  idp.logger.error({ err: error }, 'idp: could not finish the interaction');
  if (res.headersSent) {
    res.end();
    return;
  }
  const nonce = newNonce();
  res.statusCode = 500;
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce, idp.formActionOrigins));
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.end(errorPage(language, nonce, message(language, 'errors.generic')));
}

/**
 * The sign-in pages of an authorization request (oidc-provider "interactions"):
 * GET  <realm>/login-actions/:uid        the form, in the request's language
 * POST <realm>/login-actions/:uid/login  checks the credentials and returns to the provider
 * POST <realm>/login-actions/:uid/password  the new password of kc_action=UPDATE_PASSWORD (after sign-in)
 */
export async function loginRoutes(app: FastifyInstance, idp: IdpContext): Promise<void> {
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  const base = `${idp.realmPath}/login-actions`;

  function sendHtml(reply: FastifyReply, status: number, render: (nonce: string) => string) {
    const nonce = newNonce();
    return reply
      .code(status)
      .header('Content-Security-Policy', contentSecurityPolicy(nonce, idp.formActionOrigins))
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(render(nonce));
  }

  function sendExpired(reply: FastifyReply, language: Language) {
    return sendHtml(reply, 400, (nonce) =>
      errorPage(language, nonce, message(language, 'errors.requestExpired')),
    );
  }

  async function interactionFor(request: FastifyRequest, reply: FastifyReply, uid: string) {
    try {
      const details = await idp.provider().interactionDetails(request.raw, reply.raw);
      return details.uid === uid ? details : undefined;
    } catch (error) {
      if (error instanceof errors.OIDCProviderError) return undefined;
      throw error;
    }
  }

  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    language: Language,
    result: InteractionResults,
    merge: boolean,
  ) {
    reply.hijack();
    try {
      await idp.provider().interactionFinished(request.raw, reply.raw, result, {
        mergeWithLastSubmission: merge,
      });
    } catch (error) {
      failRaw(reply.raw, idp, language, error);
    }
  }

  /** A consent prompt (only when a client asks for prompt=consent): first-party clients get everything. */
  async function autoConsent(
    request: FastifyRequest,
    reply: FastifyReply,
    language: Language,
    details: Interaction,
  ) {
    const provider = idp.provider();
    const accountId = details.session?.accountId;
    const clientId = details.params.client_id;
    if (!accountId || typeof clientId !== 'string') return sendExpired(reply, language);
    const grant =
      (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId });
    grantEverything(grant);
    const grantId = await grant.save();
    return finish(request, reply, language, { consent: { grantId } }, true);
  }

  function languageOf(explicit: unknown, details: Interaction | undefined, request: FastifyRequest) {
    return pageLanguage(
      [explicit, details?.params.ui_locales, details?.params.kc_locale],
      request.headers['accept-language'],
    );
  }

  function renderLogin(
    reply: FastifyReply,
    status: number,
    uid: string,
    language: Language,
    extra: { email?: string; error?: string; fieldsInvalid?: boolean },
  ) {
    return sendHtml(reply, status, (nonce) =>
      loginPage({
        language,
        nonce,
        action: `${base}/${encodeURIComponent(uid)}/login`,
        languageHref: (l) => `${base}/${encodeURIComponent(uid)}?lang=${l}`,
        ...(idp.sendMail
          ? { forgotHref: `${base}/reset-credentials?lang=${language}&uid=${encodeURIComponent(uid)}` }
          : {}),
        ...extra,
      }),
    );
  }

  function renderChangePassword(
    reply: FastifyReply,
    status: number,
    uid: string,
    language: Language,
    error?: string,
  ) {
    return sendHtml(reply, status, (nonce) =>
      changePasswordPage({
        language,
        nonce,
        action: `${base}/${encodeURIComponent(uid)}/password`,
        languageHref: (l) => `${base}/${encodeURIComponent(uid)}?lang=${l}`,
        minLength: MIN_PASSWORD_LENGTH,
        ...(error ? { error } : {}),
      }),
    );
  }

  app.get<{ Params: { uid: string }; Querystring: { lang?: string } }>(
    `${base}/:uid`,
    async (request, reply) => {
      const details = await interactionFor(request, reply, request.params.uid);
      const language = languageOf(request.query.lang, details, request);
      if (!details) return sendExpired(reply, language);
      if (details.prompt.name === 'consent') return autoConsent(request, reply, language, details);
      if (details.prompt.name === UPDATE_PASSWORD_PROMPT) {
        return renderChangePassword(reply, 200, details.uid, language);
      }
      const hint = details.params.login_hint;
      return renderLogin(reply, 200, details.uid, language, typeof hint === 'string' ? { email: hint } : {});
    },
  );

  app.post<{ Params: { uid: string }; Body: LoginForm }>(`${base}/:uid/login`, async (request, reply) => {
    const form = (request.body ?? {}) as LoginForm;
    const details = await interactionFor(request, reply, request.params.uid);
    const language = languageOf(form.lang, details, request);
    if (!details) return sendExpired(reply, language);
    if (details.prompt.name !== 'login') return autoConsent(request, reply, language, details);

    const email = typeof form.email === 'string' ? form.email.trim() : '';
    const password = typeof form.password === 'string' ? form.password : '';
    const again = (status: number, key: string, params?: Record<string, number>, fieldsInvalid = false) =>
      renderLogin(reply, status, details.uid, language, {
        email,
        error: message(language, key, params),
        fieldsInvalid,
      });

    if (!email || !password) return again(400, 'errors.missingFields', undefined, true);

    const address = request.ip;
    const blockedUntil = idp.guard.addressBlockedUntil(address);
    if (blockedUntil) {
      reply.header('Retry-After', String(Math.ceil((blockedUntil - Date.now()) / 1000)));
      return again(429, 'errors.tooManyAttempts', { minutes: minutesUntil(blockedUntil) });
    }
    const key = normalizeEmail(email);
    const lockedUntil = idp.guard.accountLockedUntil(key);
    if (lockedUntil) {
      reply.header('Retry-After', String(Math.ceil((lockedUntil - Date.now()) / 1000)));
      return again(429, 'errors.accountLocked', { minutes: minutesUntil(lockedUntil) });
    }

    const account = await idp.accounts.verifyPassword(email, password);
    if (!account) {
      idp.guard.recordFailure(key, address);
      await sleep(FAILURE_DELAY_MS);
      const nowLocked = idp.guard.accountLockedUntil(key);
      if (nowLocked) {
        idp.logger.warn({ address }, 'idp: account locked after repeated failed sign-ins');
        reply.header('Retry-After', String(Math.ceil((nowLocked - Date.now()) / 1000)));
        return again(429, 'errors.accountLocked', { minutes: minutesUntil(nowLocked) });
      }
      return again(401, 'errors.invalidCredentials', undefined, true);
    }
    if (!account.enabled) return again(403, 'errors.accountDisabled');

    idp.guard.recordSuccess(key);
    idp.logger.info({ accountId: account.id }, 'idp: signed in');
    return finish(request, reply, language, { login: { accountId: account.id, remember: false } }, false);
  });

  app.post<{ Params: { uid: string }; Body: PasswordForm }>(
    `${base}/:uid/password`,
    async (request, reply) => {
      const form = (request.body ?? {}) as PasswordForm;
      const details = await interactionFor(request, reply, request.params.uid);
      const language = languageOf(form.lang, details, request);
      if (!details) return sendExpired(reply, language);
      const accountId = details.session?.accountId;
      if (details.prompt.name !== UPDATE_PASSWORD_PROMPT || !accountId) return sendExpired(reply, language);

      const password = typeof form.newPassword === 'string' ? form.newPassword : '';
      const confirmation = typeof form.confirmPassword === 'string' ? form.confirmPassword : '';
      const again = (key: string, params?: Record<string, number>) =>
        renderChangePassword(reply, 400, details.uid, language, message(language, key, params));
      if (password.length < MIN_PASSWORD_LENGTH) {
        return again('changePassword.tooShort', { min: MIN_PASSWORD_LENGTH });
      }
      if (password.length > MAX_PASSWORD_LENGTH) {
        return again('changePassword.tooLong', { max: MAX_PASSWORD_LENGTH });
      }
      if (password !== confirmation) return again('changePassword.mismatch');

      if (!(await idp.accounts.setPassword(accountId, password))) return sendExpired(reply, language);
      idp.logger.info({ accountId }, 'idp: password changed');
      return finish(request, reply, language, { passwordUpdated: true } as InteractionResults, true);
    },
  );
}
