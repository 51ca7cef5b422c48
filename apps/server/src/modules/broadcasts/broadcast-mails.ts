import { escapeHtml, type Language, translate } from '@excelencia/domain';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { absoluteUrls, htmlToText } from '../newsletter/index.ts';

/**
 * A broadcast as one member gets it: the (already sanitised) body in their language, its links absolute, the
 * signature, and a footer saying why it came (a member of the company on the portal). No unsubscribe link: a
 * broadcast is programme information, like the mail about an application (docs/adr/0032-broadcasts.md).
 */
export function broadcastMail(input: {
  to: string;
  language: Language;
  subject: string;
  bodyHtml: string;
  companyName: string;
  publicUrl: string;
}): OutgoingMail {
  const { language } = input;
  const body = absoluteUrls(input.bodyHtml, input.publicUrl);
  const signature = translate(language, 'mail:signature');
  const reason = translate(language, 'broadcastsMail:footer.reason', { company: input.companyName });
  return {
    to: input.to,
    language,
    subject: input.subject,
    text: [htmlToText(body), '', signature, '', '--', reason].join('\n'),
    html: [
      `<!doctype html><html lang="${language}"><body>`,
      body,
      `<p>${escapeHtml(signature)}</p>`,
      '<hr>',
      `<p style="font-size:12px;color:#555">${escapeHtml(reason)}</p>`,
      '</body></html>',
    ].join('\n'),
  };
}
