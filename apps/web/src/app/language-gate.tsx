import { isLanguage, type Language } from '@excelencia/domain';
import { useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useSessionSync } from '../features/session/use-session-sync.ts';
import { applyLanguage, firstLanguage } from '../lib/i18n.ts';
import { LanguageContext } from '../lib/language-context.ts';

/**
 * The first path segment is the language. Anything else is not a language: the whole path moves under
 * the first language (pickLanguage), so /public/sobre becomes /pt/public/sobre.
 */
export function LanguageGate() {
  const { lang } = useParams();
  const location = useLocation();
  if (!isLanguage(lang)) {
    return (
      <Navigate replace to={`/${firstLanguage('')}${location.pathname}${location.search}${location.hash}`} />
    );
  }
  return <LanguageScope language={lang} />;
}

function LanguageScope({ language }: { language: Language }) {
  const location = useLocation();
  useLayoutEffect(() => applyLanguage(language), [language]);
  useSessionSync(language, location.pathname);
  return (
    <LanguageContext value={language}>
      <Outlet />
    </LanguageContext>
  );
}

/** Every unknown path under a language shows /:lang/404. */
export function NotFoundRedirect() {
  const { lang } = useParams();
  return <Navigate replace to={`/${isLanguage(lang) ? lang : firstLanguage('')}/404`} />;
}
