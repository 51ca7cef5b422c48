import { CONTENT_LENGTHS, FaqInput, type FaqItem } from '@excelencia/domain';
import { ActionIcon, NumberInput, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { updateItem } from '../api.ts';
import { EditorFrame, LoadedItem, useContentForm } from '../components/content-editor.tsx';
import { type ContentColumn, ContentList, StatusBadge } from '../components/content-list.tsx';
import { EMPTY_TRILINGUAL, moveItem, type Trilingual, textIn } from '../components/content-values.ts';
import {
  type Publication,
  PublicationControl,
  publicationFieldProps,
  publicationOf,
} from '../components/publication-control.tsx';
import { MissingLanguages, TrilingualField } from '../components/trilingual-field.tsx';
import { useEditParam } from '../components/use-edit-param.ts';
import { contentKeys, useContentList } from '../queries.ts';

interface FaqValues {
  question: Trilingual;
  answer: Trilingual;
  category: Trilingual;
  order: number | string;
  publication: Publication;
}

function valuesOf(item: FaqItem | undefined, nextOrder: number): FaqValues {
  return {
    question: item?.question ?? { ...EMPTY_TRILINGUAL },
    answer: item?.answer ?? { ...EMPTY_TRILINGUAL },
    category: item?.category ?? { ...EMPTY_TRILINGUAL },
    order: item?.order ?? nextOrder,
    publication: publicationOf(item),
  };
}

function toPayload(values: FaqValues) {
  return {
    question: values.question,
    answer: values.answer,
    category: values.category,
    order: values.order === '' ? 0 : Number(values.order),
    status: values.publication.status,
    publishedAt: values.publication.publishedAt,
  };
}

/** An existing question as a PUT body, with another order. */
function withOrder(item: FaqItem, order: number) {
  return {
    question: item.question,
    slug: item.slug,
    answer: item.answer,
    category: item.category,
    order,
    status: item.status,
    publishedAt: item.publishedAt,
    version: item.version,
  };
}

function FaqForm({
  item,
  nextOrder,
  onDone,
}: {
  item: FaqItem | undefined;
  nextOrder: number;
  onDone: (id: string | null) => void;
}) {
  const t = useTranslate();
  const { form, submit, saving } = useContentForm({
    kind: 'faq',
    item,
    initialValues: valuesOf(item, nextOrder),
    schema: FaqInput,
    toPayload: toPayload,
    onSaved: (saved) => onDone(saved.id),
  });
  return (
    <EditorFrame
      title={t(item ? 'contentAdmin:faq.editTitle' : 'contentAdmin:faq.new')}
      onBack={() => onDone(null)}
      onSubmit={submit}
      saving={saving}
      preview={{ kind: 'faq', id: item?.id ?? null }}
      testId="faq-editor"
    >
      <TrilingualField
        form={form}
        path="question"
        label={t('contentAdmin:faq.question')}
        kind="textarea"
        maxLength={CONTENT_LENGTHS.summary}
      />
      <TrilingualField form={form} path="answer" label={t('contentAdmin:faq.answer')} kind="rich" />
      <TrilingualField
        form={form}
        path="category"
        label={t('contentAdmin:faq.category')}
        hint={t('contentAdmin:faq.categoryHint')}
        maxLength={CONTENT_LENGTHS.label}
        required={false}
      />
      <NumberInput
        label={t('contentAdmin:columns.order')}
        min={0}
        allowDecimal={false}
        allowNegative={false}
        w={160}
        {...form.getInputProps('order')}
        data-testid="faq-order"
      />
      <PublicationControl {...publicationFieldProps(form)} />
    </EditorFrame>
  );
}

function FaqEditor({
  id,
  nextOrder,
  onDone,
}: {
  id: string;
  nextOrder: number;
  onDone: (id: string | null) => void;
}) {
  return (
    <LoadedItem kind="faq" id={id}>
      {(item, key) => <FaqForm key={key} item={item} nextOrder={nextOrder} onDone={onDone} />}
    </LoadedItem>
  );
}

/** /admin/content-managment/faq-content: questions and answers by category and order (arrows reorder). */
export function FaqContentPage() {
  const t = useTranslate();
  const language = useLanguage();
  const [edit, setEdit] = useEditParam();
  const client = useQueryClient();
  const all = useContentList('faq');
  const [moving, setMoving] = useState(false);
  const ordered = useMemo(
    () => [...(all.data ?? [])].sort((a, b) => a.order - b.order || a.createdAt.localeCompare(b.createdAt)),
    [all.data],
  );
  const nextOrder = ordered.length === 0 ? 0 : (ordered[ordered.length - 1]?.order ?? 0) + 1;

  /** Moves a question one place and renumbers every question 0..n-1 in the new order. */
  const move = async (item: FaqItem, delta: number) => {
    const index = ordered.findIndex((candidate) => candidate.id === item.id);
    const next = moveItem(ordered, index, delta);
    const changed = next
      .map((question, order) => ({ question, order }))
      .filter(({ question, order }) => question.order !== order);
    if (changed.length === 0) return;
    setMoving(true);
    try {
      for (const { question, order } of changed) {
        await updateItem('faq', question.id, withOrder(question, order));
      }
      notifySuccess(t('common:updated'));
    } catch (error) {
      notifyApiError(error);
    } finally {
      setMoving(false);
      await client.invalidateQueries({ queryKey: contentKeys.kind('faq') });
    }
  };

  const columns = useMemo<ContentColumn<FaqItem>[]>(
    () => [
      {
        key: 'order',
        label: t('contentAdmin:columns.order'),
        render: (item) => item.order + 1,
        sortKey: 'order',
        sortValue: (item) => item.order,
        width: 80,
      },
      {
        key: 'question',
        label: t('contentAdmin:faq.question'),
        render: (item) => textIn(item.question, language),
        sortKey: 'question',
        sortValue: (item) => textIn(item.question, language).toLocaleLowerCase(language),
      },
      {
        key: 'category',
        label: t('contentAdmin:faq.category'),
        render: (item) => textIn(item.category, language) || '—',
        sortKey: 'category',
        sortValue: (item) => textIn(item.category, language).toLocaleLowerCase(language),
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
        <FaqEditor id={edit} nextOrder={nextOrder} onDone={setEdit} />
      ) : (
        <>
          <Text c="gray.7">{t('contentAdmin:faq.intro')}</Text>
          <ContentList
            kind="faq"
            label={t('contentAdmin:faq.listLabel')}
            columns={columns}
            nameOf={(item) => textIn(item.question, language)}
            onEdit={setEdit}
            onNew={() => setEdit('new')}
            newLabel={t('contentAdmin:faq.new')}
            defaultSort="order"
            extraActions={(item) => {
              const index = ordered.findIndex((candidate) => candidate.id === item.id);
              const name = textIn(item.question, language);
              return (
                <>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('contentAdmin:faq.moveUpAria', { name })}
                    title={t('contentAdmin:actions.moveUp')}
                    disabled={moving || index <= 0}
                    onClick={() => void move(item, -1)}
                    data-testid="faq-up"
                  >
                    <IconArrowUp size={18} aria-hidden="true" />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('contentAdmin:faq.moveDownAria', { name })}
                    title={t('contentAdmin:actions.moveDown')}
                    disabled={moving || index < 0 || index >= ordered.length - 1}
                    onClick={() => void move(item, 1)}
                    data-testid="faq-down"
                  >
                    <IconArrowDown size={18} aria-hidden="true" />
                  </ActionIcon>
                </>
              );
            }}
          />
        </>
      )}
    </Stack>
  );
}
