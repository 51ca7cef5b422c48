import {
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_LENGTHS,
  TestimonyInput,
  type TestimonyItem,
} from '@excelencia/domain';
import { Avatar, Group, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { uploadImage } from '../api.ts';
import { EditorFrame, LoadedItem, useContentForm } from '../components/content-editor.tsx';
import { type ContentColumn, ContentList, StatusBadge } from '../components/content-list.tsx';
import { EMPTY_TRILINGUAL, type Trilingual, textIn } from '../components/content-values.ts';
import { ImageUpload, type ImageValue, srcsetOf } from '../components/image-upload.tsx';
import {
  type Publication,
  PublicationControl,
  publicationFieldProps,
  publicationOf,
} from '../components/publication-control.tsx';
import { MissingLanguages, TrilingualField } from '../components/trilingual-field.tsx';
import { useEditParam } from '../components/use-edit-param.ts';
import { useContentList } from '../queries.ts';

interface TestimonyValues {
  person: string;
  role: Trilingual;
  company: string;
  quote: Trilingual;
  photo: ImageValue | null;
  order: number | string;
  publication: Publication;
}

function valuesOf(item: TestimonyItem | undefined, nextOrder: number): TestimonyValues {
  return {
    person: item?.person ?? '',
    role: item?.role ?? { ...EMPTY_TRILINGUAL },
    company: item?.company ?? '',
    quote: item?.quote ?? { ...EMPTY_TRILINGUAL },
    photo: item?.photo ?? null,
    order: item?.order ?? nextOrder,
    publication: publicationOf(item),
  };
}

function toPayload(values: TestimonyValues) {
  const alt = { pt: values.person, en: values.person, fr: values.person };
  return {
    person: values.person,
    role: values.role,
    company: values.company,
    quote: values.quote,
    photo: values.photo ? { imageId: values.photo.id, alt } : null,
    order: values.order === '' ? 0 : Number(values.order),
    status: values.publication.status,
    publishedAt: values.publication.publishedAt,
  };
}

function TestimonyForm({
  item,
  nextOrder,
  onDone,
}: {
  item: TestimonyItem | undefined;
  nextOrder: number;
  onDone: (id: string | null) => void;
}) {
  const t = useTranslate();
  const { form, submit, saving } = useContentForm({
    kind: 'testimonies',
    item,
    initialValues: valuesOf(item, nextOrder),
    schema: TestimonyInput,
    toPayload: toPayload,
    onSaved: (saved) => onDone(saved.id),
  });
  const values = form.getValues();
  return (
    <EditorFrame
      title={t(item ? 'contentAdmin:testimonies.editTitle' : 'contentAdmin:testimonies.new')}
      onBack={() => onDone(null)}
      onSubmit={submit}
      saving={saving}
      preview={{ kind: 'testimonies', id: item?.id ?? null }}
      testId="testimony-editor"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={720}>
        <TextInput
          label={t('contentAdmin:testimonies.person')}
          withAsterisk
          aria-required
          maxLength={CONTENT_LENGTHS.title}
          {...form.getInputProps('person')}
          data-testid="testimony-person"
        />
        <TextInput
          label={t('contentAdmin:testimonies.company')}
          maxLength={CONTENT_LENGTHS.title}
          {...form.getInputProps('company')}
          data-testid="testimony-company"
        />
      </SimpleGrid>
      <TrilingualField
        form={form}
        path="role"
        label={t('contentAdmin:testimonies.role')}
        maxLength={CONTENT_LENGTHS.label}
        required={false}
      />
      <TrilingualField
        form={form}
        path="quote"
        label={t('contentAdmin:testimonies.quote')}
        kind="textarea"
        maxLength={CONTENT_LENGTHS.summary}
      />
      <ImageUpload
        label={t('contentAdmin:testimonies.photo')}
        value={values.photo}
        onChange={(photo) => form.setFieldValue('photo', photo)}
        upload={uploadImage}
        alt={values.person}
        maxBytes={CONTENT_IMAGE_MAX_BYTES}
        testId="testimony-photo"
      />
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

function TestimonyEditor({
  id,
  nextOrder,
  onDone,
}: {
  id: string;
  nextOrder: number;
  onDone: (id: string | null) => void;
}) {
  return (
    <LoadedItem kind="testimonies" id={id}>
      {(item, key) => <TestimonyForm key={key} item={item} nextOrder={nextOrder} onDone={onDone} />}
    </LoadedItem>
  );
}

/** /admin/content-managment/testimonies-content: person, role, company, quote, photo and order. */
export function TestimoniesContentPage() {
  const t = useTranslate();
  const language = useLanguage();
  const [edit, setEdit] = useEditParam();
  const all = useContentList('testimonies');
  const nextOrder = (all.data ?? []).reduce((max, item) => Math.max(max, item.order + 1), 0);
  const columns = useMemo<ContentColumn<TestimonyItem>[]>(
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
        key: 'person',
        label: t('contentAdmin:testimonies.person'),
        render: (item) => (
          <Group gap="xs" wrap="nowrap">
            <Avatar
              src={item.photo?.url}
              imageProps={item.photo ? { srcSet: srcsetOf(item.photo), sizes: '38px' } : undefined}
              alt=""
              radius="xl"
              size="sm"
            />
            <span>{item.person}</span>
          </Group>
        ),
        sortKey: 'person',
        sortValue: (item) => item.person.toLocaleLowerCase(language),
      },
      {
        key: 'company',
        label: t('contentAdmin:testimonies.company'),
        render: (item) => [textIn(item.role, language), item.company].filter(Boolean).join(' · ') || '—',
      },
      {
        key: 'status',
        label: t('contentAdmin:columns.status'),
        render: (item) => <StatusBadge status={item.status} />,
      },
      {
        key: 'languages',
        label: t('contentAdmin:columns.languages'),
        render: (item) => <MissingLanguages missing={item.missingLanguages} />,
      },
    ],
    [t, language],
  );
  return (
    <Stack gap="md">
      {edit ? (
        <TestimonyEditor id={edit} nextOrder={nextOrder} onDone={setEdit} />
      ) : (
        <>
          <Text c="gray.7">{t('contentAdmin:testimonies.intro')}</Text>
          <ContentList
            kind="testimonies"
            label={t('contentAdmin:testimonies.listLabel')}
            columns={columns}
            nameOf={(item) => item.person}
            onEdit={setEdit}
            onNew={() => setEdit('new')}
            newLabel={t('contentAdmin:testimonies.new')}
            defaultSort="order"
          />
        </>
      )}
    </Stack>
  );
}
