import type { ContentPageKey } from '@excelencia/domain';
import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useContentPageQuery } from '../queries.ts';
import { FallbackNote } from './content-ui.tsx';
import { RichText } from './rich-text.tsx';

/**
 * A fixed page of the site (privacy, accessibility): the content manager's page of that key when one is published,
 * else the portal's own text from the catalogs: a title, an intro and titled sections. `after` follows either.
 */
export function KeyedPage({
  pageKey,
  fallback,
  after,
}: {
  pageKey: ContentPageKey;
  fallback: { title: string; intro: string; sections: readonly { title: string; text: string }[] };
  after?: ReactNode;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const page = useContentPageQuery(pageKey, language);
  if (page.isPending) return <Text c="gray.7">{t('contentPublic:loading')}</Text>;
  if (page.data) {
    return (
      <Stack gap="md" maw={760} lang={page.data.language}>
        <PageTitle>{page.data.title}</PageTitle>
        <FallbackNote missing={page.data.missing} />
        <RichText html={page.data.body} testId={`${pageKey}-body`} />
        {after}
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={760}>
      <PageTitle>{fallback.title}</PageTitle>
      <Text>{fallback.intro}</Text>
      {fallback.sections.map((section) => (
        <Stack gap={4} key={section.title} component="section">
          <Title order={2} size="h4">
            {section.title}
          </Title>
          <Text>{section.text}</Text>
        </Stack>
      ))}
      {after}
    </Stack>
  );
}
