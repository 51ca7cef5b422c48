import { randomBytes } from 'node:crypto';
import {
  acceptLanguageTags,
  EMBLEM_DATA_URL,
  LANGUAGES,
  type Language,
  languageFromTag,
  pickLanguage,
  translate,
} from '@excelencia/domain';
import { html, SafeHtml } from './html.ts';

/**
 * The language of an idp page: an explicit choice (the page's language switch, then the authorization
 * request's ui_locales or kc_locale, each possibly a space-separated list), else Accept-Language, else pt.
 */
export function pageLanguage(explicit: readonly unknown[], acceptLanguage: string | undefined): Language {
  for (const value of explicit) {
    if (typeof value !== 'string') continue;
    for (const tag of value.split(/\s+/)) {
      const language = languageFromTag(tag);
      if (language) return language;
    }
  }
  return pickLanguage({ browser: acceptLanguageTags(acceptLanguage) });
}

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The Content-Security-Policy of every idp page: nothing but our own nonce'd style and script, forms only
 * to ourselves and to the registered clients (the sign-in form ends in a redirect to the client), no framing.
 */
export function contentSecurityPolicy(
  nonce: string | undefined,
  formActionOrigins: readonly string[],
): string {
  const sources = nonce ? `'nonce-${nonce}'` : "'none'";
  return [
    "default-src 'none'",
    `style-src ${sources}`,
    `script-src ${nonce ? sources : "'self'"}`,
    "img-src 'self' data:",
    `form-action 'self' ${formActionOrigins.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

const STYLE = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:1rem;line-height:1.5;color:#1b1f24;background:#eef1f5}
.wrap{max-width:26rem;margin:0 auto;padding:2rem 1rem}
.brand{margin:0 0 1.25rem;text-align:center;font-size:1.375rem;font-weight:700;color:#0b3a6f}
.card{background:#fff;border:1px solid #cfd6df;border-radius:.5rem;padding:1.5rem}
h1{margin:0 0 1rem;font-size:1.25rem}
p{margin:0 0 1rem}
label{display:block;font-weight:600;margin:0 0 .25rem}
input{display:block;width:100%;font:inherit;padding:.625rem .75rem;border:1px solid #6b7480;border-radius:.375rem;background:#fff;color:inherit;margin:0 0 1rem}
input[aria-invalid=true]{border-color:#a4161a}
button{display:block;width:100%;font:inherit;font-weight:600;padding:.7rem 1rem;border:0;border-radius:.375rem;background:#0b3a6f;color:#fff;cursor:pointer}
button:hover{background:#082c54}
:focus-visible{outline:3px solid #b45309;outline-offset:2px}
.alert{margin:0 0 1rem;padding:.75rem;border-radius:.375rem;background:#fdecec;color:#8a1116;border:1px solid #e8a5a8}
.detail{color:#4a5360;font-size:.875rem;word-break:break-word}
.after{margin:1rem 0 0;text-align:center}
a{color:#0b3a6f}
.langs{margin-top:1.25rem}
.langs ul{list-style:none;display:flex;gap:1rem;justify-content:center;padding:0;margin:0}
.langs a{color:#0b3a6f}
.langs a[aria-current]{font-weight:700;text-decoration:none}
.secondary{margin-top:.75rem;background:#fff;color:#0b3a6f;border:1px solid #0b3a6f}
.secondary:hover{background:#eef1f5}
.qr{display:block;width:12rem;height:12rem;margin:0 auto 1rem;image-rendering:pixelated}
.secret{display:block;margin:0 0 1rem;padding:.5rem;background:#eef1f5;border-radius:.375rem;font-size:1rem;letter-spacing:.05em;word-break:break-all}
.codes{columns:2;margin:0 0 1rem;padding-left:1.5rem}
.codes code{font-size:1rem}
details{margin:1rem 0 0}
summary{cursor:pointer;color:#0b3a6f}
details form{margin-top:.75rem}
ol.steps{padding-left:1.25rem}`;

export interface PageFrame {
  language: Language;
  nonce: string;
  title: string;
  /** Where each language's version of this page lives; no switch when absent. */
  languageHref?: (language: Language) => string;
  script?: string;
}

function t(language: Language, key: string, params?: Record<string, string | number>): string {
  return translate(language, `idp:${key}`, params);
}

function layout(frame: PageFrame, content: SafeHtml): string {
  const { language, nonce, languageHref } = frame;
  const switcher = languageHref
    ? html`<nav class="langs" aria-label="${t(language, 'languageLabel')}"><ul>${LANGUAGES.map(
        (l) =>
          html`<li><a href="${languageHref(l)}" hreflang="${l}" lang="${l}"${
            l === language ? html` aria-current="true"` : ''
          }>${translate(l, `common:languages.${l}`)}</a></li>`,
      )}</ul></nav>`
    : '';
  const script = frame.script ? html`<script nonce="${nonce}">${new SafeHtml(frame.script)}</script>` : '';
  return html`<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="${EMBLEM_DATA_URL}">
<title>${frame.title} · ${t(language, 'title')}</title>
<style nonce="${nonce}">${new SafeHtml(STYLE)}</style>
</head>
<body>
<div class="wrap">
<header><p class="brand">${t(language, 'title')}</p></header>
<main class="card">
${content}
</main>
${switcher}
</div>
${script}
</body>
</html>
`.value;
}

export interface LoginPageInput {
  language: Language;
  nonce: string;
  action: string;
  languageHref: (language: Language) => string;
  email?: string;
  error?: string;
  /** Marks the fields invalid (wrong credentials), not only shows the message. */
  fieldsInvalid?: boolean;
  /** The 'Forgot your password?' page; no link when the idp cannot send mail. */
  forgotHref?: string;
}

export function loginPage(input: LoginPageInput): string {
  const { language, error } = input;
  const invalid = input.fieldsInvalid ? html` aria-invalid="true" aria-describedby="login-error"` : '';
  const focusEmail = !input.email;
  return layout(
    {
      language,
      nonce: input.nonce,
      title: t(language, 'signIn.pageTitle'),
      languageHref: input.languageHref,
    },
    html`<h1>${t(language, 'signIn.heading')}</h1>
${error ? html`<p class="alert" role="alert" id="login-error">${error}</p>` : ''}
<form method="post" action="${input.action}" novalidate>
<input type="hidden" name="lang" value="${language}">
<label for="email">${t(language, 'signIn.email')}</label>
<input id="email" name="email" type="email" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${input.email ?? ''}"${invalid}${focusEmail ? html` autofocus` : ''}>
<label for="password">${t(language, 'signIn.password')}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${focusEmail ? '' : html` autofocus`}>
<button type="submit">${t(language, 'signIn.submit')}</button>
</form>
${input.forgotHref ? html`<p class="after"><a href="${input.forgotHref}">${t(language, 'forgot.link')}</a></p>` : ''}`,
  );
}

export interface ForgotPasswordPageInput {
  language: Language;
  nonce: string;
  action: string;
  languageHref: (language: Language) => string;
  /** The sign-in request this came from, carried along to return to it. */
  interactionUid?: string;
  backHref?: string;
  email?: string;
  error?: string;
}

/** 'Forgot your password?': the account's e-mail, to receive a reset link. */
export function forgotPasswordPage(input: ForgotPasswordPageInput): string {
  const { language, error } = input;
  const invalid = error ? html` aria-invalid="true" aria-describedby="forgot-error"` : '';
  return layout(
    {
      language,
      nonce: input.nonce,
      title: t(language, 'forgot.pageTitle'),
      languageHref: input.languageHref,
    },
    html`<h1>${t(language, 'forgot.heading')}</h1>
${error ? html`<p class="alert" role="alert" id="forgot-error">${error}</p>` : ''}
<p>${t(language, 'forgot.intro')}</p>
<form method="post" action="${input.action}" novalidate>
<input type="hidden" name="lang" value="${language}">
${input.interactionUid ? html`<input type="hidden" name="uid" value="${input.interactionUid}">` : ''}
<label for="email">${t(language, 'signIn.email')}</label>
<input id="email" name="email" type="email" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${input.email ?? ''}"${invalid} autofocus>
<button type="submit">${t(language, 'forgot.submit')}</button>
</form>
${input.backHref ? html`<p class="after"><a href="${input.backHref}">${t(language, 'forgot.backToSignIn')}</a></p>` : ''}`,
  );
}

export interface ResetPasswordPageInput {
  language: Language;
  nonce: string;
  action: string;
  token: string;
  languageHref: (language: Language) => string;
  minLength: number;
  /** Messages by field: newPassword, confirmPassword. */
  errors?: { newPassword?: string; confirmPassword?: string };
}

/** The reset link's page: the new password twice (the portal's password rule), with each field's message. */
export function resetPasswordPage(input: ResetPasswordPageInput): string {
  const { language } = input;
  const errors = input.errors ?? {};
  const field = (
    id: string,
    name: 'newPassword' | 'confirmPassword',
    label: string,
    extra: SafeHtml | '',
  ) => {
    const message = errors[name];
    const errorId = `${id}-error`;
    return html`<label for="${id}">${label}</label>
${message ? html`<p class="alert" role="alert" id="${errorId}">${message}</p>` : ''}
<input id="${id}" name="${name}" type="password" autocomplete="new-password" minlength="${input.minLength}" required${
      message ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''
    }${extra}>`;
  };
  return layout(
    { language, nonce: input.nonce, title: t(language, 'reset.pageTitle'), languageHref: input.languageHref },
    html`<h1>${t(language, 'reset.heading')}</h1>
<p id="password-rule">${t(language, 'changePassword.intro', { min: input.minLength })}</p>
<form method="post" action="${input.action}" novalidate>
<input type="hidden" name="lang" value="${language}">
<input type="hidden" name="token" value="${input.token}">
${field('new-password', 'newPassword', t(language, 'changePassword.newPassword'), errors.newPassword ? '' : html` aria-describedby="password-rule" autofocus`)}
${field('confirm-password', 'confirmPassword', t(language, 'changePassword.confirmPassword'), '')}
<button type="submit">${t(language, 'changePassword.submit')}</button>
</form>`,
  );
}

/** A page of the reset flow that only says something, with one link onwards (sent, done, invalid link). */
export function resetMessagePage(input: {
  language: Language;
  nonce: string;
  title: string;
  heading: string;
  message: string;
  link?: { href: string; label: string };
}): string {
  return layout(
    { language: input.language, nonce: input.nonce, title: input.title },
    html`<h1>${input.heading}</h1>
<p role="status">${input.message}</p>
${input.link ? html`<p><a href="${input.link.href}">${input.link.label}</a></p>` : ''}`,
  );
}

export interface ChangePasswordPageInput {
  language: Language;
  nonce: string;
  action: string;
  languageHref: (language: Language) => string;
  minLength: number;
  error?: string;
}

/** The page of kc_action=UPDATE_PASSWORD: the new password twice, after the user is authenticated. */
export function changePasswordPage(input: ChangePasswordPageInput): string {
  const { language, error } = input;
  const invalid = error ? html` aria-invalid="true" aria-describedby="password-error"` : '';
  return layout(
    {
      language,
      nonce: input.nonce,
      title: t(language, 'changePassword.pageTitle'),
      languageHref: input.languageHref,
    },
    html`<h1>${t(language, 'changePassword.heading')}</h1>
${error ? html`<p class="alert" role="alert" id="password-error">${error}</p>` : ''}
<p id="password-rule">${t(language, 'changePassword.intro', { min: input.minLength })}</p>
<form method="post" action="${input.action}" novalidate>
<input type="hidden" name="lang" value="${language}">
<label for="new-password">${t(language, 'changePassword.newPassword')}</label>
<input id="new-password" name="newPassword" type="password" autocomplete="new-password" minlength="${input.minLength}" required aria-describedby="password-rule"${invalid} autofocus>
<label for="confirm-password">${t(language, 'changePassword.confirmPassword')}</label>
<input id="confirm-password" name="confirmPassword" type="password" autocomplete="new-password" minlength="${input.minLength}" required${invalid}>
<button type="submit">${t(language, 'changePassword.submit')}</button>
</form>`,
  );
}

export interface MessagePageInput {
  language: Language;
  nonce: string;
  title: string;
  heading: string;
  message: string;
  /** Technical detail shown small under the message (an OAuth error code and description). */
  detail?: string;
}

export function messagePage(input: MessagePageInput): string {
  return layout(
    { language: input.language, nonce: input.nonce, title: input.title },
    html`<h1>${input.heading}</h1>
<p${input.detail ? '' : html` role="status"`}>${input.message}</p>
${input.detail ? html`<p class="detail"><code>${input.detail}</code></p>` : ''}`,
  );
}

export function errorPage(language: Language, nonce: string, message: string, detail?: string): string {
  const heading = t(language, 'errors.heading');
  return messagePage({ language, nonce, title: heading, heading, message, ...(detail ? { detail } : {}) });
}

export function signedOutPage(language: Language, nonce: string): string {
  const title = t(language, 'signOut.pageTitle');
  return messagePage({ language, nonce, title, heading: title, message: t(language, 'signOut.done') });
}

/**
 * The end-session page: oidc-provider's confirmation form, completed with logout=yes (sign out of the
 * provider, not only of the client), submitted at once by a nonce'd script, with a visible button as
 * fallback when scripts do not run.
 */
export function signOutPage(language: Language, nonce: string, providerForm: string): string {
  const form = providerForm.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return layout(
    {
      language,
      nonce,
      title: t(language, 'signOut.pageTitle'),
      script: "document.getElementById('op.logoutForm').submit();",
    },
    html`<h1>${t(language, 'signOut.pageTitle')}</h1>
<p role="status">${t(language, 'signOut.inProgress')}</p>
${new SafeHtml(form)}
<button type="submit" form="op.logoutForm">${t(language, 'signOut.submit')}</button>`,
  );
}

/** Fields of a one-time code: the app's 6-digit code, or (folded away) a recovery code instead. */
function codeFields(input: {
  language: Language;
  action: string;
  submit: string;
  describedBy: string;
  error?: string;
  hidden?: SafeHtml;
}): SafeHtml {
  const { language } = input;
  const invalid = input.error ? html` aria-invalid="true"` : '';
  const describedBy = input.error ? `${input.describedBy} code-error` : input.describedBy;
  return html`<form method="post" action="${input.action}" novalidate>
<input type="hidden" name="lang" value="${language}">
${input.hidden ?? ''}
<label for="code">${t(language, 'twoFactor.code')}</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]*" maxlength="8" autocapitalize="none" spellcheck="false" required aria-describedby="${describedBy}"${invalid} autofocus>
<button type="submit">${input.submit}</button>
</form>`;
}

function recoveryForm(input: { language: Language; action: string; submit: string }): SafeHtml {
  const { language } = input;
  return html`<details>
<summary>${t(language, 'twoFactor.useRecovery')}</summary>
<form method="post" action="${input.action}" novalidate>
<input type="hidden" name="lang" value="${language}">
<label for="recovery-code">${t(language, 'twoFactor.recoveryCode')}</label>
<input id="recovery-code" name="recoveryCode" type="text" autocomplete="off" autocapitalize="none" spellcheck="false" maxlength="32" required>
<button type="submit">${input.submit}</button>
</form>
</details>`;
}

function errorAlert(error: string | undefined): SafeHtml | '' {
  return error ? html`<p class="alert" role="alert" id="code-error">${error}</p>` : '';
}

/** A button that leaves the current step (cancel, continue) through a form of its own. */
function leaveForm(language: Language, action: string, label: string, secondary: boolean): SafeHtml {
  return html`<form method="post" action="${action}">
<input type="hidden" name="lang" value="${language}">
<button type="submit"${secondary ? html` class="secondary"` : ''}>${label}</button>
</form>`;
}

interface OtpPageInput {
  language: Language;
  nonce: string;
  action: string;
  languageHref: (language: Language) => string;
  error?: string;
}

/** The second step of a sign-in with two-factor sign-in on: the app's code, or a recovery code. */
export function otpPage(input: OtpPageInput): string {
  const { language } = input;
  return layout(
    {
      language,
      nonce: input.nonce,
      title: t(language, 'twoFactor.signIn.pageTitle'),
      languageHref: input.languageHref,
    },
    html`<h1>${t(language, 'twoFactor.signIn.heading')}</h1>
${errorAlert(input.error)}
<p id="code-intro">${t(language, 'twoFactor.signIn.intro')}</p>
${codeFields({ language, action: input.action, submit: t(language, 'twoFactor.signIn.submit'), describedBy: 'code-intro', ...(input.error ? { error: input.error } : {}) })}
${recoveryForm({ language, action: input.action, submit: t(language, 'twoFactor.signIn.submit') })}`,
  );
}

interface ConfigureTotpPageInput {
  language: Language;
  nonce: string;
  action: string;
  languageHref: (language: Language) => string;
  qrCode: string;
  secret: string;
  required: boolean;
  /** Where 'Cancel' posts; absent when two-factor sign-in is required for the account. */
  cancelAction?: string;
  error?: string;
}

/** Keycloak's CONFIGURE_TOTP: the QR code and the key as text, then one code to confirm. */
export function configureTotpPage(input: ConfigureTotpPageInput): string {
  const { language } = input;
  return layout(
    {
      language,
      nonce: input.nonce,
      title: t(language, 'twoFactor.configure.pageTitle'),
      languageHref: input.languageHref,
    },
    html`<h1>${t(language, 'twoFactor.configure.heading')}</h1>
${input.required ? html`<p role="status">${t(language, 'twoFactor.configure.required')}</p>` : ''}
${errorAlert(input.error)}
<ol class="steps">
<li><p>${t(language, 'twoFactor.configure.step1')}</p></li>
<li><p>${t(language, 'twoFactor.configure.step2')}</p>
<img class="qr" src="${input.qrCode}" alt="${t(language, 'twoFactor.configure.qrAlt')}" width="192" height="192">
<p id="secret-label">${t(language, 'twoFactor.configure.secretLabel')}</p>
<code class="secret" id="secret">${input.secret}</code></li>
<li><p id="code-intro">${t(language, 'twoFactor.configure.step3')}</p></li>
</ol>
${codeFields({ language, action: input.action, submit: t(language, 'twoFactor.configure.submit'), describedBy: 'code-intro', ...(input.error ? { error: input.error } : {}) })}
${input.cancelAction ? leaveForm(language, input.cancelAction, t(language, 'twoFactor.cancel'), true) : ''}`,
  );
}

/** Shown once, right after two-factor sign-in was turned on: the recovery codes, then back to the client. */
export function recoveryCodesPage(input: {
  language: Language;
  nonce: string;
  action: string;
  codes: readonly string[];
}): string {
  const { language } = input;
  return layout(
    { language, nonce: input.nonce, title: t(language, 'twoFactor.recovery.pageTitle') },
    html`<h1>${t(language, 'twoFactor.recovery.heading')}</h1>
<p role="status">${t(language, 'twoFactor.recovery.done')}</p>
<p>${t(language, 'twoFactor.recovery.intro', { count: input.codes.length })}</p>
<ol class="codes" aria-label="${t(language, 'twoFactor.recovery.heading')}">${input.codes.map((code) => html`<li><code>${code}</code></li>`)}</ol>
${leaveForm(language, input.action, t(language, 'twoFactor.continue'), false)}`,
  );
}

interface RemoveTotpPageInput {
  language: Language;
  nonce: string;
  action: string;
  cancelAction: string;
  languageHref: (language: Language) => string;
  error?: string;
}

/** Keycloak's delete_credential for the one-time code: confirmed with a current code (or a recovery code). */
export function removeTotpPage(input: RemoveTotpPageInput): string {
  const { language } = input;
  return layout(
    {
      language,
      nonce: input.nonce,
      title: t(language, 'twoFactor.remove.pageTitle'),
      languageHref: input.languageHref,
    },
    html`<h1>${t(language, 'twoFactor.remove.heading')}</h1>
${errorAlert(input.error)}
<p id="code-intro">${t(language, 'twoFactor.remove.intro')}</p>
${codeFields({ language, action: input.action, submit: t(language, 'twoFactor.remove.submit'), describedBy: 'code-intro', ...(input.error ? { error: input.error } : {}) })}
${recoveryForm({ language, action: input.action, submit: t(language, 'twoFactor.remove.submit') })}
${leaveForm(language, input.cancelAction, t(language, 'twoFactor.cancel'), true)}`,
  );
}

/** A step that only says something (already on, required, not on), with a button back to the client. */
export function actionMessagePage(input: {
  language: Language;
  nonce: string;
  title: string;
  message: string;
  action: string;
}): string {
  const { language } = input;
  return layout(
    { language, nonce: input.nonce, title: input.title },
    html`<h1>${input.title}</h1>
<p role="status">${input.message}</p>
${leaveForm(language, input.action, t(language, 'twoFactor.continue'), false)}`,
  );
}

export function message(language: Language, key: string, params?: Record<string, string | number>): string {
  return t(language, key, params);
}
