import type { Language } from '@excelencia/domain';
import classes from './rich-text.module.css';

/**
 * Rich text from the content manager. The server cleaned it at write with an allow-list (no script, event
 * attribute, style, iframe or javascript: URL), so it is shown as it is; this is the one place that does so.
 */
export function RichText({ html, lang, testId }: { html: string; lang?: Language; testId?: string }) {
  return (
    <div
      className={classes.rich}
      lang={lang}
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server at write (sanitize.ts)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
