import {
  APPLICATION_PDF_MAX_BYTES,
  CONTENT_DOCUMENT_CATEGORIES,
  CONTENT_LENGTHS,
  DocumentInput,
  type DocumentItem,
  formatByteSize,
  hasPdfHeader,
} from '@excelencia/domain';
import {
  Anchor,
  Button,
  FileButton,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconDownload, IconExternalLink, IconFileTypePdf } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { editionLabel } from '../../applications/edition-label.ts';
import { useEditionsQuery } from '../../applications/queries.ts';
import { documentFilePath, uploadDocumentFile } from '../api.ts';
import { EditorFrame, LoadedItem, useContentForm } from '../components/content-editor.tsx';
import { type ContentColumn, ContentList, StatusBadge } from '../components/content-list.tsx';
import { EMPTY_TRILINGUAL, type Trilingual, textIn } from '../components/content-values.ts';
import {
  type Publication,
  PublicationControl,
  publicationFieldProps,
  publicationOf,
} from '../components/publication-control.tsx';
import { MissingLanguages, TrilingualField } from '../components/trilingual-field.tsx';
import { useEditParam } from '../components/use-edit-param.ts';
import { contentKeys } from '../queries.ts';

interface DocumentValues {
  title: Trilingual;
  category: string;
  editionId: string;
  articles: Trilingual;
  order: number | string;
  publication: Publication;
}

function valuesOf(item: DocumentItem | undefined): DocumentValues {
  return {
    title: item?.title ?? { ...EMPTY_TRILINGUAL },
    category: item?.category ?? 'regulation',
    editionId: item?.editionId ?? '',
    articles: item?.articles ?? { ...EMPTY_TRILINGUAL },
    order: item?.order ?? 0,
    publication: publicationOf(item),
  };
}

function toPayload(values: DocumentValues) {
  return {
    title: values.title,
    category: values.category,
    editionId: values.editionId || null,
    articles: values.articles,
    order: values.order === '' ? 0 : Number(values.order),
    status: values.publication.status,
    publishedAt: values.publication.publishedAt,
  };
}

/** Whether a chosen file is a PDF the server will take. */
async function pdfProblem(file: File): Promise<'notPdf' | 'tooLarge' | null> {
  const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
  if (!hasPdfHeader(head)) return 'notPdf';
  return file.size > APPLICATION_PDF_MAX_BYTES ? 'tooLarge' : null;
}

/** Open in the browser and download links of a stored PDF. */
function FileLinks({ item }: { item: DocumentItem }) {
  const t = useTranslate();
  const language = useLanguage();
  if (!item.file) return null;
  const name = textIn(item.title, language);
  return (
    <Group gap="sm" wrap="wrap">
      <Anchor
        href={documentFilePath(item.id)}
        target="_blank"
        rel="noopener"
        size="sm"
        data-testid="document-view"
      >
        <Group gap={4} wrap="nowrap" component="span">
          {t('contentAdmin:actions.view')}
          <IconExternalLink size={14} aria-hidden="true" />
        </Group>
      </Anchor>
      <Anchor
        href={`${documentFilePath(item.id)}?download=1`}
        download={item.file.fileName}
        size="sm"
        aria-label={`${t('contentAdmin:actions.download')} ${name}`}
        data-testid="document-download"
      >
        <Group gap={4} wrap="nowrap" component="span">
          {t('contentAdmin:actions.download')}
          <IconDownload size={14} aria-hidden="true" />
        </Group>
      </Anchor>
    </Group>
  );
}

function DocumentForm({
  item,
  onDone,
}: {
  item: DocumentItem | undefined;
  onDone: (id: string | null) => void;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const client = useQueryClient();
  const editions = useEditionsQuery();
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { form, submit, saving } = useContentForm({
    kind: 'documents',
    item,
    initialValues: valuesOf(item),
    schema: DocumentInput,
    toPayload: toPayload,
    onSaved: (saved) => void afterSave(saved),
  });

  const afterSave = async (saved: DocumentItem) => {
    if (!file) {
      onDone(saved.id);
      return;
    }
    setProgress(0);
    try {
      const withFile = await uploadDocumentFile(saved.id, file, setProgress);
      client.setQueryData(contentKeys.item('documents', saved.id), withFile);
      await client.invalidateQueries({ queryKey: [...contentKeys.kind('documents'), 'list'] });
      notifySuccess(t('contentAdmin:documents.uploaded'));
      setFile(null);
      onDone(saved.id);
    } catch (error) {
      setFileProblem(error instanceof Error ? error.message : String(error));
      notifyApiError(error);
    } finally {
      setProgress(null);
    }
  };

  const choose = async (chosen: File | null) => {
    setFileProblem(null);
    if (!chosen) return;
    const issue = await pdfProblem(chosen);
    if (issue) {
      setFileProblem(
        issue === 'notPdf'
          ? t('contentAdmin:documents.notPdf')
          : t('contentAdmin:documents.tooLarge', {
              max: formatByteSize(APPLICATION_PDF_MAX_BYTES, language),
            }),
      );
      return;
    }
    setFile(chosen);
  };

  return (
    <EditorFrame
      title={t(item ? 'contentAdmin:documents.editTitle' : 'contentAdmin:documents.new')}
      onBack={() => onDone(null)}
      onSubmit={submit}
      saving={saving || progress !== null}
      preview={{ kind: 'documents', id: item?.id ?? null }}
      testId="document-editor"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={720}>
        <NativeSelect
          label={t('contentAdmin:documents.kind')}
          withAsterisk
          data={CONTENT_DOCUMENT_CATEGORIES.map((value) => ({
            value,
            label: t(`contentAdmin:documents.kinds.${value}`),
          }))}
          {...form.getInputProps('category')}
          data-testid="document-category"
        />
        <NativeSelect
          label={t('contentAdmin:documents.edition')}
          data={[
            { value: '', label: t('contentAdmin:documents.noEdition') },
            ...(editions.data ?? []).map((edition) => ({
              value: edition.id,
              label: editionLabel(edition, t),
            })),
          ]}
          {...form.getInputProps('editionId')}
          data-testid="document-edition"
        />
      </SimpleGrid>
      <TrilingualField
        form={form}
        path="title"
        label={t('contentAdmin:documents.title')}
        maxLength={CONTENT_LENGTHS.title}
      />
      <TrilingualField
        form={form}
        path="articles"
        label={t('contentAdmin:documents.articles')}
        hint={t('contentAdmin:documents.articlesHint')}
        kind="textarea"
        maxLength={CONTENT_LENGTHS.summary}
        required={false}
      />
      <Paper withBorder p="md" component="section" aria-labelledby="document-file">
        <Stack gap="xs">
          <Text fw={600} id="document-file">
            {t('contentAdmin:documents.file')}
          </Text>
          {item?.file ? (
            <Group gap="sm" wrap="wrap">
              <IconFileTypePdf size={18} aria-hidden="true" />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {item.file.fileName} · {formatByteSize(item.file.size, language)}
              </Text>
              <FileLinks item={item} />
            </Group>
          ) : null}
          {file ? (
            <Text size="sm" data-testid="document-chosen" style={{ overflowWrap: 'anywhere' }}>
              {file.name} · {formatByteSize(file.size, language)}
            </Text>
          ) : null}
          <Group gap="sm">
            <FileButton onChange={(chosen) => void choose(chosen)} accept="application/pdf,.pdf">
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  leftSection={<IconFileTypePdf size={16} aria-hidden="true" />}
                  data-testid="document-choose"
                >
                  {t(
                    item?.file || file
                      ? 'contentAdmin:documents.replaceFile'
                      : 'contentAdmin:documents.chooseFile',
                  )}
                </Button>
              )}
            </FileButton>
          </Group>
          <Text size="xs" c="gray.7">
            {t('contentAdmin:documents.fileHint', {
              max: formatByteSize(APPLICATION_PDF_MAX_BYTES, language),
            })}
          </Text>
          {progress !== null ? (
            <Progress
              value={Math.round(progress * 100)}
              aria-label={t('contentAdmin:documents.uploading')}
              data-testid="document-progress"
            />
          ) : null}
          {fileProblem ? (
            <Text size="sm" c="red.9" role="alert" data-testid="document-file-error">
              {fileProblem}
            </Text>
          ) : null}
        </Stack>
      </Paper>
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

/** Keyed by id only: a save must not remount the form while its PDF is still uploading. */
function DocumentEditor({ id, onDone }: { id: string; onDone: (id: string | null) => void }) {
  return (
    <LoadedItem kind="documents" id={id} keyOf={(item) => item.id}>
      {(item, key) => <DocumentForm key={key} item={item} onDone={onDone} />}
    </LoadedItem>
  );
}

/** /admin/content-managment/regularization: regulations and guides as PDFs per edition, with the articles cited. */
export function RegulationsPage() {
  const t = useTranslate();
  const language = useLanguage();
  const [edit, setEdit] = useEditParam();
  const editions = useEditionsQuery();
  const columns = useMemo<ContentColumn<DocumentItem>[]>(() => {
    const editionOf = (id: string | null) => {
      const edition = editions.data?.find((candidate) => candidate.id === id);
      return edition ? editionLabel(edition, t) : t('contentAdmin:documents.noEdition');
    };
    return [
      {
        key: 'title',
        label: t('contentAdmin:documents.title'),
        render: (item) => textIn(item.title, language),
        sortKey: 'title',
        sortValue: (item) => textIn(item.title, language).toLocaleLowerCase(language),
      },
      {
        key: 'category',
        label: t('contentAdmin:documents.kind'),
        render: (item) => t(`contentAdmin:documents.kinds.${item.category}`),
        sortKey: 'category',
        sortValue: (item) => item.category,
      },
      {
        key: 'edition',
        label: t('contentAdmin:documents.edition'),
        render: (item) => editionOf(item.editionId),
        sortKey: 'edition',
        sortValue: (item) => editionOf(item.editionId),
      },
      {
        key: 'file',
        label: t('contentAdmin:documents.file'),
        render: (item) =>
          item.file ? (
            <Stack gap={2}>
              <Text size="sm">{formatByteSize(item.file.size, language)}</Text>
              <FileLinks item={item} />
            </Stack>
          ) : (
            <Text size="sm" c="gray.7">
              {t('contentAdmin:documents.noFile')}
            </Text>
          ),
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
    ];
  }, [t, language, editions.data]);
  return (
    <Stack gap="md">
      {edit ? (
        <DocumentEditor id={edit} onDone={setEdit} />
      ) : (
        <>
          <Text c="gray.7">{t('contentAdmin:documents.intro')}</Text>
          <ContentList
            kind="documents"
            label={t('contentAdmin:documents.listLabel')}
            columns={columns}
            nameOf={(item) => textIn(item.title, language)}
            onEdit={setEdit}
            onNew={() => setEdit('new')}
            newLabel={t('contentAdmin:documents.new')}
            defaultSort="title"
          />
        </>
      )}
    </Stack>
  );
}
