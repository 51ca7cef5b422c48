import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Language, MIN_PASSWORD_LENGTH } from '@excelencia/domain';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type InteractionResults } from 'oidc-provider';
import { type Account, normalizeEmail } from './accounts.ts';
import type { IdpContext } from './context.ts';
import {
  actionMessagePage,
  changePasswordPage,
  configureTotpPage,
  contentSecurityPolicy,
  errorPage,
  loginPage,
  message,
  newNonce,
  otpPage,
  pageLanguage,
  recoveryCodesPage,
  removeTotpPage,
} from './pages.ts';
import {
  CONFIGURE_TOTP_PROMPT,
  DELETE_CREDENTIAL_PROMPT,
  deleteCredentialTarget,
  grantEverything,
  UPDATE_PASSWORD_PROMPT,
} from './provider.ts';
import {
  checkSecondFactor,
  groupedSecret,
  isTotpRequired,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  qrCodeDataUrl,
  totpCredential,
  totpTimeStep,
  typedCode,
} from './two-factor.ts';

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

interface CodeForm {
  code?: unknown;
  recoveryCode?: unknown;
  lang?: unknown;
}

interface LoginForm {
  email?: unknown;
  password?: unknown;
  lang?: unknown;
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
 * POST <realm>/login-actions/:uid/otp       the one-time code (or a recovery code) when two-factor sign-in is on
 * POST <realm>/login-actions/:uid/password  the new password of kc_action=UPDATE_PASSWORD (after sign-in)
 * POST <realm>/login-actions/:uid/totp      the code confirming the enrolment of CONFIGURE_TOTP, then the
 *                                           recovery codes (once)
 * POST <realm>/login-actions/:uid/remove-totp  kc_action=delete_credential: a code confirms the removal
 * POST <realm>/login-actions/:uid/continue  leaves an action step (cancel, or on after the recovery codes)
 * Every wrong password or code counts in the sign-in waits of the (account, address) pair (login-guard.ts).
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

  const pageHref = (uid: string) => (l: Language) => `${base}/${encodeURIComponent(uid)}?lang=${l}`;
  const continueAction = (uid: string) => `${base}/${encodeURIComponent(uid)}/continue`;

  /** The signed-in account of an interaction after the login step (actions run on it). */
  function accountOf(details: Interaction): Account | undefined {
    const id = details.session?.accountId;
    const account = id ? idp.accounts.findById(id) : undefined;
    return account?.enabled ? account : undefined;
  }

  /** Why the one-time code of the account cannot be removed here (a message key), or undefined. */
  function removalRefusal(account: Account, details: Interaction): string | undefined {
    const target = deleteCredentialTarget(details.params.kc_action);
    if (!account.totp || (target && target !== account.totp.id)) return 'twoFactor.remove.notOn';
    if (isTotpRequired(account, idp.requireAdminTotp)) return 'twoFactor.remove.required';
    return undefined;
  }

  function renderOtp(reply: FastifyReply, status: number, uid: string, language: Language, error?: string) {
    return sendHtml(reply, status, (nonce) =>
      otpPage({
        language,
        nonce,
        action: `${base}/${encodeURIComponent(uid)}/otp`,
        languageHref: pageHref(uid),
        ...(error ? { error } : {}),
      }),
    );
  }

  async function renderConfigureTotp(
    reply: FastifyReply,
    status: number,
    uid: string,
    language: Language,
    account: Account,
    error?: string,
  ) {
    // The same secret until it is confirmed (a language switch or a wrong code shows the same QR code).
    let enrolment = idp.enrolments.get(uid);
    if (enrolment?.accountId !== account.id) {
      enrolment = { accountId: account.id, secret: newTotpSecret() };
      idp.enrolments.set(uid, enrolment);
    }
    const issuer = message(language, 'title');
    const qrCode = await qrCodeDataUrl(otpauthUri(enrolment.secret, account.email, issuer));
    const required = isTotpRequired(account, idp.requireAdminTotp);
    return sendHtml(reply, status, (nonce) =>
      configureTotpPage({
        language,
        nonce,
        action: `${base}/${encodeURIComponent(uid)}/totp`,
        languageHref: pageHref(uid),
        qrCode,
        secret: groupedSecret(enrolment.secret),
        required,
        ...(required ? {} : { cancelAction: continueAction(uid) }),
        ...(error ? { error } : {}),
      }),
    );
  }

  function renderRemoveTotp(
    reply: FastifyReply,
    status: number,
    uid: string,
    language: Language,
    error?: string,
  ) {
    return sendHtml(reply, status, (nonce) =>
      removeTotpPage({
        language,
        nonce,
        action: `${base}/${encodeURIComponent(uid)}/remove-totp`,
        cancelAction: continueAction(uid),
        languageHref: pageHref(uid),
        ...(error ? { error } : {}),
      }),
    );
  }

  function renderActionMessage(
    reply: FastifyReply,
    uid: string,
    language: Language,
    titleKey: string,
    messageKey: string,
  ) {
    return sendHtml(reply, 200, (nonce) =>
      actionMessagePage({
        language,
        nonce,
        title: message(language, titleKey),
        message: message(language, messageKey),
        action: continueAction(uid),
      }),
    );
  }

  function renderTotpAlreadyOn(reply: FastifyReply, uid: string, language: Language) {
    return renderActionMessage(
      reply,
      uid,
      language,
      'twoFactor.configure.pageTitle',
      'twoFactor.configure.alreadyOn',
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
      if (details.prompt.name === CONFIGURE_TOTP_PROMPT || details.prompt.name === DELETE_CREDENTIAL_PROMPT) {
        const account = accountOf(details);
        if (!account) return sendExpired(reply, language);
        if (details.prompt.name === DELETE_CREDENTIAL_PROMPT) {
          const refusal = removalRefusal(account, details);
          if (refusal) {
            return renderActionMessage(reply, details.uid, language, 'twoFactor.remove.pageTitle', refusal);
          }
          return renderRemoveTotp(reply, 200, details.uid, language);
        }
        if (account.totp) return renderTotpAlreadyOn(reply, details.uid, language);
        return renderConfigureTotp(reply, 200, details.uid, language, account);
      }
      if (idp.pendingCodes.get(details.uid)) return renderOtp(reply, 200, details.uid, language);
      const hint = details.params.login_hint;
      return renderLogin(reply, 200, details.uid, language, typeof hint === 'string' ? { email: hint } : {});
    },
  );

  /** The wait message in the page's language ("try again in N seconds"), the same for every e-mail. */
  function waitMessage(language: Language, until: number): string {
    const seconds = idp.guard.secondsUntil(until);
    return seconds === 1
      ? message(language, 'errors.waitOne')
      : message(language, 'errors.wait', { seconds });
  }

  function retryAfter(reply: FastifyReply, until: number) {
    reply.header('Retry-After', String(idp.guard.secondsUntil(until)));
  }

  app.post<{ Params: { uid: string }; Body: LoginForm }>(`${base}/:uid/login`, async (request, reply) => {
    const form = (request.body ?? {}) as LoginForm;
    const details = await interactionFor(request, reply, request.params.uid);
    const language = languageOf(form.lang, details, request);
    if (!details) return sendExpired(reply, language);
    if (details.prompt.name !== 'login') return autoConsent(request, reply, language, details);

    const email = typeof form.email === 'string' ? form.email.trim() : '';
    const password = typeof form.password === 'string' ? form.password : '';
    const again = (status: number, error: string, fieldsInvalid = false) =>
      renderLogin(reply, status, details.uid, language, { email, error, fieldsInvalid });

    if (!email || !password) return again(400, message(language, 'errors.missingFields'), true);

    // Waits are per (account, address): a stranger's failures never hold the owner signing in elsewhere.
    const address = request.ip;
    const key = normalizeEmail(email);
    const waitUntil = idp.guard.waitUntil(key, address);
    if (waitUntil) {
      retryAfter(reply, waitUntil);
      return again(429, waitMessage(language, waitUntil));
    }

    const account = await idp.accounts.verifyPassword(email, password);
    if (!account) {
      idp.guard.recordFailure(key, address);
      await sleep(FAILURE_DELAY_MS);
      const invalid = message(language, 'errors.invalidCredentials');
      const nowWaiting = idp.guard.waitUntil(key, address);
      if (nowWaiting) {
        idp.logger.warn({ address }, 'idp: repeated failed sign-ins, the next attempt waits');
        retryAfter(reply, nowWaiting);
        return again(401, `${invalid} ${waitMessage(language, nowWaiting)}`, true);
      }
      return again(401, invalid, true);
    }
    if (!account.enabled) return again(403, message(language, 'errors.accountDisabled'));

    if (account.totp) {
      // The password was right; the sign-in ends only with the code (the next page).
      idp.pendingCodes.set(details.uid, { accountId: account.id });
      return renderOtp(reply, 200, details.uid, language);
    }
    idp.guard.recordSuccess(key, address);
    idp.logger.info({ accountId: account.id }, 'idp: signed in');
    return finish(request, reply, language, { login: { accountId: account.id, remember: false } }, false);
  });

  /** The one-time code (or a recovery code) of a sign-in whose password was right. */
  app.post<{ Params: { uid: string }; Body: CodeForm }>(`${base}/:uid/otp`, async (request, reply) => {
    const form = (request.body ?? {}) as CodeForm;
    const details = await interactionFor(request, reply, request.params.uid);
    const language = languageOf(form.lang, details, request);
    if (!details) return sendExpired(reply, language);
    const pending = idp.pendingCodes.get(details.uid);
    const account = pending ? idp.accounts.findById(pending.accountId) : undefined;
    if (details.prompt.name !== 'login' || !account) return sendExpired(reply, language);
    if (!account.enabled) {
      idp.pendingCodes.delete(details.uid);
      return renderLogin(reply, 403, details.uid, language, {
        email: account.email,
        error: message(language, 'errors.accountDisabled'),
      });
    }

    const address = request.ip;
    const waitUntil = idp.guard.waitUntil(account.email, address);
    if (waitUntil) {
      retryAfter(reply, waitUntil);
      return renderOtp(reply, 429, details.uid, language, waitMessage(language, waitUntil));
    }
    const code = typedCode(form.code) || typedCode(form.recoveryCode);
    if (!code)
      return renderOtp(reply, 400, details.uid, language, message(language, 'twoFactor.missingCode'));
    const used = await checkSecondFactor(idp.accounts, account, code, idp.now());
    if (!used) {
      idp.guard.recordFailure(account.email, address);
      await sleep(FAILURE_DELAY_MS);
      const invalid = message(language, 'twoFactor.invalidCode');
      const nowWaiting = idp.guard.waitUntil(account.email, address);
      if (nowWaiting) retryAfter(reply, nowWaiting);
      return renderOtp(
        reply,
        401,
        details.uid,
        language,
        nowWaiting ? `${invalid} ${waitMessage(language, nowWaiting)}` : invalid,
      );
    }
    idp.pendingCodes.delete(details.uid);
    idp.guard.recordSuccess(account.email, address);
    idp.logger.info({ accountId: account.id, secondFactor: used }, 'idp: signed in');
    return finish(
      request,
      reply,
      language,
      { login: { accountId: account.id, remember: false, amr: ['pwd', 'otp'] } },
      false,
    );
  });

  /** Keycloak's CONFIGURE_TOTP: the code that confirms the shown secret; then the recovery codes, once. */
  app.post<{ Params: { uid: string }; Body: CodeForm }>(`${base}/:uid/totp`, async (request, reply) => {
    const form = (request.body ?? {}) as CodeForm;
    const details = await interactionFor(request, reply, request.params.uid);
    const language = languageOf(form.lang, details, request);
    if (!details) return sendExpired(reply, language);
    const account = accountOf(details);
    if (details.prompt.name !== CONFIGURE_TOTP_PROMPT || !account) return sendExpired(reply, language);
    if (account.totp) return renderTotpAlreadyOn(reply, details.uid, language);
    const enrolment = idp.enrolments.get(details.uid);
    if (enrolment?.accountId !== account.id)
      return renderConfigureTotp(reply, 200, details.uid, language, account);

    // The secret is on the page: a wrong code here guesses nothing, so it does not count in the waits.
    const code = typedCode(form.code);
    const step = totpTimeStep(enrolment.secret, code, idp.now());
    if (step === undefined) {
      const key = code ? 'twoFactor.invalidCode' : 'twoFactor.missingCode';
      return renderConfigureTotp(reply, 400, details.uid, language, account, message(language, key));
    }
    const codes = newRecoveryCodes();
    await idp.accounts.setTotp(account.id, totpCredential(enrolment.secret, step, codes));
    idp.enrolments.delete(details.uid);
    idp.logger.info({ accountId: account.id }, 'idp: two-factor sign-in turned on');
    return sendHtml(reply, 200, (nonce) =>
      recoveryCodesPage({ language, nonce, action: continueAction(details.uid), codes }),
    );
  });

  /** Keycloak's delete_credential for the one-time code: confirmed with a current code or a recovery code. */
  app.post<{ Params: { uid: string }; Body: CodeForm }>(
    `${base}/:uid/remove-totp`,
    async (request, reply) => {
      const form = (request.body ?? {}) as CodeForm;
      const details = await interactionFor(request, reply, request.params.uid);
      const language = languageOf(form.lang, details, request);
      if (!details) return sendExpired(reply, language);
      const account = accountOf(details);
      if (details.prompt.name !== DELETE_CREDENTIAL_PROMPT || !account) return sendExpired(reply, language);
      const refusal = removalRefusal(account, details);
      if (refusal)
        return renderActionMessage(reply, details.uid, language, 'twoFactor.remove.pageTitle', refusal);

      const address = request.ip;
      const waitUntil = idp.guard.waitUntil(account.email, address);
      if (waitUntil) {
        retryAfter(reply, waitUntil);
        return renderRemoveTotp(reply, 429, details.uid, language, waitMessage(language, waitUntil));
      }
      const code = typedCode(form.code) || typedCode(form.recoveryCode);
      if (!code)
        return renderRemoveTotp(
          reply,
          400,
          details.uid,
          language,
          message(language, 'twoFactor.missingCode'),
        );
      if (!(await checkSecondFactor(idp.accounts, account, code, idp.now()))) {
        idp.guard.recordFailure(account.email, address);
        await sleep(FAILURE_DELAY_MS);
        return renderRemoveTotp(
          reply,
          401,
          details.uid,
          language,
          message(language, 'twoFactor.invalidCode'),
        );
      }
      await idp.accounts.removeTotp(account.id);
      idp.logger.info({ accountId: account.id }, 'idp: two-factor sign-in turned off');
      return finish(request, reply, language, { credentialDeleted: true } as InteractionResults, true);
    },
  );

  /** Leaves an action step without doing it (cancel, or continue after the recovery codes) when allowed. */
  app.post<{ Params: { uid: string }; Body: { lang?: unknown } }>(
    `${base}/:uid/continue`,
    async (request, reply) => {
      const form = (request.body ?? {}) as { lang?: unknown };
      const details = await interactionFor(request, reply, request.params.uid);
      const language = languageOf(form.lang, details, request);
      if (!details) return sendExpired(reply, language);
      const account = accountOf(details);
      if (!account) return sendExpired(reply, language);
      if (details.prompt.name === CONFIGURE_TOTP_PROMPT) {
        // A required enrolment cannot be skipped: the page comes back.
        if (!account.totp && isTotpRequired(account, idp.requireAdminTotp)) {
          return renderConfigureTotp(reply, 200, details.uid, language, account);
        }
        idp.enrolments.delete(details.uid);
        return finish(request, reply, language, { totpConfigured: true } as InteractionResults, true);
      }
      if (details.prompt.name === DELETE_CREDENTIAL_PROMPT) {
        return finish(request, reply, language, { credentialDeleted: true } as InteractionResults, true);
      }
      return sendExpired(reply, language);
    },
  );

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
