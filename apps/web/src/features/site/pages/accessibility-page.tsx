import { definePage } from '../../../lib/page-data.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { KeyedPage } from '../components/keyed-page.tsx';
import { contentPageQuery } from '../queries.ts';

/** The statement's sections, in order; each has a title and a text in the pages catalog. */
const ACCESSIBILITY_SECTIONS = ['status', 'tested', 'limitations', 'report'] as const;

/**
 * /:lang/public/acessibilidade: the accessibility statement (WCAG 2.2 AA, what was tested, what still falls short,
 * how to report a problem): the content manager's page when there is one, else the portal's own text.
 */
function Accessibility() {
  const t = useTranslate();
  return (
    <KeyedPage
      pageKey="accessibility"
      fallback={{
        title: t('pages:accessibility.title'),
        intro: t('pages:accessibility.intro'),
        sections: ACCESSIBILITY_SECTIONS.map((section) => ({
          title: t(`pages:accessibility.${section}Title`),
          text: t(`pages:accessibility.${section}`),
        })),
      }}
    />
  );
}

export const AccessibilityPage = definePage(Accessibility, {
  prefetch: ({ queryClient, language }) =>
    queryClient.prefetchQuery(contentPageQuery('accessibility', language)),
  meta: ({ t, queryClient, language }) => ({
    title:
      queryClient.getQueryData(contentPageQuery('accessibility', language).queryKey)?.title ||
      t('pages:accessibility.title'),
    description: t('pages:accessibility.intro'),
  }),
});
