import type { ContentKind } from '@excelencia/domain';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useMemo } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import {
  hasFieldPath,
  type ParsingSchema,
  serverFieldErrors,
  zodResolver,
} from '../../../ui/form/zod-resolver.ts';
import { notifyError, notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import type { ItemOf } from '../api.ts';
import { useContentItem, useSaveContent } from '../queries.ts';
import { PreviewMenu } from './preview-menu.tsx';
import { type Publication, publicationProblem } from './publication-control.tsx';

/**
 * Saves a content form: POST for a new item, PUT with its version for an existing one; 'Created' or 'Updated'
 * on success; the server's field errors under their fields, anything else in the error toast.
 */
export function useContentSubmit<K extends ContentKind, V>({
  kind,
  id,
  version,
  form,
  toPayload,
  onSaved,
}: {
  kind: K;
  id: string | null;
  version: number | null;
  form: UseFormReturnType<V>;
  toPayload: (values: V) => Record<string, unknown>;
  onSaved: (item: ItemOf<K>) => void;
}) {
  const t = useTranslate();
  const save = useSaveContent(kind);
  const submit = form.onSubmit(
    (values) => {
      const payload = toPayload(values);
      save.mutate(
        { id, body: id === null ? payload : { ...payload, version } },
        {
          onSuccess: (item) => {
            notifySuccess(t(id === null ? 'common:created' : 'common:updated'));
            onSaved(item);
          },
          onError: (error) => {
            if (error instanceof ApiError && error.details.length > 0) {
              // The form keeps status and publishedAt together as 'publication'.
              const details = error.details.map((detail) =>
                /(^|[/.])publishedAt$/.test(detail.path) ? { ...detail, path: 'publication' } : detail,
              );
              const { fields, other } = serverFieldErrors(
                details,
                (path) => hasFieldPath(form.getValues(), path),
                t,
              );
              form.setErrors(fields);
              if (other.length === 0) {
                notifyError(error.message);
                return;
              }
            }
            notifyApiError(error, { onReload: () => window.location.reload() });
          },
        },
      );
    },
    () => notifyError(t('contentAdmin:checkFields')),
  );
  return { submit: submit as (event?: FormEvent<HTMLFormElement>) => void, saving: save.isPending };
}

/**
 * The form of one item, the same for every kind: its values (from the stored item, or a new one's), checked with
 * the kind's shared schema on the very payload it sends and with the publication rule (a schedule date, under
 * the publication control), and saved with useContentSubmit. `adjustErrors` moves a schema error whose path the
 * form holds elsewhere (the home blocks kept flat).
 */
export function useContentForm<K extends ContentKind, V extends { publication: Publication }>({
  kind,
  item,
  initialValues,
  schema,
  toPayload,
  onSaved,
  adjustErrors,
}: {
  kind: K;
  item: { id: string; version: number } | undefined;
  initialValues: V;
  schema: ParsingSchema;
  toPayload: (values: V) => Record<string, unknown>;
  onSaved: (item: ItemOf<K>) => void;
  adjustErrors?: (errors: Record<string, string>) => void;
}) {
  const t = useTranslate();
  const validateSchema = useMemo(() => zodResolver<V>(schema, t, toPayload), [schema, t, toPayload]);
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validate: (values) => {
      const errors = validateSchema(values);
      adjustErrors?.(errors);
      const problem = publicationProblem(values.publication);
      if (problem) errors.publication = t(problem);
      // The schema's own schedule rule names publishedAt, which the form keeps in 'publication'.
      if (errors.publishedAt) errors.publication ??= errors.publishedAt;
      return errors;
    },
  });
  const { submit, saving } = useContentSubmit({
    kind,
    id: item?.id ?? null,
    version: item?.version ?? null,
    form,
    toPayload,
    onSaved,
  });
  return { form, submit, saving };
}

/** The frame of an item's editor: its heading, back to the list, the fields, then save and preview. */
export function EditorFrame({
  title,
  onBack,
  onSubmit,
  saving,
  preview,
  children,
  testId,
}: {
  title: string;
  onBack: () => void;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  /** The saved item to preview (kind and id); null before the first save. */
  preview?: { kind: ContentKind; id: string | null } | null;
  children: ReactNode;
  testId?: string;
}) {
  const t = useTranslate();
  return (
    <Stack gap="md" data-testid={testId}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
          onClick={onBack}
          data-testid="content-back"
        >
          {t('contentAdmin:actions.back')}
        </Button>
      </Group>
      <Text size="sm" c="gray.7">
        {t('contentAdmin:fallbackNote')}
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          {children}
          <Paper withBorder p="sm" pos="sticky" bottom={0} style={{ zIndex: 3 }}>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Group gap="sm">
                <Button
                  type="submit"
                  loading={saving}
                  leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
                  data-testid="content-save"
                >
                  {t('contentAdmin:actions.save')}
                </Button>
                <Button variant="default" onClick={onBack}>
                  {t('contentAdmin:actions.cancel')}
                </Button>
              </Group>
              {preview ? <PreviewMenu kind={preview.kind} id={preview.id} /> : null}
            </Group>
          </Paper>
        </Stack>
      </form>
    </Stack>
  );
}

/** Loading and load errors of an item being edited. */
export function ItemState({ isPending, error }: { isPending: boolean; error: unknown }) {
  const t = useTranslate();
  if (isPending) return <Loader aria-label={t('common:loading')} />;
  if (error) {
    return (
      <Alert color="red.9" role="alert">
        {error instanceof Error ? error.message : t('contentAdmin:loadFailed')}
      </Alert>
    );
  }
  return null;
}

/**
 * The editor of one item: a new one at once, a stored one once loaded. The form gets a new key per loaded
 * version, so it starts from what the server holds (`keyOf` may keep it, e.g. while a file still uploads).
 */
export function LoadedItem<K extends ContentKind>({
  kind,
  id,
  keyOf = (item) => `${item.id}-${item.version}`,
  children,
}: {
  kind: K;
  id: string;
  keyOf?: (item: ItemOf<K>) => string;
  children: (item: ItemOf<K> | undefined, key: string) => ReactNode;
}) {
  const isNew = id === 'new';
  const query = useContentItem(kind, isNew ? null : id);
  if (!isNew && !query.data) return <ItemState isPending={query.isPending} error={query.error} />;
  const item = query.data;
  return children(item, item ? keyOf(item) : 'new');
}
