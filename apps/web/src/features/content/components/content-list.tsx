import { CONTENT_STATUSES, type ContentKind, formatContentDate, type Page } from '@excelencia/domain';
import { ActionIcon, Badge, Button, NativeSelect } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { NEUTRAL_GRAY, SUCCESS_GREEN, WARNING_ORANGE } from '../../../ui/colors.ts';
import { confirmAction } from '../../../ui/confirm.tsx';
import { DataTable, type DataTableColumn } from '../../../ui/data-table/data-table.tsx';
import { initialListState, type ListState } from '../../../ui/data-table/list-state.ts';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import type { ItemOf } from '../api.ts';
import { useContentList, useDeleteContent } from '../queries.ts';
import { MissingLanguages } from './trilingual-field.tsx';

const STATUS_COLORS = { draft: NEUTRAL_GRAY, scheduled: WARNING_ORANGE, published: SUCCESS_GREEN } as const;

export function StatusBadge({ status }: { status: keyof typeof STATUS_COLORS }) {
  const t = useTranslate();
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} data-testid="content-status">
      {t(`contentAdmin:status.${status}`)}
    </Badge>
  );
}

/** A column of a content list; `sortValue` sorts it on this page (the admin list comes whole). */
export interface ContentColumn<T> extends DataTableColumn<T> {
  sortValue?: (item: T) => string | number;
}

type Listed = { id: string; status: 'draft' | 'scheduled' | 'published'; publishedAt: string | null };

/** The status, date and missing-language columns every dated kind shows. */
export function publicationColumns<T extends Listed & { missingLanguages: readonly string[] }>(
  t: (key: string) => string,
  language: string,
): ContentColumn<T>[] {
  return [
    {
      key: 'status',
      label: t('contentAdmin:columns.status'),
      render: (item) => <StatusBadge status={item.status} />,
      sortKey: 'status',
      sortValue: (item) => CONTENT_STATUSES.indexOf(item.status),
    },
    {
      key: 'date',
      label: t('contentAdmin:columns.date'),
      render: (item) => (item.publishedAt ? formatContentDate(item.publishedAt, language) : '—'),
      sortKey: 'date',
      sortValue: (item) => item.publishedAt ?? '',
    },
    {
      key: 'languages',
      label: t('contentAdmin:columns.languages'),
      render: (item) => <MissingLanguages missing={item.missingLanguages as never} />,
    },
  ];
}

/** The rows of one page of a whole list, searched on the server, sorted and paged here. */
export function pageOfList<T>(
  items: readonly T[] | undefined,
  state: ListState,
  columns: readonly ContentColumn<T>[],
): Page<T> | undefined {
  if (!items) return undefined;
  const column = columns.find((candidate) => candidate.sortKey === state.sort);
  const sorted = column?.sortValue
    ? [...items].sort((a, b) => {
        const x = column.sortValue?.(a) ?? '';
        const y = column.sortValue?.(b) ?? '';
        const order = x < y ? -1 : x > y ? 1 : 0;
        return state.order === 'asc' ? order : -order;
      })
    : [...items];
  const start = (state.page - 1) * state.pageSize;
  return {
    items: sorted.slice(start, start + state.pageSize),
    total: sorted.length,
    page: state.page,
    pageSize: state.pageSize,
  };
}

/**
 * A content kind's list: search, status filter, sortable columns, paging, edit and delete (confirmed, then
 * 'Deleted'). `nameOf` names an item in the admin's language (confirmations and button labels).
 */
export function ContentList<K extends ContentKind>({
  kind,
  label,
  columns,
  nameOf,
  onEdit,
  onNew,
  newLabel,
  withStatusFilter = true,
  extraActions,
  defaultSort = null,
  defaultOrder = 'asc',
}: {
  kind: K;
  label: string;
  columns: readonly ContentColumn<ItemOf<K>>[];
  nameOf: (item: ItemOf<K>) => string;
  onEdit: (id: string) => void;
  onNew: () => void;
  newLabel: string;
  withStatusFilter?: boolean;
  extraActions?: (item: ItemOf<K>) => ReactNode;
  defaultSort?: string | null;
  defaultOrder?: 'asc' | 'desc';
}) {
  const t = useTranslate();
  const [state, setState] = useState<ListState>(() => initialListState(defaultSort, defaultOrder));
  const status = state.filters.status ?? '';
  const list = useContentList(kind, { q: state.search, status });
  const remove = useDeleteContent(kind);
  const data = useMemo(() => pageOfList(list.data, state, columns), [list.data, state, columns]);

  const askDelete = (item: ItemOf<K>) =>
    confirmAction({
      title: t('contentAdmin:confirmDelete.title'),
      message: t('contentAdmin:confirmDelete.message', { name: nameOf(item) }),
      confirmLabel: t('contentAdmin:confirmDelete.confirm'),
      danger: true,
      onConfirm: () =>
        remove.mutateAsync(item.id).then(
          () => notifySuccess(t('common:deleted')),
          (error: unknown) => notifyApiError(error),
        ),
    });

  return (
    <DataTable<ItemOf<K>>
      label={label}
      columns={columns}
      state={state}
      onStateChange={setState}
      data={data}
      isFetching={list.isFetching}
      error={list.error}
      onRetry={() => void list.refetch()}
      searchPlaceholder={t('contentAdmin:searchPlaceholder')}
      toolbar={
        withStatusFilter ? (
          <NativeSelect
            label={t('contentAdmin:columns.status')}
            value={status}
            onChange={(event) =>
              setState({
                ...state,
                page: 1,
                filters: { ...state.filters, status: event.currentTarget.value },
              })
            }
            data={[
              { value: '', label: t('contentAdmin:allStatuses') },
              ...CONTENT_STATUSES.map((value) => ({ value, label: t(`contentAdmin:status.${value}`) })),
            ]}
            data-testid="content-status-filter"
          />
        ) : undefined
      }
      primaryAction={
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={onNew}
          data-testid="content-new"
        >
          {newLabel}
        </Button>
      }
      rowActions={(item) => (
        <>
          {extraActions?.(item)}
          <ActionIcon
            variant="subtle"
            aria-label={t('contentAdmin:editAria', { name: nameOf(item) })}
            title={t('contentAdmin:actions.edit')}
            onClick={() => onEdit(item.id)}
            data-testid="content-edit"
          >
            <IconPencil size={18} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red.9"
            aria-label={t('contentAdmin:deleteAria', { name: nameOf(item) })}
            title={t('contentAdmin:actions.delete')}
            onClick={() => askDelete(item)}
            data-testid="content-delete"
          >
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        </>
      )}
    />
  );
}
