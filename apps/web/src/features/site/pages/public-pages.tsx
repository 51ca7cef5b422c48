import {
  type ContentPageKey,
  localized,
  type PublicPageItem,
  targetText,
  truncateText,
} from '@excelencia/domain';
import {
  Anchor,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconAward,
  IconClipboardCheck,
  IconFileSpreadsheet,
  IconUserPlus,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { definePage, type PageContext } from '../../../lib/page-data.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { EditionCountdown } from '../../applications/components/public-countdown.tsx';
import { editionLabel } from '../../applications/edition-label.ts';
import {
  currentEditionQuery,
  distinguishedQuery,
  publishedEditionsQuery,
  useCurrentEditionQuery,
} from '../../applications/queries.ts';
import { currentEsgFormQuery } from '../../esg/queries.ts';
import { useSession } from '../../session/queries.ts';
import {
  EventCard,
  FallbackNote,
  NewsCard,
  TestimonyCard,
  useContentHref,
} from '../components/content-ui.tsx';
import { FaqList } from '../components/faq-list.tsx';
import { RichText } from '../components/rich-text.tsx';
import { contentPageQuery, everyFaqQuery, publicListQuery, useContentPageQuery } from '../queries.ts';

/** The public pages, their texts from the content manager where it has them, else the catalogs. */

/** Which year the announced edition evaluates; nothing while none is announced. */
function CurrentEditionLine() {
  const t = useTranslate();
  const { data: edition } = useCurrentEditionQuery();
  if (!edition) return null;
  return (
    <Text>
      {t('pages:home.edition', {
        edition: editionLabel(edition, t),
        year: edition.indicatorYear,
      })}
    </Text>
  );
}

const HOME_NEWS = { limit: 3 };
const HOME_EVENTS = { limit: 3, upcoming: true };
const HOME_TESTIMONIES = { limit: 3 };
const HOME_DISTINGUISHED = 6;

/** A block of the home page: a heading, its cards, a link to the whole list. */
function HomeBlock({
  id,
  title,
  link,
  children,
}: {
  id: string;
  title: string;
  link?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Stack component="section" gap="md" aria-labelledby={id} data-testid={id}>
      <Group justify="space-between" align="baseline" gap="sm">
        <Title order={2} id={id}>
          {title}
        </Title>
        {link ? (
          <Anchor component={Link} to={link.to} fw={600}>
            {link.label}
            <IconArrowRight
              size={16}
              aria-hidden="true"
              style={{ verticalAlign: 'middle', marginInlineStart: 4 }}
            />
          </Anchor>
        ) : null}
      </Group>
      {children}
    </Stack>
  );
}

function LatestNews() {
  const { t } = useTranslation();
  const language = useLanguage();
  const localePath = useLocalePath();
  const news = useQuery(publicListQuery('news', language, HOME_NEWS));
  const items = news.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <HomeBlock
      id="home-news"
      title={t('contentPublic:home.news')}
      link={{ to: localePath('/public/news'), label: t('contentPublic:home.allNews') }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {items.map((item) => (
          <NewsCard key={item.id} item={item} />
        ))}
      </SimpleGrid>
    </HomeBlock>
  );
}

function UpcomingEvents() {
  const { t } = useTranslation();
  const language = useLanguage();
  const localePath = useLocalePath();
  const events = useQuery(publicListQuery('events', language, HOME_EVENTS));
  const items = events.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <HomeBlock
      id="home-events"
      title={t('contentPublic:home.events')}
      link={{ to: localePath('/public/events'), label: t('contentPublic:home.allEvents') }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {items.map((item) => (
          <EventCard key={item.id} item={item} />
        ))}
      </SimpleGrid>
    </HomeBlock>
  );
}

function HomeTestimonies() {
  const { t } = useTranslation();
  const language = useLanguage();
  const localePath = useLocalePath();
  const testimonies = useQuery(publicListQuery('testimonies', language, HOME_TESTIMONIES));
  const items = testimonies.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <HomeBlock
      id="home-testimonies"
      title={t('contentPublic:home.testimonies')}
      link={{ to: localePath('/public/testimonies'), label: t('contentPublic:home.allTestimonies') }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {items.map((item) => (
          <TestimonyCard key={item.id} item={item} />
        ))}
      </SimpleGrid>
    </HomeBlock>
  );
}

/** The distinguished companies of the last edition with published results, a few, and a link to them all. */
function LastDistinguished() {
  const t = useTranslate();
  const language = useLanguage();
  const localePath = useLocalePath();
  const editions = useQuery(publishedEditionsQuery());
  const last = editions.data?.[0] ?? null;
  const companies = useQuery(distinguishedQuery(last?.id ?? null));
  const rows = companies.data ?? [];
  if (!last || rows.length === 0) return null;
  return (
    <HomeBlock
      id="home-distinguished"
      title={t('contentPublic:home.distinguished', {
        edition: editionLabel(last, t),
      })}
      link={{ to: localePath('/public/distinguidas'), label: t('contentPublic:home.allDistinguished') }}
    >
      <SimpleGrid
        cols={{ base: 1, sm: 2, md: 3 }}
        spacing="sm"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {rows.slice(0, HOME_DISTINGUISHED).map((row) => (
          <Paper key={row.sealCode} component="li" withBorder p="md">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={36} radius="xl" variant="light" aria-hidden="true">
                <IconAward size={20} />
              </ThemeIcon>
              <div>
                <Text fw={600}>{row.companyName}</Text>
                {row.island ? (
                  <Text size="sm" c="gray.7">
                    {localized(row.island, language)}
                  </Text>
                ) : null}
              </div>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </HomeBlock>
  );
}

const STEP_ICONS = [IconUserPlus, IconFileSpreadsheet, IconClipboardCheck] as const;

function Home() {
  const { t } = useTranslation();
  const language = useLanguage();
  const localePath = useLocalePath();
  const contentHref = useContentHref();
  // The call to register is for visitors: a signed-in user (a company's) has an account already.
  const signedIn = useSession().status === 'authenticated';
  const page = useContentPageQuery('home', language).data ?? null;
  const blocks = page?.home ?? null;
  const banner = blocks?.banner.text
    ? blocks.banner
    : { text: t('pages:home.callToRegister'), link: '/register', linkLabel: t('pages:home.registerButton') };
  // The banner's call to register is hidden from signed-in users, as before.
  const showBanner = !(signedIn && /^\/((pt|en|fr)\/)?register/.test(banner.link));
  const highlights =
    blocks && blocks.highlights.length > 0
      ? blocks.highlights
      : (['register', 'upload', 'apply'] as const).map((key) => ({
          title: t(`pages:home.steps.${key}`),
          text: '',
          link: '',
        }));
  return (
    <Stack gap={48}>
      <Stack gap="md" maw={760}>
        <PageTitle>{page?.title || t('pages:home.title')}</PageTitle>
        <FallbackNote missing={page?.missing} />
        <Text size="xl" fw={500}>
          {blocks?.hero || t('pages:home.lead')}
        </Text>
        {page?.body ? <RichText html={page.body} /> : <Text>{t('pages:home.intro')}</Text>}
        <CurrentEditionLine />
        {showBanner && banner.text ? <Text fw={600}>{banner.text}</Text> : null}
        <Group gap="sm">
          {showBanner && banner.link && banner.linkLabel ? (
            <Button component={Link} to={contentHref(banner.link)} size="md">
              {banner.linkLabel}
            </Button>
          ) : null}
          <Button component={Link} to={localePath('/public/sobre')} size="md" variant="default">
            {t('pages:home.learnMore')}
          </Button>
        </Group>
      </Stack>
      <EditionCountdown />
      <Stack component="section" gap="md" aria-labelledby="home-steps">
        <Title order={2} id="home-steps">
          {t('pages:home.steps.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {highlights.map((highlight, index) => {
            const Icon = STEP_ICONS[index % STEP_ICONS.length] ?? IconClipboardCheck;
            return (
              <Paper key={highlight.title} withBorder p="lg">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={40} radius="xl" aria-hidden="true">
                    <Icon size={22} />
                  </ThemeIcon>
                  <Stack gap={4}>
                    <Text>
                      <Text span fw={700}>
                        {index + 1}.{' '}
                      </Text>
                      {highlight.link ? (
                        <Anchor component={Link} to={contentHref(highlight.link)} fw={600}>
                          {highlight.title}
                        </Anchor>
                      ) : (
                        highlight.title
                      )}
                    </Text>
                    {highlight.text ? (
                      <Text size="sm" c="gray.7">
                        {highlight.text}
                      </Text>
                    ) : null}
                  </Stack>
                </Group>
              </Paper>
            );
          })}
        </SimpleGrid>
      </Stack>
      <LatestNews />
      <UpcomingEvents />
      <HomeTestimonies />
      <LastDistinguished />
    </Stack>
  );
}

/** Fetches what the home page shows; a block whose read fails is left out, the page still renders. */
async function prefetchHome({ queryClient, language }: PageContext) {
  await Promise.all([
    queryClient.prefetchQuery(currentEditionQuery()),
    queryClient.prefetchQuery(contentPageQuery('home', language)),
    queryClient.prefetchQuery(publicListQuery('news', language, HOME_NEWS)),
    queryClient.prefetchQuery(publicListQuery('events', language, HOME_EVENTS)),
    queryClient.prefetchQuery(publicListQuery('testimonies', language, HOME_TESTIMONIES)),
    queryClient
      .fetchQuery(publishedEditionsQuery())
      .then((editions) =>
        editions[0] ? queryClient.prefetchQuery(distinguishedQuery(editions[0].id)) : undefined,
      )
      .catch(() => undefined),
  ]);
}

export const HomePage = definePage(Home, {
  prefetch: prefetchHome,
  meta: ({ t, queryClient, language }) => {
    const page = queryClient.getQueryData(contentPageQuery('home', language).queryKey);
    return { title: t('common:appName'), description: page?.home?.hero || t('pages:home.lead') };
  },
});

/**
 * A fixed page from the content manager (its title and rich text), or the catalog's texts when it has none;
 * `children` come below either (links to the template, to the distinguished companies).
 */
function ContentTextPage({
  pageKey,
  fallback,
  children,
}: {
  pageKey: ContentPageKey;
  fallback: { titleKey: string; body: ReactNode };
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const page = useContentPageQuery(pageKey, language);
  if (page.isPending) return <Text c="gray.7">{t('contentPublic:loading')}</Text>;
  const item: PublicPageItem | null = page.data ?? null;
  return (
    <Stack gap="md" maw={760} lang={item?.language}>
      <PageTitle>{item?.title || t(fallback.titleKey)}</PageTitle>
      <FallbackNote missing={item?.missing} />
      {item?.body ? <RichText html={item.body} testId={`page-${pageKey}`} /> : fallback.body}
      {children}
    </Stack>
  );
}

function CatalogParagraphs({ keys }: { keys: readonly string[] }) {
  const { t } = useTranslation();
  return keys.map((key) => (
    <Text key={key} size="lg">
      {t(key)}
    </Text>
  ));
}

function contentMeta(pageKey: ContentPageKey, titleKey: string, descriptionKey: string) {
  return ({ t, queryClient, language }: PageContext) => {
    const page = queryClient.getQueryData(contentPageQuery(pageKey, language).queryKey);
    const description = page?.body ? truncateText(page.body, 160) : '';
    return { title: page?.title || t(titleKey), description: description || t(descriptionKey) };
  };
}

const prefetchContentPage =
  (pageKey: ContentPageKey) =>
  ({ queryClient, language }: PageContext) =>
    queryClient.prefetchQuery(contentPageQuery(pageKey, language));

/** The link to the balance-sheet template page and its rules. */
function TemplateLink() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Anchor
      component={Link}
      to={localePath('/public/balance-sheet-template')}
      fw={600}
      data-testid="bs-template-link"
    >
      <IconFileSpreadsheet
        size={18}
        aria-hidden="true"
        style={{ verticalAlign: 'text-bottom', marginInlineEnd: 6 }}
      />
      {t('balanceSheetsWeb:template.link')}
    </Anchor>
  );
}

export const AboutPage = definePage(
  () => (
    <ContentTextPage
      pageKey="about"
      fallback={{
        titleKey: 'pages:about.title',
        body: <CatalogParagraphs keys={['pages:about.p1', 'pages:about.p2', 'pages:about.p3']} />,
      }}
    />
  ),
  {
    prefetch: prefetchContentPage('about'),
    meta: contentMeta('about', 'pages:about.title', 'pages:about.p1'),
  },
);

export const SelfDiagnosisInfoPage = definePage(
  () => (
    <ContentTextPage
      pageKey="self-diagnosis"
      fallback={{
        titleKey: 'pages:selfDiagnosis.title',
        body: (
          <CatalogParagraphs
            keys={['pages:selfDiagnosis.p1', 'pages:selfDiagnosis.p2', 'pages:selfDiagnosis.p3']}
          />
        ),
      }}
    >
      <TemplateLink />
    </ContentTextPage>
  ),
  {
    prefetch: prefetchContentPage('self-diagnosis'),
    meta: contentMeta('self-diagnosis', 'pages:selfDiagnosis.title', 'pages:selfDiagnosis.p1'),
  },
);

const DOCUMENTS = [
  'socialSecurity',
  'finance',
  'commercialCertificate',
  'model1bReceipt',
  'accountsReport',
  'daicf',
  'daicfReceipt',
  'model1b',
] as const;

/** The catalog's applications text: what the page said before the content manager had it. */
function ApplicationsCatalogText() {
  const { t } = useTranslation();
  return (
    <>
      <Text size="lg">{t('pages:applications.p1')}</Text>
      <Title order={2} size="h3">
        {t('pages:applications.documentsTitle')}
      </Title>
      <List spacing="xs">
        {DOCUMENTS.map((key) => (
          <List.Item key={key}>{t(`pages:applications.documents.${key}`)}</List.Item>
        ))}
      </List>
      <Text size="lg">{t('pages:applications.p2')}</Text>
    </>
  );
}

function ApplicationsInfo() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <ContentTextPage
      pageKey="applications"
      fallback={{ titleKey: 'pages:applications.title', body: <ApplicationsCatalogText /> }}
    >
      <Anchor
        component={Link}
        to={localePath('/public/elegibilidade')}
        fw={600}
        data-testid="eligibility-link"
      >
        {t('contentPublic:eligibility.title')}
      </Anchor>
      <Anchor
        component={Link}
        to={localePath('/public/distinguidas')}
        fw={600}
        data-testid="distinguished-link"
      >
        {t('applicationsWeb:distinguished.link')}
      </Anchor>
    </ContentTextPage>
  );
}

export const ApplicationsInfoPage = definePage(ApplicationsInfo, {
  prefetch: prefetchContentPage('applications'),
  meta: contentMeta('applications', 'pages:applications.title', 'pages:applications.p1'),
});

/** /:lang/public/faqs: the content manager's questions by category, with a search, readable without JavaScript. */
function Faq() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={760}>
      <PageTitle>{t('pages:faq.title')}</PageTitle>
      <FaqList />
      <TemplateLink />
    </Stack>
  );
}

export const FaqPage = definePage(Faq, {
  prefetch: ({ queryClient, language }) => queryClient.prefetchQuery(everyFaqQuery(language)),
  meta: ({ t }) => ({
    title: t('pages:faq.title'),
    description: `${t('pages:faq.q1')} ${t('pages:faq.a1')}`,
  }),
});

/**
 * /:lang/public/elegibilidade: the content manager's text on the eligibility criteria, with the thresholds in
 * force read from the criteria reference data (never a copy of them).
 */
function Eligibility() {
  const { t } = useTranslation();
  const language = useLanguage();
  const page = useContentPageQuery('eligibility', language);
  const thresholds = page.data?.thresholds ?? [];
  return (
    <ContentTextPage
      pageKey="eligibility"
      fallback={{
        titleKey: 'contentPublic:eligibility.title',
        body: <CatalogParagraphs keys={['contentPublic:eligibility.intro']} />,
      }}
    >
      {thresholds.length > 0 ? (
        <Stack gap="xs">
          <Title order={2} size="h3">
            {t('contentPublic:eligibility.thresholdsTitle')}
          </Title>
          <Table striped withTableBorder data-testid="eligibility-thresholds">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('contentPublic:eligibility.criterion')}</Table.Th>
                <Table.Th scope="col">{t('contentPublic:eligibility.threshold')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {thresholds.map((threshold) => (
                <Table.Tr key={threshold.code}>
                  <Table.Td>{threshold.description}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {targetText({ comparison: threshold.targetComparison, value: threshold.targetValue })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
    </ContentTextPage>
  );
}

export const EligibilityPage = definePage(Eligibility, {
  prefetch: prefetchContentPage('eligibility'),
  meta: contentMeta('eligibility', 'contentPublic:eligibility.title', 'contentPublic:eligibility.intro'),
});

/** /:lang/public/sustentabilidade: the sustainability survey item, and the current ESG form it points to. */
function Sustainability() {
  const { t } = useTranslation();
  const language = useLanguage();
  const form = useQuery(currentEsgFormQuery());
  return (
    <ContentTextPage
      pageKey="sustainability-survey"
      fallback={{
        titleKey: 'contentPublic:sustainability.title',
        body: <CatalogParagraphs keys={['contentPublic:sustainability.intro']} />,
      }}
    >
      {form.data ? (
        <Paper
          withBorder
          p="lg"
          component="section"
          aria-labelledby="esg-current-title"
          data-testid="esg-current"
        >
          <Stack gap="xs">
            <Text size="sm" c="gray.7">
              {t('contentPublic:sustainability.currentForm')}
            </Text>
            <Title order={2} size="h3" id="esg-current-title">
              {localized(form.data.title, language)}
            </Title>
            {form.data.description ? <Text>{localized(form.data.description, language)}</Text> : null}
            <Text size="sm" c="gray.7">
              {t('contentPublic:sustainability.questions', {
                count: form.data.questionCount,
                period: form.data.period,
              })}
            </Text>
            <Text>{t('contentPublic:sustainability.howTo')}</Text>
          </Stack>
        </Paper>
      ) : form.data === null ? (
        <Text data-testid="esg-none">{t('contentPublic:sustainability.noForm')}</Text>
      ) : null}
    </ContentTextPage>
  );
}

export const SustainabilityPage = definePage(Sustainability, {
  prefetch: (context) =>
    Promise.all([
      prefetchContentPage('sustainability-survey')(context),
      context.queryClient.prefetchQuery(currentEsgFormQuery()),
    ]),
  meta: contentMeta(
    'sustainability-survey',
    'contentPublic:sustainability.title',
    'contentPublic:sustainability.intro',
  ),
});
