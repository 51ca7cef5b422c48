import { Stack, Text, Title } from '@mantine/core';
import { useLanguage } from '../../lib/language-context.ts';
import { definePage } from '../../lib/page-data.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { useTranslate } from '../../ui/use-translate.ts';
import { FallbackNote } from './content-ui.tsx';
import { contentPageQuery, useContentPageQuery } from './queries.ts';
import { RichText } from './rich-text.tsx';

/** The statement's sections, in order; each has a title and a text in the pages catalog. */
export const ACCESSIBILITY_SECTIONS = ['status', 'tested', 'limitations', 'report'] as const;

/**
 * /:lang/public/acessibilidade: the accessibility statement (WCAG 2.2 AA, what was tested, what still falls short,
 * how to report a problem): the content manager's page when there is one, else the portal's own text.
 */
function Accessibility() {
  const t = useTranslate();
  const language = useLanguage();
  const page = useContentPageQuery('accessibility', language);
  if (page.isPending) return <Text c="gray.7">{t('contentPublic:loading')}</Text>;
  if (page.data) {
    return (
      <Stack gap="md" maw={760} lang={page.data.language}>
        <PageTitle>{page.data.title}</PageTitle>
        <FallbackNote missing={page.data.missing} />
        <RichText html={page.data.body} testId="accessibility-body" />
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={760}>
      <PageTitle>{t('pages:accessibility.title')}</PageTitle>
      <Text>{t('pages:accessibility.intro')}</Text>
      {ACCESSIBILITY_SECTIONS.map((section) => (
        <Stack gap={4} key={section} component="section">
          <Title order={2} size="h4">
            {t(`pages:accessibility.${section}Title`)}
          </Title>
          <Text>{t(`pages:accessibility.${section}`)}</Text>
        </Stack>
      ))}
    </Stack>
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
