import {
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_LENGTHS,
  NewsInput,
  type NewsItem,
  SLUG_MAX_LENGTH,
  slugify,
} from '@excelencia/domain';
import { Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { uploadImage } from '../api.ts';
import { EditorFrame, LoadedItem, useContentForm } from '../components/content-editor.tsx';
import { type ContentColumn, ContentList, publicationColumns } from '../components/content-list.tsx';
import { EMPTY_TRILINGUAL, type Trilingual, textIn } from '../components/content-values.ts';
import { ImageUpload, type ImageValue } from '../components/image-upload.tsx';
import {
  type Publication,
  PublicationControl,
  publicationFieldProps,
} from '../components/publication-control.tsx';
import { TrilingualField } from '../components/trilingual-field.tsx';
import { useEditParam } from '../components/use-edit-param.ts';

interface NewsValues {
  title: Trilingual;
  slug: string;
  summary: Trilingual;
  body: Trilingual;
  cover: ImageValue | null;
  publication: Publication;
}

function valuesOf(item: NewsItem | undefined): NewsValues {
  if (!item) {
    return {
      title: { ...EMPTY_TRILINGUAL },
      slug: '',
      summary: { ...EMPTY_TRILINGUAL },
      body: { ...EMPTY_TRILINGUAL },
      cover: null,
      publication: { status: 'draft', publishedAt: null },
    };
  }
  return {
    title: item.title,
    slug: item.slug,
    summary: item.summary,
    body: item.body,
    cover: item.coverImage,
    publication: { status: item.status, publishedAt: item.publishedAt },
  };
}

function toPayload(values: NewsValues) {
  return {
    title: values.title,
    slug: values.slug.trim() || undefined,
    summary: values.summary,
    body: values.body,
    coverImage: values.cover ? { imageId: values.cover.id, alt: values.title } : null,
    status: values.publication.status,
    publishedAt: values.publication.publishedAt,
  };
}

function NewsForm({ item, onDone }: { item: NewsItem | undefined; onDone: (id: string | null) => void }) {
  const t = useTranslate();
  const language = useLanguage();
  const { form, submit, saving } = useContentForm({
    kind: 'news',
    item,
    initialValues: valuesOf(item),
    schema: NewsInput,
    toPayload: toPayload,
    onSaved: (saved) => onDone(saved.id),
  });
  const values = form.getValues();
  return (
    <EditorFrame
      title={t(item ? 'contentAdmin:news.editTitle' : 'contentAdmin:news.newTitle')}
      onBack={() => onDone(null)}
      onSubmit={submit}
      saving={saving}
      preview={{ kind: 'news', id: item?.id ?? null }}
      testId="news-editor"
    >
      <TrilingualField
        form={form}
        path="title"
        label={t('contentAdmin:news.title')}
        maxLength={CONTENT_LENGTHS.title}
      />
      <TextInput
        label={t('contentAdmin:news.slug')}
        description={t('contentAdmin:news.slugHint')}
        placeholder={slugify(values.title.pt)}
        maxLength={SLUG_MAX_LENGTH}
        w={{ base: '100%', sm: 480 }}
        {...form.getInputProps('slug')}
        data-testid="news-slug"
      />
      <TrilingualField
        form={form}
        path="summary"
        label={t('contentAdmin:news.summary')}
        kind="textarea"
        maxLength={CONTENT_LENGTHS.summary}
      />
      <TrilingualField form={form} path="body" label={t('contentAdmin:news.body')} kind="rich" />
      <ImageUpload
        label={t('contentAdmin:news.cover')}
        value={values.cover}
        onChange={(cover) => form.setFieldValue('cover', cover)}
        upload={uploadImage}
        alt={textIn(values.title, language)}
        maxBytes={CONTENT_IMAGE_MAX_BYTES}
        testId="news-cover"
      />
      <PublicationControl {...publicationFieldProps(form)} />
    </EditorFrame>
  );
}

function NewsEditor({ id, onDone }: { id: string; onDone: (id: string | null) => void }) {
  return (
    <LoadedItem kind="news" id={id}>
      {(item, key) => <NewsForm key={key} item={item} onDone={onDone} />}
    </LoadedItem>
  );
}

/** /admin/content-managment/blog-content: the news list, and the editor of one news item. */
export function BlogContentPage() {
  const t = useTranslate();
  const language = useLanguage();
  const [edit, setEdit] = useEditParam();
  const columns = useMemo<ContentColumn<NewsItem>[]>(
    () => [
      {
        key: 'title',
        label: t('contentAdmin:columns.title'),
        render: (item) => textIn(item.title, language),
        sortKey: 'title',
        sortValue: (item) => textIn(item.title, language).toLocaleLowerCase(language),
      },
      ...publicationColumns<NewsItem>(t, language),
    ],
    [t, language],
  );
  return (
    <Stack gap="md">
      {edit ? (
        <NewsEditor id={edit} onDone={(id) => setEdit(id === null ? null : id)} />
      ) : (
        <>
          <Text c="gray.7">{t('contentAdmin:news.intro')}</Text>
          <ContentList
            kind="news"
            label={t('contentAdmin:news.listLabel')}
            columns={columns}
            nameOf={(item) => textIn(item.title, language)}
            onEdit={setEdit}
            onNew={() => setEdit('new')}
            newLabel={t('contentAdmin:news.new')}
            defaultSort="date"
            defaultOrder="desc"
          />
        </>
      )}
    </Stack>
  );
}
