import { formatByteSize, type PublicDocumentItem } from '@excelencia/domain';
import { Anchor, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconEye, IconFileTypePdf } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { definePage } from '../../../lib/page-data.ts';
import { FOOTER_LINKS, PUBLIC_LINKS, SITEMAP_EXTRA_LINKS } from '../../../lib/public-nav.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { StatisticsNotice } from '../../barometer/components/statistics-notice.tsx';
import { EventCard, FallbackNote, LoadFailed, LoadMore, TestimonyCard } from '../components/content-ui.tsx';
import { DataRights } from '../components/data-rights.tsx';
import { KeyedPage } from '../components/keyed-page.tsx';
import { RetentionTable } from '../components/retention-table.tsx';
import { VisitsNotice } from '../components/visits-notice.tsx';
import {
  contentPageQuery,
  everyDocumentQuery,
  everyEventQuery,
  pagedListQuery,
  usePagedListQuery,
} from '../queries.ts';

/** The public content pages of the footer: testimonies, events, regulations and guides, privacy, site map. */

const TESTIMONIES_PER_PAGE = 12;

function Testimonies() {
  const t = useTranslate();
  const language = useLanguage();
  const [params] = useSearchParams();
  const list = usePagedListQuery('testimonies', language, params.get('cursor'), TESTIMONIES_PER_PAGE);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="lg">
      <div>
        <PageTitle>{t('contentPublic:testimonies.title')}</PageTitle>
        <Text c="gray.7">{t('contentPublic:testimonies.intro')}</Text>
      </div>
      <FallbackNote missing={items.some((item) => item.missing)} />
      {list.isError && !list.data ? <LoadFailed onRetry={() => void list.refetch()} /> : null}
      {list.isPending ? <Text c="gray.7">{t('contentPublic:loading')}</Text> : null}
      {list.data && items.length === 0 ? <Text>{t('contentPublic:testimonies.empty')}</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {items.map((item) => (
          <TestimonyCard key={item.id} item={item} />
        ))}
      </SimpleGrid>
      <LoadMore
        nextCursor={list.data?.pages.at(-1)?.nextCursor}
        loading={list.isFetchingNextPage}
        onMore={() => void list.fetchNextPage()}
      />
    </Stack>
  );
}

export const TestimoniesPage = definePage(Testimonies, {
  prefetch: ({ queryClient, language, searchParams }) =>
    queryClient.prefetchInfiniteQuery(
      pagedListQuery('testimonies', language, searchParams.get('cursor'), TESTIMONIES_PER_PAGE),
    ),
  meta: ({ t }) => ({
    title: t('contentPublic:testimonies.title'),
    description: t('contentPublic:testimonies.intro'),
  }),
});

function Events() {
  const t = useTranslate();
  const language = useLanguage();
  const upcoming = useQuery(everyEventQuery(language, true));
  const every = useQuery(everyEventQuery(language, false));
  const upcomingIds = new Set((upcoming.data ?? []).map((item) => item.id));
  const past = upcoming.data ? (every.data ?? []).filter((item) => !upcomingIds.has(item.id)) : [];
  const failed = (upcoming.isError && !upcoming.data) || (every.isError && !every.data);
  return (
    <Stack gap="lg">
      <div>
        <PageTitle>{t('contentPublic:events.title')}</PageTitle>
        <Text c="gray.7">{t('contentPublic:events.intro')}</Text>
      </div>
      <FallbackNote
        missing={[...(every.data ?? []), ...(upcoming.data ?? [])].some((item) => item.missing)}
      />
      {failed ? (
        <LoadFailed
          onRetry={() => {
            void upcoming.refetch();
            void every.refetch();
          }}
        />
      ) : null}
      {upcoming.isPending ? <Text c="gray.7">{t('contentPublic:loading')}</Text> : null}
      <Stack component="section" gap="sm" aria-labelledby="events-upcoming">
        <Title order={2} size="h3" id="events-upcoming">
          {t('contentPublic:events.upcoming')}
        </Title>
        {upcoming.data && upcoming.data.length === 0 ? <Text>{t('contentPublic:events.empty')}</Text> : null}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {(upcoming.data ?? []).map((item) => (
            <EventCard key={item.id} item={item} />
          ))}
        </SimpleGrid>
      </Stack>
      {past.length > 0 ? (
        <Stack component="section" gap="sm" aria-labelledby="events-past">
          <Title order={2} size="h3" id="events-past">
            {t('contentPublic:events.past')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {past.map((item) => (
              <EventCard key={item.id} item={item} />
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
    </Stack>
  );
}

export const EventsPage = definePage(Events, {
  prefetch: ({ queryClient, language }) =>
    Promise.all([
      queryClient.prefetchQuery(everyEventQuery(language, true)),
      queryClient.prefetchQuery(everyEventQuery(language, false)),
    ]),
  meta: ({ t }) => ({ title: t('contentPublic:events.title'), description: t('contentPublic:events.intro') }),
});

function DocumentCard({ item }: { item: PublicDocumentItem }) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="article"
      lang={item.language}
      data-testid="document-card"
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconFileTypePdf
            size={24}
            aria-hidden="true"
            color="var(--mantine-color-red-8)"
            style={{ flex: 'none' }}
          />
          <Title order={4} size="h5">
            {item.title}
          </Title>
        </Group>
        {item.articles ? (
          <Text size="sm" c="gray.7">
            {t('contentPublic:regulation.articles')}
            {t('common:colon')} {item.articles}
          </Text>
        ) : null}
        {item.file ? (
          <Group gap="xs">
            <Button
              component="a"
              href={item.file.downloadUrl}
              download={item.file.fileName}
              size="compact-sm"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              aria-label={t('contentPublic:regulation.download', {
                title: item.title,
                size: formatByteSize(item.file.size, language),
              })}
              data-testid="document-download"
            >
              {t('contentPublic:regulation.downloadShort')}
            </Button>
            <Button
              component="a"
              href={item.file.viewUrl}
              target="_blank"
              rel="noopener"
              size="compact-sm"
              variant="default"
              leftSection={<IconEye size={16} aria-hidden="true" />}
              aria-label={t('contentPublic:regulation.view', { title: item.title })}
              data-testid="document-view"
            >
              {t('contentPublic:regulation.viewShort')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

const REGULATION_SECTIONS = ['article3', 'article4', 'article6'] as const;

/** /:lang/public/regulation: the regulations and guides per edition (download, view), then the articles applied. */
function Regulation() {
  const t = useTranslate();
  const language = useLanguage();
  const documents = useQuery(everyDocumentQuery(language));
  const items = documents.data ?? [];
  // The newest edition first; the documents of every edition last.
  const editions = [...new Set(items.map((item) => item.editionYear))].sort((a, b) => (b ?? -1) - (a ?? -1));
  return (
    <Stack gap="lg" maw={960}>
      <PageTitle>{t('contentPublic:nav.regulation')}</PageTitle>
      <Stack component="section" gap="md" aria-labelledby="regulation-documents">
        <Title order={2} size="h3" id="regulation-documents">
          {t('contentPublic:regulation.documents')}
        </Title>
        <FallbackNote missing={items.some((item) => item.missing)} />
        {documents.isError && !documents.data ? (
          <LoadFailed onRetry={() => void documents.refetch()} />
        ) : null}
        {documents.data && items.length === 0 ? <Text>{t('contentPublic:regulation.empty')}</Text> : null}
        {editions.map((year) => (
          <Stack key={year ?? 'all'} gap="sm" data-testid="document-edition">
            <Title order={3} size="h4">
              {year === null
                ? t('contentPublic:regulation.noEdition')
                : t('contentPublic:regulation.edition', { year })}
            </Title>
            {(['regulation', 'guide'] as const).map((category) => {
              const inCategory = items.filter(
                (item) => item.editionYear === year && item.category === category,
              );
              if (inCategory.length === 0) return null;
              return (
                <Stack key={category} gap="xs">
                  <Text fw={600} c="gray.8">
                    {t(
                      category === 'regulation'
                        ? 'contentPublic:regulation.regulations'
                        : 'contentPublic:regulation.guides',
                    )}
                  </Text>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    {inCategory.map((item) => (
                      <DocumentCard key={item.id} item={item} />
                    ))}
                  </SimpleGrid>
                </Stack>
              );
            })}
          </Stack>
        ))}
      </Stack>
      <Stack component="section" gap="md" aria-labelledby="regulation-articles">
        <Title order={2} size="h3" id="regulation-articles">
          {t('registration:legal.regulationTitle')}
        </Title>
        <Text>{t('registration:legal.regulation.intro')}</Text>
        {REGULATION_SECTIONS.map((section) => (
          <Stack gap={4} key={section}>
            <Title order={3} size="h4">
              {t(`registration:legal.regulation.${section}.title`)}
            </Title>
            <Text>{t(`registration:legal.regulation.${section}.text`)}</Text>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}

export const RegulationPage = definePage(Regulation, {
  prefetch: ({ queryClient, language }) => queryClient.prefetchQuery(everyDocumentQuery(language)),
  meta: ({ t }) => ({
    title: t('contentPublic:nav.regulation'),
    description: t('registration:legal.regulation.intro'),
  }),
});

const PRIVACY_SECTIONS = ['data', 'purpose', 'sharing', 'retention', 'rights'] as const;

/**
 * /:lang/public/privacy: the content manager's privacy page, else the text the portal had fixed; below either, the
 * company's data and its rights (the export, the closure), and the retention table read from the domain rules the
 * server enforces.
 */
function Privacy() {
  const t = useTranslate();
  return (
    <KeyedPage
      pageKey="privacy"
      fallback={{
        title: t('registration:legal.privacyTitle'),
        intro: t('registration:legal.privacy.intro'),
        sections: PRIVACY_SECTIONS.map((section) => ({
          title: t(`registration:legal.privacy.${section}.title`),
          text: t(`registration:legal.privacy.${section}.text`),
        })),
      }}
      after={
        <>
          <DataRights />
          <StatisticsNotice />
          <VisitsNotice />
          <RetentionTable />
        </>
      }
    />
  );
}

export const PrivacyPage = definePage(Privacy, {
  prefetch: ({ queryClient, language }) => queryClient.prefetchQuery(contentPageQuery('privacy', language)),
  meta: ({ t, queryClient, language }) => ({
    title:
      queryClient.getQueryData(contentPageQuery('privacy', language).queryKey)?.title ||
      t('registration:legal.privacyTitle'),
    description: t('registration:legal.privacy.intro'),
  }),
});

/** /:lang/public/sitemap: every public page, from the header's and the footer's lists. */
function Sitemap() {
  const t = useTranslate();
  const localePath = useLocalePath();
  const groups = [
    { id: 'sitemap-main', title: 'contentPublic:sitemap.main', links: PUBLIC_LINKS },
    {
      id: 'sitemap-more',
      title: 'contentPublic:sitemap.more',
      links: [...FOOTER_LINKS, ...SITEMAP_EXTRA_LINKS],
    },
  ] as const;
  return (
    <Stack gap="lg" maw={760}>
      <div>
        <PageTitle>{t('contentPublic:sitemap.title')}</PageTitle>
        <Text c="gray.7">{t('contentPublic:sitemap.intro')}</Text>
      </div>
      {groups.map((group) => (
        <Stack key={group.id} component="section" gap="xs" aria-labelledby={group.id}>
          <Title order={2} size="h3" id={group.id}>
            {t(group.title)}
          </Title>
          <List spacing="xs" data-testid={group.id}>
            {group.links
              .filter((link, index, all) => all.findIndex((other) => other.path === link.path) === index)
              .map((link) => (
                <List.Item key={link.path}>
                  <Anchor component={Link} to={localePath(link.path)}>
                    {t(link.labelKey)}
                  </Anchor>
                </List.Item>
              ))}
          </List>
        </Stack>
      ))}
    </Stack>
  );
}

export const SitemapPage = definePage(Sitemap, {
  meta: ({ t }) => ({
    title: t('contentPublic:sitemap.title'),
    description: t('contentPublic:sitemap.intro'),
  }),
});
