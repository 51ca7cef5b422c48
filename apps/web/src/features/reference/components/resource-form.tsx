import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { hasFieldPath, serverFieldErrors, zodResolver } from '../../../ui/form/zod-resolver.ts';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { fetchItem } from '../api.ts';
import { useSaveMutation } from '../queries.ts';
import type { FormValues, ResourceScreenConfig, StoredItem } from './resource-config.ts';

/**
 * The create/edit form of a reference screen: client validation with the shared zod schema, the stored
 * `version` sent back on PUT, server details under their fields, toasts, and Reload on a stale edit.
 */
export function ResourceForm<TItem extends StoredItem, TValues extends FormValues>({
  config,
  item,
  filters,
  onDone,
}: {
  config: ResourceScreenConfig<TItem, TValues>;
  item: TItem | null;
  filters: Readonly<Record<string, string>>;
  onDone: () => void;
}) {
  const t = useTranslate();
  const mode = item ? 'edit' : 'create';
  const [version, setVersion] = useState(item?.version ?? 0);
  const save = useSaveMutation(config.resource);
  const payload = (values: TValues) =>
    mode === 'edit' ? { ...config.toPayload(values, mode), version } : config.toPayload(values, mode);
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: item ? config.toValues(item) : config.emptyValues(filters),
    validate: zodResolver<TValues>(mode === 'edit' ? config.updateSchema : config.createSchema, t, payload),
    validateInputOnBlur: true,
  });

  const reload = async () => {
    if (!item) return;
    try {
      const fresh = await fetchItem(config.resource, item.id, config.itemSchema);
      form.setValues(config.toValues(fresh));
      form.resetDirty();
      form.clearErrors();
      setVersion(fresh.version);
    } catch (error) {
      notifyApiError(error);
    }
  };

  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: item?.id ?? null, body: payload(values) },
      {
        onSuccess: () => {
          notifySuccess(t(mode === 'edit' ? 'common:updated' : 'common:created'));
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.details.length > 0) {
            const { fields } = serverFieldErrors(error.details, (path) => hasFieldPath(values, path), t);
            if (Object.keys(fields).length > 0) form.setErrors(fields);
          }
          notifyApiError(error, { onReload: () => void reload() });
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate data-testid="resource-form">
      <Stack gap="md">
        <config.Fields form={form} mode={mode} item={item} />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="save-button">
            {t('reference:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
