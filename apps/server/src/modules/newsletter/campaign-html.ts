import sanitizeHtml from 'sanitize-html';

/**
 * The HTML a campaign body may keep, for mail clients: text structure and links only. No script, style, event
 * attribute, image, frame or form gets through, and links are http(s) or mailto only (no `javascript:`).
 */
const CAMPAIGN_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'hr',
    'a',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links open outside the mail client's frame, without handing it our page.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
  },
  allowedSchemesAppliedToAttributes: ['href'],
};

/** Cleans a campaign body at write (the one place campaign HTML is sanitised). */
export function sanitizeCampaignHtml(html: string): string {
  return sanitizeHtml(html, CAMPAIGN_HTML).trim();
}
