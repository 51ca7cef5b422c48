import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useLanguage } from '../../../lib/language-context.ts';
import { definePage } from '../../../lib/page-data.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { ContentPicture, FallbackNote, LoadFailed, LoadMore } from '../components/content-ui.tsx';
import { YoutubeVideoIsland } from '../components/youtube-video.tsx';
import { pagedListQuery, usePagedListQuery } from '../queries.ts';
import classes from './gallery-page.module.css';

const ALBUMS_PER_PAGE = 4;
const EAGER_PICTURES = 3;

/** /:lang/public/gallery: the albums of pictures and videos, 'load more' below. */
function Gallery() {
  const t = useTranslate();
  const language = useLanguage();
  const [params] = useSearchParams();
  const list = usePagedListQuery('gallery', language, params.get('cursor'), ALBUMS_PER_PAGE);
  const albums = list.data?.pages.flatMap((page) => page.items) ?? [];
  // The first pictures of the page may be in the first screen: loaded at once, the others when scrolled to.
  const firstPictures = new Set(
    albums
      .flatMap((album) => album.media)
      .flatMap((media) => (media.kind === 'picture' ? [media.image.id] : []))
      .slice(0, EAGER_PICTURES),
  );
  return (
    <Stack gap="xl">
      <div>
        <PageTitle>{t('contentPublic:gallery.title')}</PageTitle>
        <Text c="gray.7">{t('contentPublic:gallery.intro')}</Text>
      </div>
      <FallbackNote missing={albums.some((album) => album.missing)} />
      {list.isError && !list.data ? <LoadFailed onRetry={() => void list.refetch()} /> : null}
      {list.isPending ? <Text c="gray.7">{t('contentPublic:loading')}</Text> : null}
      {list.data && albums.length === 0 ? <Text>{t('contentPublic:gallery.empty')}</Text> : null}
      {albums.map((album) => (
        <Stack
          key={album.id}
          component="section"
          gap="sm"
          aria-labelledby={`album-${album.id}`}
          lang={album.language}
          data-testid="gallery-album"
        >
          <Title order={2} size="h3" id={`album-${album.id}`}>
            {album.title}
          </Title>
          {album.description ? <Text c="gray.7">{album.description}</Text> : null}
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {album.media.map((media) =>
              media.kind === 'video' ? (
                <YoutubeVideoIsland
                  key={`${media.kind}-${media.order}-${media.videoUrl}`}
                  url={media.videoUrl}
                  title={media.caption}
                />
              ) : (
                <figure key={`${media.kind}-${media.order}-${media.image.id}`} className={classes.figure}>
                  <ContentPicture
                    image={media.image}
                    sizes="(min-width: 62em) 320px, (min-width: 48em) 50vw, 100vw"
                    eager={firstPictures.has(media.image.id)}
                    className={classes.picture}
                  />
                  {media.caption ? (
                    <Text component="figcaption" size="sm" c="gray.7" mt={4}>
                      {media.caption}
                    </Text>
                  ) : null}
                </figure>
              ),
            )}
          </SimpleGrid>
        </Stack>
      ))}
      <LoadMore
        nextCursor={list.data?.pages.at(-1)?.nextCursor}
        loading={list.isFetchingNextPage}
        onMore={() => void list.fetchNextPage()}
        testId="gallery-load-more"
      />
    </Stack>
  );
}

export const GalleryPage = definePage(Gallery, {
  prefetch: ({ queryClient, language, searchParams }) =>
    queryClient.prefetchInfiniteQuery(
      pagedListQuery('gallery', language, searchParams.get('cursor'), ALBUMS_PER_PAGE),
    ),
  meta: ({ t }) => ({
    title: t('contentPublic:gallery.title'),
    description: t('contentPublic:gallery.intro'),
  }),
});
