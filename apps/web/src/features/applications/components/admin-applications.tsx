import { APPLICATION_STATUSES, type ApplicationSummary, localized } from '@excelencia/domain';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Drawer,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconFileSearch } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { API_BASE } from '../../../lib/api-client.ts';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { DataTable, type DataTableColumn } from '../../../ui/data-table/data-table.tsx';
import { initialListState, type ListState, listQueryString } from '../../../ui/data-table/list-state.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { toSelectOptions, usePublicOptions } from '../../companies/options.ts';
import { AppealStatusBadge } from '../appeals/appeal-parts.tsx';
import { useAppealsQuery } from '../appeals/queries.ts';
import { useAdminApplicationsQuery, useCurrentEditionQuery, useEditionsQuery } from '../queries.ts';
import { ApplicationStatusBadge, YesNo } from './admin-badges.tsx';
import { EditionPicker, useEditionParam } from './admin-edition-picker.tsx';
import { RenewalBadge } from './renewal-badge.tsx';
import { shortDate } from './results-format.ts';

/** The evaluation drawer's content (documents, decision, history, messages, appeal) loads when one is opened. */
const AdminApplicationDetail = lazy(() =>
  import('./admin-application-detail.tsx').then((module) => ({ default: module.AdminApplicationDetail })),
);

function FilterSelect({
  label,
  allLabel,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  /** 'All' in the gender of the filter's noun (pt Ilha: Todas, Estado: Todos). */
  allLabel: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <NativeSelect
      label={label}
      data={[{ value: '', label: allLabel }, ...options]}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: '100%', xs: 150 }}
      data-testid={testId}
    />
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /admin/application: the applications of one edition (the current one by default) with filters by status,
 * completeness, renewal, pending appeal, island and CAE section and a search by company or NIF; one opens in a drawer beside the
 * list (a renewal carries its badge).
 */
export function ApplicationsPanel() {
  const t = useTranslate();
  const language = useLanguage();
  const localePath = useLocalePath();
  const editions = useEditionsQuery();
  const current = useCurrentEditionQuery();
  const [edition, selectEdition] = useEditionParam(editions.data, current.data?.id ?? null);
  const [state, setState] = useState<ListState>(() => initialListState('submittedAt', 'desc'));
  const onStateChange = useCallback((next: ListState) => setState(next), []);
  // ?application=<id> (the link of a company's message mailed to the evaluators) opens that application.
  const [searchParams] = useSearchParams();
  const [openId, setOpenId] = useState<string | null>(() => {
    const linked = searchParams.get('application');
    return linked && UUID.test(linked) ? linked : null;
  });
  const islands = usePublicOptions('islands', language);
  const sections = usePublicOptions('cae-sections', language);
  // The edition is a filter of the list like the others, so the export takes it with them.
  const listState: ListState = { ...state, filters: { ...state.filters, editionId: edition?.id ?? '' } };
  const query = listQueryString(listState);
  const list = useAdminApplicationsQuery(query, Boolean(edition));
  // An appealed application carries its appeal's badge (docs/adr/0031-appeals.md).
  const appeals = useAppealsQuery({ editionId: edition?.id }, Boolean(edition?.resultsPublishedAt));
  const appealOf = new Map((appeals.data ?? []).map((appeal) => [appeal.applicationId, appeal]));

  const filter = (name: string) => ({
    value: state.filters[name] ?? '',
    onChange: (value: string) =>
      setState({ ...state, page: 1, filters: { ...state.filters, [name]: value } }),
  });

  if (editions.isError && !editions.data) {
    return (
      <Alert color="red.9" variant="light" role="alert" title={t('applicationsAdmin:loadFailed')}>
        <Button size="compact-sm" variant="light" color="red.9" onClick={() => void editions.refetch()}>
          {t('applicationsAdmin:retry')}
        </Button>
      </Alert>
    );
  }
  if (!editions.data || (current.isPending && !current.isError)) {
    return <Skeleton height={36} maw={300} data-testid="applications-loading" />;
  }
  if (!edition) {
    return (
      <Alert color="brand" variant="light" data-testid="applications-no-edition">
        <Stack gap={6} align="flex-start">
          <Text size="sm">{t('applicationsAdmin:picker.none')}</Text>
          <Anchor component={Link} to={localePath('/admin/diagnosis-config')} size="sm">
            {t('applicationsAdmin:picker.createOne')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }

  const columns: DataTableColumn<ApplicationSummary>[] = [
    {
      key: 'companyName',
      label: t('applicationsAdmin:list.columns.company'),
      sortKey: 'companyName',
      render: (row) => (
        <>
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            ta="start"
            onClick={() => setOpenId(row.id)}
            data-testid="application-company"
          >
            {row.companyName}
          </Anchor>
          {row.isRenewal ? <RenewalBadge /> : null}
          {appealOf.has(row.id) ? (
            <AppealStatusBadge appeal={appealOf.get(row.id) ?? { status: 'pending' }} />
          ) : null}
        </>
      ),
    },
    { key: 'nif', label: t('applicationsAdmin:list.columns.nif'), sortKey: 'nif', render: (row) => row.nif },
    {
      key: 'island',
      label: t('applicationsAdmin:list.columns.island'),
      render: (row) => localized(row.island, language),
    },
    {
      key: 'section',
      label: t('applicationsAdmin:list.columns.section'),
      render: (row) =>
        row.section ? (
          <Tooltip label={localized(row.section.description, language)}>
            <span>{row.section.code}</span>
          </Tooltip>
        ) : (
          ''
        ),
    },
    {
      key: 'status',
      label: t('applicationsAdmin:list.columns.status'),
      sortKey: 'status',
      render: (row) => <ApplicationStatusBadge status={row.status} />,
    },
    {
      key: 'complete',
      label: t('applicationsAdmin:list.columns.complete'),
      render: (row) => <YesNo value={row.complete} />,
    },
    {
      key: 'eligible',
      label: t('applicationsAdmin:list.columns.eligible'),
      render: (row) => <YesNo value={row.eligible} />,
    },
    {
      key: 'submittedAt',
      label: t('applicationsAdmin:list.columns.submittedAt'),
      sortKey: 'submittedAt',
      render: (row) =>
        row.submittedAt ? (
          <span style={{ whiteSpace: 'nowrap' }}>{shortDate(row.submittedAt, language)}</span>
        ) : (
          <Text span size="sm" c="gray.7">
            {t('applicationsAdmin:list.notSubmitted')}
          </Text>
        ),
    },
    {
      key: 'confirmed',
      label: t('applicationsAdmin:list.columns.confirmed'),
      render: (row) => (row.decidedAt ? <YesNo value={row.confirmed} /> : t('applicationsAdmin:dash')),
    },
  ];

  return (
    <Stack gap="md">
      <EditionPicker
        editions={editions.data}
        value={edition.id}
        currentId={current.data?.id ?? null}
        onChange={(id) => {
          selectEdition(id);
          setState((previous) => ({ ...previous, page: 1 }));
        }}
      />
      <DataTable
        label={t('shell:menu.items.applicationList')}
        columns={columns}
        state={listState}
        onStateChange={onStateChange}
        data={list.data}
        isFetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        searchPlaceholder={t('applicationsAdmin:list.searchPlaceholder')}
        exportPath={`${API_BASE}/applications/export`}
        exportName="applications.xlsx"
        toolbar={
          <>
            <FilterSelect
              label={t('applicationsAdmin:list.filters.status')}
              allLabel={t('applicationsAdmin:list.filters.allStatuses')}
              options={APPLICATION_STATUSES.map((status) => ({
                value: status,
                label: t(`applications:statuses.${status}`),
              }))}
              testId="filter-status"
              {...filter('status')}
            />
            <FilterSelect
              label={t('applicationsAdmin:list.filters.complete')}
              allLabel={t('applicationsAdmin:list.filters.allComplete')}
              options={[
                { value: 'true', label: t('applicationsAdmin:list.filters.completeYes') },
                { value: 'false', label: t('applicationsAdmin:list.filters.completeNo') },
              ]}
              testId="filter-complete"
              {...filter('complete')}
            />
            <FilterSelect
              label={t('applicationsAdmin:list.filters.renewal')}
              allLabel={t('applicationsAdmin:list.filters.allRenewal')}
              options={[
                { value: 'true', label: t('applicationsAdmin:list.filters.renewalYes') },
                { value: 'false', label: t('applicationsAdmin:list.filters.renewalNo') },
              ]}
              testId="filter-renewal"
              {...filter('renewal')}
            />
            <FilterSelect
              label={t('appeals:admin.filter')}
              allLabel={t('appeals:admin.filterAny')}
              options={[{ value: 'pending', label: t('appeals:admin.filterPending') }]}
              testId="filter-appeal"
              {...filter('appeal')}
            />
            <FilterSelect
              label={t('applicationsAdmin:list.filters.island')}
              allLabel={t('applicationsAdmin:list.filters.allIslands')}
              options={toSelectOptions(islands.data)}
              testId="filter-island"
              {...filter('islandId')}
            />
            <FilterSelect
              label={t('applicationsAdmin:list.filters.section')}
              allLabel={t('applicationsAdmin:list.filters.allSections')}
              options={toSelectOptions(sections.data)}
              testId="filter-section"
              {...filter('sectionId')}
            />
          </>
        }
        rowActions={(row) => (
          <Tooltip label={t('applicationsAdmin:list.open')}>
            <ActionIcon
              variant="subtle"
              onClick={() => setOpenId(row.id)}
              aria-label={t('applicationsAdmin:list.openAria', { company: row.companyName })}
              data-testid="application-open"
            >
              <IconFileSearch size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        )}
      />
      <Drawer.Root opened={openId !== null} onClose={() => setOpenId(null)} position="right" size="xl">
        <Drawer.Overlay />
        <Drawer.Content>
          {openId ? (
            <Suspense fallback={<Skeleton h={240} m="md" />}>
              <AdminApplicationDetail id={openId} />
            </Suspense>
          ) : null}
        </Drawer.Content>
      </Drawer.Root>
    </Stack>
  );
}
