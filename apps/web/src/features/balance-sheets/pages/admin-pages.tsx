import { type AdminBalanceSheetItem, formatDisplayDate, taggedPeriodLabel } from '@excelencia/domain';
import {
  Alert,
  Button,
  Drawer,
  Group,
  Loader,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { API_BASE, ApiError } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/language-context.ts';
import { DataTable, type DataTableColumn } from '../../../ui/data-table/data-table.tsx';
import { initialListState, type ListState, listQueryString } from '../../../ui/data-table/list-state.ts';
import { PeriodText } from '../../../ui/period-text.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { CompanyPicker } from '../../companies/components/company-picker.tsx';
import { toSelectOptions, usePublicOptions } from '../../companies/options.ts';
import { fetchAdminSheets } from '../api.ts';
import { adminSavedSheetLinks } from '../components/saved-sheet.tsx';
import { StatementTable } from '../components/views.tsx';
import { sheetKeys, useBalanceTreeQuery, useComparisonQuery, useSheetsQuery } from '../queries.ts';
import { BalanceSheetWorkspace } from './balance-sheet-page.tsx';
import { CompanySheetsView } from './company-pages.tsx';

/** The company of a filter or an entry: any company, searched by name or NIF as the admin types. */
function CompanySelect({
  value,
  onChange,
  label,
  clearable = false,
}: {
  value: string;
  onChange: (id: string) => void;
  label?: string;
  clearable?: boolean;
}) {
  const t = useTranslate();
  return (
    <CompanyPicker
      label={label ?? t('balanceSheetsWeb:admin.chooseCompany')}
      value={value}
      onChange={onChange}
      clearable={clearable}
      testId="bs-company-select"
    />
  );
}

/** /:lang/admin/balance-sheets: every company's sheets (filters, export); a row opens that company's views. */
export function AdminBalanceSheetsPage() {
  const t = useTranslate();
  const language = useLanguage();
  // ?company= (the link after a sheet is saved for a company) starts the list filtered on that company.
  const [params] = useSearchParams();
  const [state, setState] = useState<ListState>(() => {
    const initial = initialListState();
    const companyId = params.get('company');
    return companyId ? { ...initial, filters: { companyId } } : initial;
  });
  const onStateChange = useCallback((next: ListState) => setState(next), []);
  const [open, setOpen] = useState<{ companyId: string; name: string } | null>(null);
  const [tab, setTab] = useState<string | null>('balances');
  const islands = usePublicOptions('islands', language);
  const list = useQuery({
    queryKey: sheetKeys.adminList(state),
    queryFn: ({ signal }) => fetchAdminSheets(listQueryString(state), signal),
    placeholderData: keepPreviousData,
  });
  const filter = (name: string) => ({
    value: state.filters[name] ?? '',
    onChange: (value: string) =>
      setState({ ...state, page: 1, filters: { ...state.filters, [name]: value } }),
  });
  const year = new Date().getFullYear();
  const columns: DataTableColumn<AdminBalanceSheetItem>[] = [
    {
      key: 'company',
      label: t('balanceSheetsWeb:list.company'),
      render: (row) => `${row.companyName} (${row.nif})`,
    },
    {
      key: 'period',
      label: t('balanceSheetsWeb:list.period'),
      render: (row) => <PeriodText startDate={row.startDate} endDate={row.endDate} language={language} />,
    },
    {
      key: 'frequency',
      label: t('balanceSheetsWeb:list.frequency'),
      render: (row) => t(`balanceSheets:frequencies.${row.typeFrequence}`),
    },
    { key: 'tag', label: t('balanceSheetsWeb:list.tag'), render: (row) => row.tag },
    {
      key: 'dateInsert',
      label: t('balanceSheetsWeb:list.inserted'),
      render: (row) => formatDisplayDate(row.dateInsert, language),
    },
    {
      key: 'source',
      label: t('balanceSheetsWeb:list.source'),
      render: (row) => t(`balanceSheets:sources.${row.source}`),
    },
  ];
  return (
    <Stack gap="lg">
      <DataTable
        label={t('balanceSheetsWeb:admin.title')}
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        data={list.data}
        isFetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        exportPath={`${API_BASE}/balance-sheets/export`}
        exportName="balancetes.xlsx"
        searchPlaceholder={t('balanceSheetsWeb:admin.searchPlaceholder')}
        rowActions={(row) => (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => setOpen({ companyId: row.companyId, name: row.companyName })}
            data-testid="bs-admin-open"
          >
            {t('balanceSheetsWeb:list.open')}
          </Button>
        )}
        toolbar={
          <>
            <CompanySelect {...filter('companyId')} clearable />
            <NativeSelect
              label={t('balanceSheetsWeb:admin.island')}
              data={[
                { value: '', label: t('balanceSheetsWeb:admin.allIslands') },
                ...toSelectOptions(islands.data),
              ]}
              {...filter('islandId')}
              onChange={(event) => filter('islandId').onChange(event.currentTarget.value)}
              w={{ base: '100%', xs: 160 }}
            />
            <NativeSelect
              label={t('balanceSheetsWeb:list.frequency')}
              data={[
                { value: '', label: t('balanceSheetsWeb:admin.allFrequencies') },
                ...['monthly', 'quarterly', 'semiannual', 'annual'].map((value) => ({
                  value,
                  label: t(`balanceSheets:frequencies.${value}`),
                })),
              ]}
              {...filter('frequency')}
              onChange={(event) => filter('frequency').onChange(event.currentTarget.value)}
              w={{ base: '100%', xs: 150 }}
            />
            <NativeSelect
              label={t('balanceSheetsWeb:admin.year')}
              data={[
                { value: '', label: t('balanceSheetsWeb:admin.allYears') },
                ...Array.from({ length: 8 }, (_, i) => String(year - i)),
              ]}
              {...filter('year')}
              onChange={(event) => filter('year').onChange(event.currentTarget.value)}
              w={{ base: '100%', xs: 110 }}
            />
          </>
        }
      />
      {/* The company's views open where the admin looks, over the list (they used to render below it, off screen). */}
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="min(1100px, 100%)"
        title={
          <Text fw={700} size="lg" component="span">
            {open?.name}
          </Text>
        }
        closeButtonProps={{ 'aria-label': t('common:close') }}
        data-testid="bs-admin-drawer"
      >
        {open ? (
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="balances">{t('shell:menu.items.balances')}</Tabs.Tab>
              <Tabs.Tab value="demonstrations">{t('shell:menu.items.demonstrations')}</Tabs.Tab>
              <Tabs.Tab value="others">{t('shell:menu.items.others')}</Tabs.Tab>
            </Tabs.List>
            {(['balances', 'demonstrations', 'others'] as const).map((mode) => (
              <Tabs.Panel key={mode} value={mode}>
                <CompanySheetsView
                  key={open.companyId}
                  companyId={open.companyId}
                  mode={mode}
                  editPath={`/admin/balance-data-entry?company=${encodeURIComponent(open.companyId)}`}
                />
              </Tabs.Panel>
            ))}
          </Tabs>
        ) : null}
      </Drawer>
    </Stack>
  );
}

/** /:lang/admin/balance-data-entry: an admin enters or corrects a sheet on a company's behalf. */
export function AdminDataEntryPage() {
  const t = useTranslate();
  const [params, setParams] = useSearchParams();
  const companyId = params.get('company') ?? '';
  const setCompanyId = (id: string) => setParams(id ? { company: id } : {});
  return (
    <Stack gap="md">
      <CompanySelect value={companyId} onChange={setCompanyId} label={t('balanceSheetsWeb:admin.entryFor')} />
      {companyId ? (
        <BalanceSheetWorkspace key={companyId} companyId={companyId} links={adminSavedSheetLinks} />
      ) : null}
    </Stack>
  );
}

function SheetPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: { companyId: string; sheetId: string };
  onChange: (next: { companyId: string; sheetId: string }) => void;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const sheets = useSheetsQuery(value.companyId || null);
  return (
    <Stack gap="xs">
      <Text fw={700}>{label}</Text>
      <CompanySelect value={value.companyId} onChange={(companyId) => onChange({ companyId, sheetId: '' })} />
      <NativeSelect
        label={t('balanceSheetsWeb:views.sheet')}
        data={[
          { value: '', label: t('balanceSheetsWeb:admin.chooseSheet') },
          ...(sheets.data ?? []).map((sheet) => ({
            value: sheet.id,
            label: taggedPeriodLabel(sheet, language),
          })),
        ]}
        value={value.sheetId}
        onChange={(event) => onChange({ ...value, sheetId: event.currentTarget.value })}
        disabled={!value.companyId}
      />
    </Stack>
  );
}

/** /:lang/admin/balance-comparator: two sheets (two periods or two companies) side by side with differences. */
export function AdminComparatorPage() {
  const t = useTranslate();
  const tree = useBalanceTreeQuery();
  const [left, setLeft] = useState({ companyId: '', sheetId: '' });
  const [right, setRight] = useState({ companyId: '', sheetId: '' });
  const [statement, setStatement] = useState<'balance' | 'income'>('balance');
  const comparison = useComparisonQuery(left.sheetId, right.sheetId);
  const differences = useMemo(
    () => Object.fromEntries((comparison.data?.rows ?? []).map((row) => [row.code, row.difference])),
    [comparison.data],
  );
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={900}>
        <SheetPicker label={t('balanceSheetsWeb:admin.left')} value={left} onChange={setLeft} />
        <SheetPicker label={t('balanceSheetsWeb:admin.right')} value={right} onChange={setRight} />
      </SimpleGrid>
      <Group>
        <SegmentedControl
          value={statement}
          onChange={(next) => setStatement(next === 'income' ? 'income' : 'balance')}
          data={[
            { value: 'balance', label: t('balanceSheetsWeb:views.balanceSheet') },
            { value: 'income', label: t('balanceSheetsWeb:views.incomeStatement') },
          ]}
        />
      </Group>
      {tree.isError ? <Alert color="red.9">{t('balanceSheetsWeb:entry.loadTreeFailed')}</Alert> : null}
      {comparison.isError ? (
        <Alert color="red.9" role="alert">
          {comparison.error instanceof ApiError ? comparison.error.message : t('common:anErrorOccurred')}
        </Alert>
      ) : null}
      {comparison.data && tree.data ? (
        <StatementTable
          tree={tree.data}
          sheets={[comparison.data.left, comparison.data.right]}
          statement={statement}
          differences={differences}
          label={t('balanceSheetsWeb:admin.comparator')}
        />
      ) : left.sheetId && right.sheetId && !comparison.isError ? (
        <Loader size="sm" aria-label={t('common:loading')} />
      ) : (
        <Text c="gray.7">{t('balanceSheetsWeb:admin.chooseTwo')}</Text>
      )}
    </Stack>
  );
}
