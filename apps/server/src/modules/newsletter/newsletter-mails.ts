import { escapeHtml, type Language, translate } from '@excelencia/domain';
import { API_PREFIX } from '../../auth/guard.ts';
import { htmlPage } from '../../platform/html-page.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';

/** The links the newsletter's mails carry: endpoints that answer a small page (newsletter.routes.ts). */
export function confirmLink(publicUrl: string, token: string): string {
  return `${publicUrl}${API_PREFIX}/public/newsletter/confirm/${encodeURIComponent(token)}`;
}

/** The one-click unsubscribe link: followed (GET) or posted to by the mail client (RFC 8058). */
export function unsubscribeLink(publicUrl: string, token: string, campaignId?: string): string {
  const link = `${publicUrl}${API_PREFIX}/public/newsletter/unsubscribe/${encodeURIComponent(token)}`;
  return campaignId ? `${link}?campaign=${encodeURIComponent(campaignId)}` : link;
}

/** RFC 2369 and RFC 8058 headers: mail clients offer an unsubscribe button that POSTs to the link. */
export function listUnsubscribeHeaders(link: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * Why the mail came and how to stop it: 'subscribed' under a campaign, 'pending' under the confirmation mail (the
 * address is not subscribed until its link is followed).
 */
function footer(
  language: Language,
  link: string | null,
  kind: 'subscribed' | 'pending' = 'subscribed',
): { text: string[]; html: string[] } {
  const block = kind === 'pending' ? 'pendingFooter' : 'footer';
  const t = (key: string) => translate(language, `newsletterMail:${block}.${key}`);
  return {
    text: ['', '--', t('reason'), ...(link ? [`${t('unsubscribe')}: ${link}`] : [])],
    html: [
      '<hr>',
      `<p style="font-size:12px;color:#555">${escapeHtml(t('reason'))}${
        link ? ` <a href="${escapeHtml(link)}">${escapeHtml(t('unsubscribe'))}</a>` : ''
      }</p>`,
    ],
  };
}

/** The double opt-in mail: the single-use confirmation link, and the unsubscribe link every mail has. */
export function confirmationMail(input: {
  to: string;
  language: Language;
  confirmLink: string;
  unsubscribeLink: string;
}): OutgoingMail {
  const { language } = input;
  const t = (key: string) => translate(language, `newsletterMail:confirm.${key}`);
  const end = footer(language, input.unsubscribeLink, 'pending');
  const p = (value: string) => `<p>${escapeHtml(value)}</p>`;
  return {
    to: input.to,
    language,
    subject: t('subject'),
    text: [
      t('greeting'),
      '',
      t('intro'),
      t('action'),
      input.confirmLink,
      '',
      t('ignore'),
      '',
      translate(language, 'mail:signature'),
      ...end.text,
    ].join('\n'),
    html: [
      `<!doctype html><html lang="${language}"><body>`,
      p(t('greeting')),
      p(t('intro')),
      p(t('action')),
      `<p><a href="${escapeHtml(input.confirmLink)}">${escapeHtml(t('button'))}</a></p>`,
      `<p>${escapeHtml(input.confirmLink)}</p>`,
      p(t('ignore')),
      p(translate(language, 'mail:signature')),
      ...end.html,
      '</body></html>',
    ].join('\n'),
    headers: listUnsubscribeHeaders(input.unsubscribeLink),
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The plain-text part of a campaign: the sanitised HTML's text, paragraphs and line breaks kept, links spelled out. */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_all, href: string, text: string) =>
      text.replace(/<[^>]+>/g, '').trim() === href ? href : `${text} (${href})`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(p|div|h[1-6]|li|ul|ol|blockquote)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_all, name: string) => ENTITIES[name] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The site's own paths of a (sanitised) body made absolute, since a mail has no page to resolve them against. */
export function absoluteUrls(html: string, publicUrl: string): string {
  return html.replace(/\b(href|src)="\/(?![/\\])/g, (_all, name: string) => `${name}="${publicUrl}/`);
}

/**
 * A campaign as one subscriber gets it: the (already sanitised) body in a page, its links and images absolute, the footer with the unsubscribe
 * link, and the List-Unsubscribe headers. Without a link (the administrator's test), neither link nor headers.
 */
export function campaignMail(input: {
  to: string;
  language: Language;
  subject: string;
  bodyHtml: string;
  publicUrl: string;
  unsubscribeLink: string | null;
}): OutgoingMail {
  const end = footer(input.language, input.unsubscribeLink);
  const body = absoluteUrls(input.bodyHtml, input.publicUrl);
  return {
    to: input.to,
    language: input.language,
    subject: input.subject,
    text: [htmlToText(body), ...end.text].join('\n'),
    html: [`<!doctype html><html lang="${input.language}"><body>`, body, ...end.html, '</body></html>'].join(
      '\n',
    ),
    ...(input.unsubscribeLink ? { headers: listUnsubscribeHeaders(input.unsubscribeLink) } : {}),
  };
}

/** The page the confirm and unsubscribe links answer: in the subscriber's language, in the site's look. */
export function newsletterPage(input: {
  language: Language;
  title: string;
  message: string;
  homeUrl: string;
}): string {
  const { language } = input;
  return htmlPage({
    language,
    title: input.title,
    content: [
      `<p>${escapeHtml(input.message)}</p>`,
      `<p class="actions"><a href="${escapeHtml(input.homeUrl)}">${escapeHtml(
        translate(language, 'newsletterMail:page.home'),
      )}</a></p>`,
    ].join('\n'),
  });
}
