import { ActionIcon, Badge, Button, Drawer, NativeSelect, Stack, Tooltip } from '@mantine/core';
import { IconPencil, IconPlayerPause, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/language-context.ts';
import { usePageDef } from '../../../lib/page-def.ts';
import { useSignedIn } from '../../../lib/signed-in-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { SUCCESS_GREEN } from '../../../ui/colors.ts';
import { confirmAction } from '../../../ui/confirm.tsx';
import { DataTable } from '../../../ui/data-table/data-table.tsx';
import { initialListState, type ListState } from '../../../ui/data-table/list-state.ts';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { resourceUrl } from '../api.ts';
import {
  useActivationMutation,
  useDeleteMutation,
  useResourceListQuery,
  useResourceOptionsQuery,
} from '../queries.ts';
import { optionLabel } from './parent-select.tsx';
import type { FormValues, ParentFilter, ResourceScreenConfig, StoredItem } from './resource-config.ts';
import { ResourceForm } from './resource-form.tsx';

type Editing<TItem> = { mode: 'create' } | { mode: 'edit'; item: TItem } | null;

/** A reference screen: the list with its filters, the create/edit drawer, delete and activation. */
export function ReferenceResourcePage<TItem extends StoredItem, TValues extends FormValues>({
  config,
}: {
  config: ResourceScreenConfig<TItem, TValues>;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const page = usePageDef();
  const me = useSignedIn().session.user;
  const title = page ? t(page.titleKey) : config.resource;
  const [state, setState] = useState<ListState>(() => initialListState(config.defaultSort));
  const [editing, setEditing] = useState<Editing<TItem>>(null);
  const list = useResourceListQuery(config.resource, state, config.itemSchema);
  const remove = useDeleteMutation(config.resource);
  const activation = useActivationMutation(config.resource);
  const onStateChange = useCallback((next: ListState) => setState(next), []);

  const columns = config.columns(t, language);
  const name = (item: TItem) => config.itemName(item, language);

  const askDelete = (item: TItem) =>
    confirmAction({
      title: t('reference:confirm.deleteTitle'),
      message: t('reference:confirm.deleteText', { name: name(item) }),
      confirmLabel: t('reference:actions.delete'),
      danger: true,
      onConfirm: () =>
        remove.mutateAsync(item.id).then(
          () => notifySuccess(t('common:deleted')),
          (error: unknown) => notifyApiError(error),
        ),
    });

  const askActivation = (item: TItem) => {
    const active = !item.isActive;
    confirmAction({
      title: t(active ? 'reference:confirm.activateTitle' : 'reference:confirm.deactivateTitle'),
      message: t(
        active
          ? 'reference:confirm.activateText'
          : (config.deactivateTextKey ?? 'reference:confirm.deactivateText'),
        { name: name(item) },
      ),
      confirmLabel: t(active ? 'reference:actions.activate' : 'reference:actions.deactivate'),
      danger: !active,
      onConfirm: () =>
        activation
          .mutateAsync({
            id: item.id,
            active,
            version: item.version,
            putBody:
              config.activation === 'put'
                ? {
                    ...config.toPayload(config.toValues(item), 'edit'),
                    isActive: active,
                    version: item.version,
                  }
                : undefined,
          })
          .then(
            () => notifySuccess(t('common:updated')),
            (error: unknown) => notifyApiError(error, { onReload: () => void list.refetch() }),
          ),
    });
  };

  const rowActions = (item: TItem) => {
    const itemName = name(item);
    const editLabel = t('reference:actions.editRow', { name: itemName });
    const deleteLabel = t('reference:actions.deleteRow', { name: itemName });
    const activationLabel = t(
      item.isActive ? 'reference:actions.deactivateRow' : 'reference:actions.activateRow',
      {
        name: itemName,
      },
    );
    return (
      <>
        <Tooltip label={t('reference:actions.edit')} withinPortal>
          <ActionIcon
            variant="subtle"
            aria-label={editLabel}
            onClick={() => setEditing({ mode: 'edit', item })}
            data-testid="row-edit"
          >
            <IconPencil size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
        {config.activation && (config.canChangeActivation?.(item, me) ?? true) ? (
          <Tooltip
            label={t(item.isActive ? 'reference:actions.deactivate' : 'reference:actions.activate')}
            withinPortal
          >
            <ActionIcon
              variant="subtle"
              color={item.isActive ? 'orange.9' : 'green.9'}
              aria-label={activationLabel}
              onClick={() => askActivation(item)}
              data-testid={item.isActive ? 'row-deactivate' : 'row-activate'}
            >
              {item.isActive ? (
                <IconPlayerPause size={18} aria-hidden="true" />
              ) : (
                <IconPlayerPlay size={18} aria-hidden="true" />
              )}
            </ActionIcon>
          </Tooltip>
        ) : null}
        {config.canDelete === false ? null : (
          <Tooltip label={t('reference:actions.delete')} withinPortal>
            <ActionIcon
              variant="subtle"
              color="red.9"
              aria-label={deleteLabel}
              onClick={() => askDelete(item)}
              data-testid="row-delete"
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        )}
      </>
    );
  };

  const setFilter = (param: string, value: string) =>
    setState((current) => ({ ...current, page: 1, filters: { ...current.filters, [param]: value } }));

  const toolbar = (
    <>
      {(config.filters ?? []).map((filter) => (
        <FilterSelect
          key={filter.param}
          filter={filter}
          value={state.filters[filter.param] ?? ''}
          onChange={(value) => setFilter(filter.param, value)}
        />
      ))}
      {config.hasActiveFilter ? (
        <NativeSelect
          label={t('reference:fields.status')}
          data={[
            { value: '', label: t('common:select') },
            { value: 'true', label: t('reference:status.active') },
            { value: 'false', label: t('reference:status.inactive') },
          ]}
          value={state.filters.isActive ?? ''}
          onChange={(event) => setFilter('isActive', event.currentTarget.value)}
          w={{ base: '100%', xs: 180 }}
          data-testid="filter-isActive"
        />
      ) : null}
    </>
  );

  const editingItem = editing?.mode === 'edit' ? editing.item : null;
  const formTitle =
    editing?.mode === 'edit' && editingItem
      ? t('reference:form.editTitle', { title, name: name(editingItem) })
      : t('reference:form.createTitle', { title });

  return (
    <Stack gap="md">
      <DataTable
        label={title}
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        data={list.data}
        isFetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowActions={rowActions}
        toolbar={toolbar}
        primaryAction={
          <Button
            leftSection={<IconPlus size={18} aria-hidden="true" />}
            onClick={() => setEditing({ mode: 'create' })}
            data-testid="create-button"
          >
            {t('reference:actions.create')}
          </Button>
        }
        exportPath={resourceUrl(config.resource, undefined, 'export')}
        exportName={`${config.resource.replace(/\//g, '-')}.xlsx`}
        searchPlaceholder={config.searchPlaceholderKey ? t(config.searchPlaceholderKey) : undefined}
      />
      {config.Extra ? <config.Extra /> : null}
      <Drawer.Root
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="right"
        size={config.formSize ?? 'xl'}
        data-testid="resource-drawer"
      >
        <Drawer.Overlay />
        <Drawer.Content>
          {/* A div, not Mantine's <header>: a second banner landmark would confuse screen readers. */}
          <Drawer.Header {...{ component: 'div' }}>
            <Drawer.Title>{formTitle}</Drawer.Title>
            <Drawer.CloseButton aria-label={t('common:close')} />
          </Drawer.Header>
          <Drawer.Body>
            {editing ? (
              <ResourceForm
                key={editingItem ? `${editingItem.id}:${editingItem.version}` : 'new'}
                config={config}
                item={editingItem}
                filters={state.filters}
                onDone={() => setEditing(null)}
              />
            ) : null}
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </Stack>
  );
}

function FilterSelect({
  filter,
  value,
  onChange,
}: {
  filter: ParentFilter;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const options = useResourceOptionsQuery(filter.resource, filter.schema);
  return (
    <NativeSelect
      label={t(filter.labelKey)}
      data={[
        { value: '', label: t('common:select') },
        ...(options.data ?? []).map((option) => ({ value: option.id, label: optionLabel(option, language) })),
      ]}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: '100%', xs: 240 }}
      data-testid={`filter-${filter.param}`}
    />
  );
}

/** The Active / Inactive badge of a row. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? SUCCESS_GREEN : 'gray.7'} variant="filled" data-testid="status-badge">
      {t(active ? 'reference:status.active' : 'reference:status.inactive')}
    </Badge>
  );
}
