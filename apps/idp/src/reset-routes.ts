import {
  isEmailAddress,
  type Language,
  MIN_PASSWORD_LENGTH,
  PasswordChoice,
  translate,
} from '@excelencia/domain';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fullNameOf } from './accounts.ts';
import type { IdpContext } from './context.ts';
import {
  contentSecurityPolicy,
  forgotPasswordPage,
  message,
  newNonce,
  pageLanguage,
  resetMessagePage,
  resetPasswordPage,
} from './pages.ts';
import { RESET_LINK_MINUTES } from './password-resets.ts';
import { resetMail } from './reset-mail.ts';

interface ForgotForm {
  email?: unknown;
  lang?: unknown;
  uid?: unknown;
}

interface ResetForm {
  token?: unknown;
  newPassword?: unknown;
  confirmPassword?: unknown;
  lang?: unknown;
}

/** An interaction uid as oidc-provider makes them (carried in forms and links, so checked). */
function interactionUid(value: unknown): string | undefined {
  return typeof value === 'string' && /^[\w-]{8,64}$/.test(value) ? value : undefined;
}

/**
 * Password reset by e-mail, from the sign-in page's 'Forgot your password?' (Keycloak's reset-credentials):
 * GET/POST <realm>/login-actions/reset-credentials  the account's e-mail; the same answer whether or not an
 *                                                   account has it (nothing to learn about who has an account)
 * GET/POST <realm>/login-actions/reset-password     the mailed link (?token=): the new password twice, once
 * Offered only when the host application gave the idp a way to send mail (options.sendMail).
 */
export async function resetRoutes(app: FastifyInstance, idp: IdpContext): Promise<void> {
  const sendMail = idp.sendMail;
  if (!sendMail) return;
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  const base = `${idp.realmPath}/login-actions`;
  const forgotPath = `${base}/reset-credentials`;
  const resetPath = `${base}/reset-password`;

  function sendHtml(reply: FastifyReply, status: number, render: (nonce: string) => string) {
    const nonce = newNonce();
    return reply
      .code(status)
      .header('Content-Security-Policy', contentSecurityPolicy(nonce, idp.formActionOrigins))
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(render(nonce));
  }

  const languageOf = (explicit: unknown, request: FastifyRequest) =>
    pageLanguage([explicit], request.headers['accept-language']);

  const forgotHref = (language: Language, uid?: string) =>
    `${forgotPath}?lang=${language}${uid ? `&uid=${encodeURIComponent(uid)}` : ''}`;

  /** Back to the sign-in request when it is still open, else to the portal's home page. */
  async function signInHref(language: Language, uid: string | null | undefined): Promise<string | undefined> {
    if (uid && (await idp.provider().Interaction.find(uid))) {
      return `${base}/${encodeURIComponent(uid)}?lang=${language}`;
    }
    return idp.homeFor(language);
  }

  function renderForgot(
    reply: FastifyReply,
    status: number,
    language: Language,
    uid: string | undefined,
    extra: { email?: string; error?: string },
  ) {
    return sendHtml(reply, status, (nonce) =>
      forgotPasswordPage({
        language,
        nonce,
        action: forgotPath,
        languageHref: (l) => forgotHref(l, uid),
        ...(uid
          ? { interactionUid: uid, backHref: `${base}/${encodeURIComponent(uid)}?lang=${language}` }
          : {}),
        ...extra,
      }),
    );
  }

  function renderInvalidLink(reply: FastifyReply, language: Language) {
    return sendHtml(reply, 400, (nonce) =>
      resetMessagePage({
        language,
        nonce,
        title: message(language, 'reset.invalidHeading'),
        heading: message(language, 'reset.invalidHeading'),
        message: message(language, 'reset.invalid'),
        link: { href: forgotHref(language), label: message(language, 'reset.askAgain') },
      }),
    );
  }

  function renderReset(
    reply: FastifyReply,
    status: number,
    language: Language,
    token: string,
    errors?: { newPassword?: string; confirmPassword?: string },
  ) {
    return sendHtml(reply, status, (nonce) =>
      resetPasswordPage({
        language,
        nonce,
        action: resetPath,
        token,
        languageHref: (l) => `${resetPath}?token=${encodeURIComponent(token)}&lang=${l}`,
        minLength: MIN_PASSWORD_LENGTH,
        ...(errors ? { errors } : {}),
      }),
    );
  }

  app.get<{ Querystring: { lang?: string; uid?: string } }>(forgotPath, async (request, reply) => {
    const language = languageOf(request.query.lang, request);
    return renderForgot(reply, 200, language, interactionUid(request.query.uid), {});
  });

  app.post<{ Body: ForgotForm }>(forgotPath, async (request, reply) => {
    const form = (request.body ?? {}) as ForgotForm;
    const language = languageOf(form.lang, request);
    const uid = interactionUid(form.uid);
    const email = typeof form.email === 'string' ? form.email.trim() : '';
    if (!isEmailAddress(email)) {
      return renderForgot(reply, 400, language, uid, {
        email,
        error: message(language, 'forgot.missingEmail'),
      });
    }
    const account = idp.accounts.findByEmail(email);
    // Only an enabled account gets a link, and not twice within a minute; the page says the same in every case.
    if (account?.enabled && !idp.resets.recentlyIssued(account.id)) {
      const token = await idp.resets.issue(account.id, uid ?? null);
      const link = `${idp.issuer()}/login-actions/reset-password?token=${encodeURIComponent(token)}&lang=${language}`;
      try {
        await sendMail(resetMail({ to: account.email, name: fullNameOf(account), language, link }));
        idp.logger.info({ accountId: account.id }, 'idp: password reset link sent');
      } catch (error) {
        idp.logger.error({ err: error }, 'idp: the password reset mail could not be sent');
      }
    }
    const back = await signInHref(language, uid);
    return sendHtml(reply, 200, (nonce) =>
      resetMessagePage({
        language,
        nonce,
        title: message(language, 'forgot.pageTitle'),
        heading: message(language, 'forgot.sentHeading'),
        message: message(language, 'forgot.sent', { email, minutes: RESET_LINK_MINUTES }),
        ...(back ? { link: { href: back, label: message(language, 'forgot.backToSignIn') } } : {}),
      }),
    );
  });

  app.get<{ Querystring: { token?: string; lang?: string } }>(resetPath, async (request, reply) => {
    const language = languageOf(request.query.lang, request);
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    if (!idp.resets.find(token)) return renderInvalidLink(reply, language);
    return renderReset(reply, 200, language, token);
  });

  app.post<{ Body: ResetForm }>(resetPath, async (request, reply) => {
    const form = (request.body ?? {}) as ResetForm;
    const language = languageOf(form.lang, request);
    const token = typeof form.token === 'string' ? form.token : '';
    if (!idp.resets.find(token)) return renderInvalidLink(reply, language);

    // The portal's own rule for a chosen password (registration, invitation): one schema, its messages.
    const checked = PasswordChoice.safeParse({
      password: form.newPassword,
      confirmPassword: form.confirmPassword,
    });
    if (!checked.success) {
      const errors: { newPassword?: string; confirmPassword?: string } = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === 'password' ? 'newPassword' : 'confirmPassword';
        const params = {
          ...('minimum' in issue ? { min: Number(issue.minimum) } : {}),
          ...('maximum' in issue ? { max: Number(issue.maximum) } : {}),
        };
        errors[field] ??= translate(language, issue.message, params);
      }
      return renderReset(reply, 400, language, token, errors);
    }

    const used = await idp.resets.consume(token);
    if (!used) return renderInvalidLink(reply, language);
    const account = idp.accounts.findById(used.accountId);
    if (!account?.enabled || !(await idp.accounts.setPassword(account.id, checked.data.password))) {
      return renderInvalidLink(reply, language);
    }
    // The waits from failed sign-ins, from every address, end with the new password.
    idp.guard.clearAccount(account.email);
    idp.logger.info({ accountId: account.id }, 'idp: password reset');
    const next = await signInHref(language, used.interactionUid);
    return sendHtml(reply, 200, (nonce) =>
      resetMessagePage({
        language,
        nonce,
        title: message(language, 'reset.doneHeading'),
        heading: message(language, 'reset.doneHeading'),
        message: message(language, 'reset.done'),
        ...(next ? { link: { href: next, label: message(language, 'reset.signIn') } } : {}),
      }),
    );
  });
}
