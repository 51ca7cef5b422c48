/** What other areas use of the content area: the rich-text rule (what HTML a text written in the admin may keep). */
export { sanitizeRichText } from './sanitize.ts';
