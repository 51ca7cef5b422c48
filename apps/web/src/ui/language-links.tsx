import { LANGUAGES, type Language, languageName } from '@excelencia/domain';
import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { withLanguage } from '../lib/access.ts';
import { useLanguage } from '../lib/language-context.ts';
import classes from './language-links.module.css';

/**
 * The three languages as links (PT EN FR), each named in itself, the current one marked: the public header
 * switches language with plain links, so it works on a page no script runs on. The path keeps its place. A
 * choice of another language is told to `onChoose` (a signed-in person's is stored on the account).
 */
export function LanguageLinks({ onChoose }: { onChoose?: (language: Language) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  return (
    <Group
      component="nav"
      gap={2}
      wrap="nowrap"
      aria-label={t('shell:language.change')}
      data-testid="language-links"
    >
      {LANGUAGES.map((lang) => (
        <Link
          key={lang}
          className={classes.link}
          to={`${withLanguage(location.pathname, lang)}${location.search}${location.hash}`}
          lang={lang}
          hrefLang={lang}
          aria-label={languageName(lang)}
          aria-current={lang === language ? 'true' : undefined}
          data-active={lang === language || undefined}
          onClick={lang === language ? undefined : () => onChoose?.(lang)}
        >
          {lang.toUpperCase()}
        </Link>
      ))}
    </Group>
  );
}
