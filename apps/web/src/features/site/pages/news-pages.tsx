import { truncateText } from '@excelencia/domain';
import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { definePage } from '../../../lib/page-data.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import {
  ContentDate,
  ContentPicture,
  FallbackNote,
  LoadFailed,
  LoadMore,
  NewsCard,
} from '../components/content-ui.tsx';
import { RichText } from '../components/rich-text.tsx';
import { pagedListQuery, publicItemQuery, usePagedListQuery } from '../queries.ts';

const NEWS_PAGE_SIZE = 9;

/** /:lang/public/news: the published news, newest first, 'load more' below. */
function NewsList() {
  const t = useTranslate();
  const language = useLanguage();
  const [params] = useSearchParams();
  const from = params.get('cursor');
  const list = usePagedListQuery('news', language, from, NEWS_PAGE_SIZE);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="lg">
      <div>
        <PageTitle>{t('contentPublic:news.title')}</PageTitle>
        <Text c="gray.7">{t('contentPublic:news.intro')}</Text>
      </div>
      <FallbackNote missing={items.some((item) => item.missing)} />
      {list.isError && !list.data ? <LoadFailed onRetry={() => void list.refetch()} /> : null}
      {list.isPending ? <Text c="gray.7">{t('contentPublic:loading')}</Text> : null}
      {list.data && items.length === 0 ? <Text>{t('contentPublic:news.empty')}</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" data-testid="news-list">
        {items.map((item) => (
          <NewsCard key={item.id} item={item} headingLevel={2} />
        ))}
      </SimpleGrid>
      <LoadMore
        nextCursor={list.data?.pages.at(-1)?.nextCursor}
        loading={list.isFetchingNextPage}
        onMore={() => void list.fetchNextPage()}
        testId="news-load-more"
      />
    </Stack>
  );
}

export const NewsListPage = definePage(NewsList, {
  prefetch: (context) =>
    context.queryClient.prefetchInfiniteQuery(
      pagedListQuery('news', context.language, context.searchParams.get('cursor'), NEWS_PAGE_SIZE),
    ),
  meta: ({ t }) => ({ title: t('contentPublic:news.title'), description: t('contentPublic:news.intro') }),
});

/** /:lang/public/news/:slug: one news item with its cover, date and body. */
function NewsArticle() {
  const t = useTranslate();
  const language = useLanguage();
  const localePath = useLocalePath();
  const slug = useParams().slug ?? '';
  const article = useQuery(publicItemQuery('news', slug, language));
  const item = article.data;
  const back = (
    <Anchor component={Link} to={localePath('/public/news')} size="sm">
      <IconArrowLeft size={14} aria-hidden="true" style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
      {t('contentPublic:news.back')}
    </Anchor>
  );
  if (article.isError && !item) return <LoadFailed onRetry={() => void article.refetch()} />;
  if (article.isPending) return <Text c="gray.7">{t('contentPublic:loading')}</Text>;
  if (!item) {
    return (
      <Stack gap="md" maw={760}>
        <PageTitle>{t('contentPublic:news.title')}</PageTitle>
        <Text data-testid="news-not-found">{t('contentPublic:news.notFound')}</Text>
        {back}
      </Stack>
    );
  }
  return (
    <Stack component="article" gap="md" maw={760} lang={item.language} data-testid="news-article">
      {back}
      <div>
        <PageTitle>{item.title}</PageTitle>
        <ContentDate value={item.publishedAt} prefixKey="contentPublic:news.publishedOn" />
      </div>
      <FallbackNote missing={item.missing} />
      {item.coverImage ? (
        <ContentPicture image={item.coverImage} sizes="(min-width: 48em) 760px, 100vw" eager />
      ) : null}
      {item.summary ? (
        <Text size="lg" fw={500}>
          {item.summary}
        </Text>
      ) : null}
      <RichText html={item.body} testId="news-body" />
    </Stack>
  );
}

export const NewsArticlePage = definePage(NewsArticle, {
  prefetch: (context) =>
    context.queryClient.prefetchQuery(publicItemQuery('news', context.params.slug ?? '', context.language)),
  meta: (context) => {
    const item = context.queryClient.getQueryData(
      publicItemQuery('news', context.params.slug ?? '', context.language).queryKey,
    );
    return item
      ? { title: item.title, description: truncateText(item.summary || item.body, 160) }
      : {
          title: context.t('contentPublic:news.notFound'),
          description: context.t('contentPublic:news.intro'),
          notFound: true,
        };
  },
});
