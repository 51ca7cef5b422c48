import {
  formatDisplayDate,
  type Language,
  type PublicContentImage,
  type PublicEventItem,
  type PublicNewsItem,
  type PublicTestimonyItem,
  truncateText,
} from '@excelencia/domain';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconLanguage, IconMapPin } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { LoadFailed as SharedLoadFailed } from '../../../ui/load-failed.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import classes from './content-ui.module.css';

/** The shared pieces of the public content pages: the fallback note, images, cards, 'load more'. */

/** Said once on a page whose texts are partly shown in Portuguese because the reader's language is missing. */
export function FallbackNote({ missing }: { missing: boolean | undefined }) {
  const t = useTranslate();
  const language = useLanguage();
  if (!missing) return null;
  return (
    <Text size="sm" c="gray.7" className={classes.fallback} data-testid="content-fallback" lang={language}>
      <IconLanguage size={16} aria-hidden="true" className={classes.inlineIcon} />
      {t('contentPublic:fallback')}
    </Text>
  );
}

/** An uploaded image in its WebP widths: the browser picks one for `sizes`; width and height keep its room. */
export function ContentPicture({
  image,
  sizes,
  eager = false,
  className,
}: {
  image: PublicContentImage;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      src={image.url}
      srcSet={image.srcset.map((source) => `${source.url} ${source.width}w`).join(', ')}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={className ?? classes.picture}
    />
  );
}

/** A date as the site writes every date (docs/adr/0023). */
export function ContentDate({ value, prefixKey }: { value: string | null; prefixKey?: string }) {
  const t = useTranslate();
  const language = useLanguage();
  if (!value) return null;
  const date = formatDisplayDate(value, language);
  return (
    <Text size="sm" c="gray.7">
      <time dateTime={value}>{prefixKey ? t(prefixKey, { date }) : date}</time>
    </Text>
  );
}

/** A news item's card: cover, date, title (the link), truncated summary. */
export function NewsCard({ item, headingLevel = 3 }: { item: PublicNewsItem; headingLevel?: 2 | 3 }) {
  const localePath = useLocalePath();
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="article"
      data-testid="news-card"
      lang={item.language}
    >
      {item.coverImage ? (
        <Card.Section>
          <ContentPicture
            image={item.coverImage}
            sizes="(min-width: 62em) 360px, (min-width: 48em) 50vw, 100vw"
            className={classes.cover}
          />
        </Card.Section>
      ) : null}
      <Stack gap="xs" mt={item.coverImage ? 'md' : 0}>
        <ContentDate value={item.publishedAt} />
        <Title order={headingLevel} size="h4">
          <Anchor component={Link} to={localePath(`/public/news/${item.slug}`)} className={classes.cardLink}>
            {item.title}
          </Anchor>
        </Title>
        <Text>{truncateText(item.summary || item.body, 180)}</Text>
      </Stack>
    </Card>
  );
}

/** An event's card: date, place, title, truncated description. */
export function EventCard({ item, headingLevel = 3 }: { item: PublicEventItem; headingLevel?: 2 | 3 }) {
  const language = useLanguage();
  const t = useTranslate();
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="article"
      data-testid="event-card"
      lang={item.language}
    >
      <Stack gap="xs">
        <Title order={headingLevel} size="h4">
          {item.title}
        </Title>
        <Group gap="md" wrap="wrap">
          <Text size="sm" fw={600} c="brand.8">
            <IconCalendarEvent size={16} aria-hidden="true" className={classes.inlineIcon} />
            <span className={classes.visuallyHidden}>{t('contentPublic:events.date')}: </span>
            <time dateTime={item.date}>{formatDisplayDate(item.date, language)}</time>
          </Text>
          {item.place ? (
            <Text size="sm" c="gray.7">
              <IconMapPin size={16} aria-hidden="true" className={classes.inlineIcon} />
              <span className={classes.visuallyHidden}>{t('contentPublic:events.place')}: </span>
              {item.place}
            </Text>
          ) : null}
        </Group>
        <Text>{truncateText(item.description, 220)}</Text>
      </Stack>
    </Card>
  );
}

/** A testimony: the quote, then who says it. */
export function TestimonyCard({ item }: { item: PublicTestimonyItem }) {
  const who = [item.role, item.company].filter(Boolean).join(', ');
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="figure"
      className={classes.testimony}
      lang={item.language}
    >
      <blockquote className={classes.quote}>
        <Text size="lg">{truncateText(item.quote, 400)}</Text>
      </blockquote>
      <Group component="figcaption" gap="sm" wrap="nowrap" mt="md">
        {item.photo ? <ContentPicture image={item.photo} sizes="56px" className={classes.avatar} /> : null}
        <div>
          <Text fw={700}>{item.person}</Text>
          {who ? (
            <Text size="sm" c="gray.7">
              {who}
            </Text>
          ) : null}
        </div>
      </Group>
    </Card>
  );
}

/**
 * 'Load more': a plain link to the next page (`?cursor=`) that works without JavaScript; with it, the next page
 * is added below the ones shown.
 */
export function LoadMore({
  nextCursor,
  loading,
  onMore,
  testId,
}: {
  nextCursor: string | null | undefined;
  loading: boolean;
  onMore: () => void;
  testId?: string;
}) {
  const t = useTranslate();
  if (!nextCursor) return null;
  return (
    <Group justify="center">
      <Button
        component={Link}
        to={`?cursor=${encodeURIComponent(nextCursor)}`}
        variant="default"
        loading={loading}
        data-testid={testId}
        onClick={(event: MouseEvent) => {
          event.preventDefault();
          onMore();
        }}
      >
        {t('contentPublic:loadMore')}
      </Button>
    </Group>
  );
}

/** A list that could not be read, with a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useTranslate();
  return <SharedLoadFailed onRetry={onRetry} title={t('contentPublic:loadFailed')} />;
}

/** A site path written without language in the content ('/register') under the page's language. */
export function useContentHref(): (link: string) => string {
  const localePath = useLocalePath();
  return (link: string) => {
    if (!link.startsWith('/') || link.startsWith('//')) return link;
    return /^\/(pt|en|fr)(\/|$)/.test(link) ? link : localePath(link);
  };
}

export type { Language };
