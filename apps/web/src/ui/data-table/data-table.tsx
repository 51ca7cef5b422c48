import type { Page } from '@excelencia/domain';
import {
  Alert,
  Box,
  Button,
  Group,
  LoadingOverlay,
  NativeSelect,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../scroll-region.tsx';
import { ExportButton } from './export-button.tsx';
import { type ListState, listQueryString, PAGE_SIZES, pageRange, toggleSort } from './list-state.ts';

export interface DataTableColumn<T> {
  key: string;
  label: string;
  render: (item: T) => ReactNode;
  /** The API's sort field; columns without one are not sortable. */
  sortKey?: string;
  width?: number | string;
  /**
   * The narrowest the column gets when the table is squeezed (a width alone gives way): room for a long text's
   * few words a line, where it would otherwise be cut to one word a line at a phone's width.
   */
  minWidth?: number | string;
}

export interface DataTableProps<T extends { id: string }> {
  /** Accessible name of the table (the page title). */
  label: string;
  columns: readonly DataTableColumn<T>[];
  state: ListState;
  onStateChange: (next: ListState) => void;
  data: Page<T> | undefined;
  /** Fetching with an older page still shown. */
  isFetching: boolean;
  error: unknown;
  onRetry: () => void;
  rowActions?: (item: T) => ReactNode;
  /** Filters shown beside the search box. */
  toolbar?: ReactNode;
  /** The main button (New record), at the end of the toolbar beside the export. */
  primaryAction?: ReactNode;
  /** The export endpoint (`/app/api/v1/<res>/export`); the current filter is added. */
  exportPath?: string;
  exportName?: string;
  searchPlaceholder?: string;
}

const SEARCH_DEBOUNCE_MS = 350;

/**
 * The narrowest the table is drawn, in px: 100 px a column, 640 at least. At a phone's width the table scrolls
 * sideways instead of squeezing a text column to a word a line (the companies' CAE section read 'Comércio / por /
 * grosso / e / a' at 390 px); the widest list (the applications, 10 columns) still fits beside the menu at 1366.
 */
export function tableMinWidth(columnCount: number): number {
  return Math.max(640, columnCount * 100);
}

/**
 * A server-side list: debounced search, sortable headers (aria-sort), paging with a page-size select,
 * skeleton on the first load, an overlay over the old page while the next one loads, empty and error
 * states, row actions and the XLSX export of the current filter.
 */
export function DataTable<T extends { id: string }>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const { state, onStateChange, data, columns } = props;
  const [searchText, setSearchText] = useState(state.search);
  const [debounced] = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const latest = useRef(state);
  latest.current = state;

  useEffect(() => {
    if (debounced.trim() !== latest.current.search.trim()) {
      onStateChange({ ...latest.current, search: debounced, page: 1 });
    }
  }, [debounced, onStateChange]);

  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / state.pageSize));

  // A page emptied by a delete (or a shrunk filter) moves back to the last page that has rows.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && latest.current.page > 1) {
      onStateChange({
        ...latest.current,
        page: Math.max(1, Math.ceil(data.total / latest.current.pageSize)),
      });
    }
  }, [data, onStateChange]);
  const range = pageRange(state.page, state.pageSize, total);
  const columnCount = columns.length + (props.rowActions ? 1 : 0);
  const exportHref = props.exportPath
    ? `${props.exportPath}?${listQueryString(state, { paging: false })}`.replace(/\?$/, '')
    : null;

  let body: ReactNode;
  if (!data && props.error) {
    body = null;
  } else if (!data) {
    body = Array.from({ length: 5 }, (_, row) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
      <Table.Tr key={row} data-testid="skeleton-row">
        {Array.from({ length: columnCount }, (_, cell) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
          <Table.Td key={cell}>
            <Skeleton height={14} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (data.items.length === 0) {
    // Said under the table, not in a cell of it: a wide table scrolls at a phone's width and would carry the
    // message out of view.
    body = null;
  } else {
    body = data.items.map((item) => (
      <Table.Tr key={item.id} data-testid="table-row">
        {columns.map((column) => (
          <Table.Td key={column.key}>{column.render(item)}</Table.Td>
        ))}
        {props.rowActions ? (
          <Table.Td>
            <Group gap={4} wrap="nowrap" justify="flex-end">
              {props.rowActions(item)}
            </Group>
          </Table.Td>
        ) : null}
      </Table.Tr>
    ));
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm" style={{ flexGrow: 1 }}>
          <TextInput
            type="search"
            label={t('reference:table.search')}
            placeholder={props.searchPlaceholder ?? t('reference:table.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            w={{ base: '100%', xs: 260 }}
            data-testid="table-search"
          />
          {props.toolbar}
        </Group>
        <Group gap="sm" align="flex-end">
          {exportHref ? (
            <ExportButton
              href={exportHref}
              fallbackName={props.exportName ?? 'export.xlsx'}
              total={data?.total}
            />
          ) : null}
          {props.primaryAction}
        </Group>
      </Group>

      {props.error && !data ? (
        <Alert color="red.9" variant="light" title={t('reference:table.loadFailed')} role="alert">
          <Button size="compact-sm" variant="light" color="red.9" onClick={props.onRetry}>
            {t('reference:table.retry')}
          </Button>
        </Alert>
      ) : (
        <Box pos="relative">
          <LoadingOverlay visible={props.isFetching && Boolean(data)} zIndex={5} overlayProps={{ blur: 1 }} />
          <ScrollRegion label={props.label}>
            <Table
              style={{ minWidth: tableMinWidth(columnCount) }}
              striped
              highlightOnHover
              verticalSpacing="xs"
              aria-label={props.label}
              aria-busy={props.isFetching || undefined}
              data-testid="data-table"
            >
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <HeaderCell
                      key={column.key}
                      column={column}
                      state={state}
                      onSort={(key) => onStateChange(toggleSort(state, key))}
                    />
                  ))}
                  {props.rowActions ? (
                    <Table.Th style={{ textAlign: 'end' }}>{t('reference:table.actions')}</Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{body}</Table.Tbody>
            </Table>
          </ScrollRegion>
          {data && data.items.length === 0 ? (
            <Text c="gray.7" ta="center" py="lg" data-testid="table-empty">
              {state.search.trim() ? t('reference:table.emptySearch') : t('reference:table.empty')}
            </Text>
          ) : null}
        </Box>
      )}

      {data ? (
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <NativeSelect
              label={t('reference:table.rowsPerPage')}
              size="xs"
              data={PAGE_SIZES.map(String)}
              value={String(state.pageSize)}
              onChange={(event) =>
                onStateChange({ ...state, pageSize: Number(event.currentTarget.value), page: 1 })
              }
              styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 } }}
            />
            <Text size="sm" c="gray.7" data-testid="table-range" aria-live="polite">
              {t('reference:table.range', { from: range.from, to: range.to, total })}
            </Text>
          </Group>
          {pages > 1 ? (
            <nav aria-label={t('reference:table.pagination')}>
              <Pagination
                total={pages}
                value={Math.min(state.page, pages)}
                onChange={(page) => onStateChange({ ...state, page })}
                size="sm"
                siblings={1}
                getControlProps={(control) => ({
                  'aria-label': t(`reference:table.${control}Page`),
                })}
                getItemProps={(page) => ({
                  'aria-label': t('reference:table.goToPage', { page }),
                  'aria-current': page === state.page ? 'page' : undefined,
                })}
              />
            </nav>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

function HeaderCell<T>({
  column,
  state,
  onSort,
}: {
  column: DataTableColumn<T>;
  state: ListState;
  onSort: (key: string) => void;
}) {
  const { t } = useTranslation();
  const { sortKey } = column;
  if (!sortKey) {
    return <Table.Th style={{ width: column.width, minWidth: column.minWidth }}>{column.label}</Table.Th>;
  }
  const active = state.sort === sortKey;
  const ariaSort = active ? (state.order === 'asc' ? 'ascending' : 'descending') : 'none';
  const Icon = active ? (state.order === 'asc' ? IconArrowUp : IconArrowDown) : IconArrowsSort;
  return (
    <Table.Th aria-sort={ariaSort} style={{ width: column.width, minWidth: column.minWidth }}>
      <UnstyledButton
        onClick={() => onSort(sortKey)}
        title={t('reference:table.sortBy', { column: column.label })}
        // The header's own size: an unstyled button is drawn at the body size (16 px), and sortable column
        // names stood larger than the others (14 px) in the same row.
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700, fontSize: 'inherit' }}
        data-testid={`sort-${sortKey}`}
      >
        {column.label}
        <Icon size={14} aria-hidden="true" style={{ opacity: active ? 1 : 0.5 }} />
      </UnstyledButton>
    </Table.Th>
  );
}
