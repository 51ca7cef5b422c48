import {
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_LENGTHS,
  GalleryInput,
  type GalleryItem,
  isYoutubeUrl,
  youtubeWatchUrl,
} from '@excelencia/domain';
import { ActionIcon, Button, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconBrandYoutube, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { uploadImage } from '../api.ts';
import { EditorFrame, LoadedItem, useContentForm } from '../components/content-editor.tsx';
import { type ContentColumn, ContentList, publicationColumns } from '../components/content-list.tsx';
import { EMPTY_TRILINGUAL, moveItem, type Trilingual, textIn } from '../components/content-values.ts';
import { ImageUpload, type ImageValue } from '../components/image-upload.tsx';
import {
  type Publication,
  PublicationControl,
  publicationFieldProps,
  publicationOf,
} from '../components/publication-control.tsx';
import { TrilingualField } from '../components/trilingual-field.tsx';
import { useEditParam } from '../components/use-edit-param.ts';
import { useContentList } from '../queries.ts';

type MediaValue =
  | { kind: 'picture'; image: ImageValue | null; caption: Trilingual }
  | { kind: 'video'; videoUrl: string; caption: Trilingual };

interface AlbumValues {
  title: Trilingual;
  description: Trilingual;
  media: MediaValue[];
  order: number | string;
  publication: Publication;
}

function valuesOf(item: GalleryItem | undefined, nextOrder: number): AlbumValues {
  return {
    title: item?.title ?? { ...EMPTY_TRILINGUAL },
    description: item?.description ?? { ...EMPTY_TRILINGUAL },
    media: (item?.media ?? [])
      .slice()
      .sort((a, b) => a.order - b.order)
      .map((media) =>
        media.kind === 'picture'
          ? { kind: 'picture', image: media.image, caption: media.caption }
          : { kind: 'video', videoUrl: media.videoUrl, caption: media.caption },
      ),
    order: item?.order ?? nextOrder,
    publication: publicationOf(item),
  };
}

function toPayload(values: AlbumValues) {
  return {
    title: values.title,
    description: values.description,
    media: values.media.map((media, order) =>
      media.kind === 'picture'
        ? {
            kind: 'picture' as const,
            image: media.image ? { imageId: media.image.id, alt: media.caption } : undefined,
            caption: media.caption,
            order,
          }
        : { kind: 'video' as const, videoUrl: media.videoUrl, caption: media.caption, order },
    ),
    order: values.order === '' ? 0 : Number(values.order),
    status: values.publication.status,
    publishedAt: values.publication.publishedAt,
  };
}

/** The YouTube link field: says whether the link is a video and shows the watch address that is kept. */
function VideoUrlField({
  value,
  onChange,
  error,
  index,
}: {
  value: string;
  onChange: (next: string) => void;
  error: unknown;
  index: number;
}) {
  const t = useTranslate();
  const valid = value.trim() !== '' && isYoutubeUrl(value);
  const problem =
    value.trim() !== '' && !valid ? t('contentAdmin:gallery.invalidUrl') : (error as string | undefined);
  return (
    <Stack gap={4}>
      <TextInput
        label={t('contentAdmin:gallery.url')}
        description={t('contentAdmin:gallery.urlHint')}
        type="url"
        withAsterisk
        aria-required
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={problem}
        leftSection={<IconBrandYoutube size={16} aria-hidden="true" />}
        data-testid={`gallery-video-url-${index}`}
      />
      {valid ? (
        <Text
          size="sm"
          c="gray.7"
          style={{ overflowWrap: 'anywhere' }}
          data-testid={`gallery-video-normalized-${index}`}
        >
          {t('contentAdmin:gallery.normalized', { url: youtubeWatchUrl(value) })}
        </Text>
      ) : null}
    </Stack>
  );
}

function AlbumForm({
  item,
  nextOrder,
  onDone,
}: {
  item: GalleryItem | undefined;
  nextOrder: number;
  onDone: (id: string | null) => void;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const { form, submit, saving } = useContentForm({
    kind: 'gallery',
    item,
    initialValues: valuesOf(item, nextOrder),
    schema: GalleryInput,
    toPayload: toPayload,
    onSaved: (saved) => onDone(saved.id),
  });
  const values = form.getValues();
  const setMedia = (media: MediaValue[]) => form.setFieldValue('media', media);
  return (
    <EditorFrame
      title={t(item ? 'contentAdmin:gallery.editAlbum' : 'contentAdmin:gallery.newAlbum')}
      onBack={() => onDone(null)}
      onSubmit={submit}
      saving={saving}
      preview={{ kind: 'gallery', id: item?.id ?? null }}
      testId="album-editor"
    >
      <TrilingualField
        form={form}
        path="title"
        label={t('contentAdmin:gallery.albumTitle')}
        maxLength={CONTENT_LENGTHS.title}
      />
      <TrilingualField
        form={form}
        path="description"
        label={t('contentAdmin:gallery.description')}
        kind="textarea"
        maxLength={CONTENT_LENGTHS.summary}
        required={false}
      />
      <Stack gap="sm" component="section" aria-labelledby="album-media">
        <Title order={3} size="h4" id="album-media">
          {t('contentAdmin:gallery.pictures')} · {t('contentAdmin:gallery.videos')}
        </Title>
        {values.media.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('contentAdmin:gallery.noPictures')}
          </Text>
        ) : null}
        {values.media.map((media, index) => {
          const n = index + 1;
          const caption = textIn(media.caption, language);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the position is the identity of an unsaved entry
            <Paper key={index} withBorder p="sm" data-testid={`gallery-media-${index}`}>
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>
                    {media.kind === 'picture'
                      ? t('contentAdmin:gallery.picture', { n })
                      : t('contentAdmin:gallery.video', { n })}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${t('contentAdmin:actions.moveUp')} (${n})`}
                      disabled={index === 0}
                      onClick={() => setMedia(moveItem(values.media, index, -1))}
                    >
                      <IconArrowUp size={18} aria-hidden="true" />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${t('contentAdmin:actions.moveDown')} (${n})`}
                      disabled={index === values.media.length - 1}
                      onClick={() => setMedia(moveItem(values.media, index, 1))}
                    >
                      <IconArrowDown size={18} aria-hidden="true" />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      aria-label={t('contentAdmin:gallery.removePicture', { n })}
                      onClick={() => setMedia(values.media.filter((_, other) => other !== index))}
                    >
                      <IconTrash size={18} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                </Group>
                {media.kind === 'picture' ? (
                  <ImageUpload
                    label={t('contentAdmin:gallery.picture', { n })}
                    value={media.image}
                    onChange={(image) => form.setFieldValue(`media.${index}.image`, image)}
                    upload={uploadImage}
                    alt={caption}
                    maxBytes={CONTENT_IMAGE_MAX_BYTES}
                    testId={`gallery-picture-${index}`}
                  />
                ) : (
                  <VideoUrlField
                    index={index}
                    value={media.videoUrl}
                    onChange={(url) => form.setFieldValue(`media.${index}.videoUrl`, url)}
                    error={form.errors[`media.${index}.videoUrl`]}
                  />
                )}
                {form.errors[`media.${index}.image`] ? (
                  <Text size="sm" c="red.9" role="alert">
                    {String(form.errors[`media.${index}.image`])}
                  </Text>
                ) : null}
                <TrilingualField
                  form={form}
                  path={`media.${index}.caption`}
                  label={t('contentAdmin:gallery.caption')}
                  maxLength={CONTENT_LENGTHS.summary}
                  required={false}
                />
              </Stack>
            </Paper>
          );
        })}
        <Group gap="sm">
          <Button
            variant="light"
            onClick={() =>
              setMedia([...values.media, { kind: 'picture', image: null, caption: { ...EMPTY_TRILINGUAL } }])
            }
            data-testid="gallery-add-picture"
          >
            {t('contentAdmin:gallery.addPicture')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconBrandYoutube size={16} aria-hidden="true" />}
            onClick={() =>
              setMedia([...values.media, { kind: 'video', videoUrl: '', caption: { ...EMPTY_TRILINGUAL } }])
            }
            data-testid="gallery-add-video"
          >
            {t('contentAdmin:gallery.newVideo')}
          </Button>
        </Group>
      </Stack>
      <NumberInput
        label={t('contentAdmin:columns.order')}
        min={0}
        allowDecimal={false}
        allowNegative={false}
        w={160}
        {...form.getInputProps('order')}
      />
      <PublicationControl {...publicationFieldProps(form)} />
    </EditorFrame>
  );
}

function AlbumEditor({
  id,
  nextOrder,
  onDone,
}: {
  id: string;
  nextOrder: number;
  onDone: (id: string | null) => void;
}) {
  return (
    <LoadedItem kind="gallery" id={id}>
      {(item, key) => <AlbumForm key={key} item={item} nextOrder={nextOrder} onDone={onDone} />}
    </LoadedItem>
  );
}

/** /admin/content-managment/gallery-content: albums of pictures with captions, and YouTube videos. */
export function GalleryContentPage() {
  const t = useTranslate();
  const language = useLanguage();
  const [edit, setEdit] = useEditParam();
  const all = useContentList('gallery');
  const nextOrder = (all.data ?? []).reduce((max, item) => Math.max(max, item.order + 1), 0);
  const columns = useMemo<ContentColumn<GalleryItem>[]>(
    () => [
      {
        key: 'order',
        label: t('contentAdmin:columns.order'),
        render: (item) => item.order,
        sortKey: 'order',
        sortValue: (item) => item.order,
        width: 80,
      },
      {
        key: 'title',
        label: t('contentAdmin:gallery.albumTitle'),
        render: (item) => textIn(item.title, language),
        sortKey: 'title',
        sortValue: (item) => textIn(item.title, language).toLocaleLowerCase(language),
      },
      {
        key: 'media',
        label: `${t('contentAdmin:gallery.pictures')} / ${t('contentAdmin:gallery.videos')}`,
        render: (item) =>
          `${item.media.filter((media) => media.kind === 'picture').length} / ${
            item.media.filter((media) => media.kind === 'video').length
          }`,
      },
      ...publicationColumns<GalleryItem>(t, language),
    ],
    [t, language],
  );
  return (
    <Stack gap="md">
      {edit ? (
        <AlbumEditor id={edit} nextOrder={nextOrder} onDone={setEdit} />
      ) : (
        <>
          <Text c="gray.7">{t('contentAdmin:gallery.intro')}</Text>
          <ContentList
            kind="gallery"
            label={t('contentAdmin:gallery.albumsLabel')}
            columns={columns}
            nameOf={(item) => textIn(item.title, language)}
            onEdit={setEdit}
            onNew={() => setEdit('new')}
            newLabel={t('contentAdmin:gallery.newAlbum')}
            defaultSort="order"
          />
        </>
      )}
    </Stack>
  );
}
