import sanitizeHtml from 'sanitize-html';
import { API_PREFIX } from '../../auth/guard.ts';

/** The path of one width of a content image, as the public image route serves it. */
export function contentImagePath(imageId: string, width: number): string {
  return `${API_PREFIX}/public/content/images/${imageId}/${width}.webp`;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** An `<img src>` the rich text may hold: one of our own content images, nothing else. */
const OWN_IMAGE = new RegExp(
  `^${API_PREFIX.replace(/\//g, '\\/')}\\/public\\/content\\/images\\/(${UUID})\\/\\d{1,5}\\.webp$`,
);

/** The content image id of an `<img src>`, or null when it is not one of ours. */
export function ownImageId(src: string | undefined): string | null {
  return src ? (OWN_IMAGE.exec(src)?.[1] ?? null) : null;
}

/** A link's target: http(s) or mailto, a path of the site ('/pt/faq', not '//host' nor '/\\host'), an anchor. */
const SAFE_HREF = /^(?:https?:\/\/[^\s]+|mailto:[^\s]+|\/(?![/\\])[^\s]*|#[\w-]*)$/i;

/**
 * The rich-text allow-list (what the Tiptap editor writes): paragraphs, line breaks, bold, italic, underline,
 * strike, links (http, https, mailto and the site's own paths; rel="noopener noreferrer" added), lists, headings
 * 2-4, quotes, code, and images from our own image route with their alt text. Everything else goes: scripts and
 * their text, event attributes, style, iframes, forms, `javascript:` and `data:` URLs.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'img',
    'code',
    'pre',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'iframe',
    'object',
    'template',
    'svg',
    'math',
  ],
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { rel: 'noopener noreferrer' };
      const href = attribs.href?.trim();
      if (href && SAFE_HREF.test(href)) out.href = href;
      if (attribs.target === '_blank') out.target = '_blank';
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && ownImageId(frame.attribs.src) === null,
};

/** Cleans rich text at write: the allow-list above, surrounding white space trimmed. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The content images a (clean) rich text shows. */
export function richTextImageIds(html: string): string[] {
  const ids: string[] = [];
  for (const match of html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/gi)) {
    const id = ownImageId(match[1]);
    if (id) ids.push(id);
  }
  return ids;
}
