import {
  type DisplayTarget,
  type DistributionRow,
  formatNumber,
  localized,
  PERIOD_FREQUENCIES,
  type PeriodFrequency,
  STATISTIC_DIMENSIONS,
  type StatisticDimension,
  targetText,
} from '@excelencia/domain';
import {
  Alert,
  Box,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { ExportButton } from '../../../ui/data-table/export-button.tsx';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { toSelectOptions, usePublicOptions, useReferenceOptions } from '../../companies/options.ts';
import { useActiveCriteriaQuery } from '../../reference/queries.ts';
import { INITIAL_STATISTICS_FILTERS, type StatisticsFilters, statisticsExportPath } from '../api.ts';
import {
  groupLabel,
  medianChartData,
  shareText,
  statisticsCriterionOptions,
  valueText,
} from '../diagnosis-format.ts';
import { useIndicatorStatisticsQuery } from '../queries.ts';

const MedianBarChart = lazy(() =>
  import('../components/median-bar-chart.tsx').then((module) => ({ default: module.MedianBarChart })),
);

const NUMERIC = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function DistributionCells({ row, target }: { row: DistributionRow; target: DisplayTarget }) {
  return (
    <>
      <Table.Td style={NUMERIC}>{formatNumber(row.companies)}</Table.Td>
      <Table.Td style={NUMERIC}>{valueText(row.p25, target)}</Table.Td>
      <Table.Td style={NUMERIC}>{valueText(row.median, target)}</Table.Td>
      <Table.Td style={NUMERIC}>{valueText(row.p75, target)}</Table.Td>
      <Table.Td style={NUMERIC}>{shareText(row.shareMeetingTarget)}</Table.Td>
    </>
  );
}

/** /:lang/admin/statistic: one indicator's distribution across companies by island, CAE section or size. */
export function AdminStatisticsPage() {
  const t = useTranslate();
  const language = useLanguage();
  const [filters, setFilters] = useState<StatisticsFilters>(INITIAL_STATISTICS_FILTERS);
  const statistics = useIndicatorStatisticsQuery(filters);
  const criteria = useActiveCriteriaQuery();
  const islands = usePublicOptions('islands', language);
  const sections = usePublicOptions('cae-sections', language);
  const ranges = useReferenceOptions('employee-ranges', language);
  const data = statistics.data;
  const set = (name: keyof StatisticsFilters) => (event: React.ChangeEvent<HTMLSelectElement>) =>
    setFilters({ ...filters, [name]: event.currentTarget.value });
  const all = { value: '', label: t('diagnosis:export.all') };

  let body: ReactNode;
  if (statistics.isError && !data) {
    body = (
      <Alert color="red.9" variant="light" role="alert" title={t('diagnosisWeb:loadFailed')}>
        <Button size="compact-sm" variant="light" color="red.9" onClick={() => void statistics.refetch()}>
          {t('diagnosisWeb:retry')}
        </Button>
      </Alert>
    );
  } else if (!data) {
    body = <Text c="gray.7">{t('diagnosisWeb:loading')}</Text>;
  } else if (!data.criterion) {
    body = <Text c="gray.7">{t('diagnosisWeb:statistics.noCriterion')}</Text>;
  } else {
    const criterion = data.criterion;
    const dimension = t(`diagnosis:dimensions.${data.groupBy}`);
    const bars = medianChartData(data.groups, t, language);
    const target = targetText(criterion.target);
    body = (
      <Stack gap="md" aria-busy={statistics.isFetching || undefined}>
        <Title order={2} size="h3" data-testid="dg-stats-title" style={{ overflowWrap: 'anywhere' }}>
          {`${criterion.code} — ${localized(criterion.description, language)}`}
        </Title>
        <Text c="gray.7">
          {t('diagnosis:export.target')}
          {t('common:colon')} {target}
        </Text>
        <ScrollRegion label={t('diagnosisWeb:statistics.tableLabel')}>
          <Table
            striped
            verticalSpacing="xs"
            miw={620}
            captionSide="top"
            styles={{ caption: { color: 'var(--mantine-color-gray-7)', textAlign: 'start' } }}
            data-testid="dg-stats-table"
          >
            <Table.Caption>{t('diagnosis:export.statistics', { dimension })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{dimension}</Table.Th>
                <Table.Th style={NUMERIC}>{t('diagnosis:export.companies')}</Table.Th>
                <Table.Th style={NUMERIC}>{t('diagnosis:export.p25')}</Table.Th>
                <Table.Th style={NUMERIC}>{t('diagnosis:export.median')}</Table.Th>
                <Table.Th style={NUMERIC}>{t('diagnosis:export.p75')}</Table.Th>
                <Table.Th style={NUMERIC}>{t('diagnosis:export.share')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.groups.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="gray.7" ta="center">
                      {t('diagnosisWeb:statistics.noData')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {data.groups.map((row) => (
                <Table.Tr key={row.key ?? 'none'} data-testid="dg-stats-row">
                  <Table.Th scope="row" fw={400}>
                    {groupLabel(row, t, language)}
                  </Table.Th>
                  <DistributionCells row={row} target={criterion.target} />
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr data-testid="dg-stats-overall" style={{ fontWeight: 700 }}>
                <Table.Th scope="row">{t('diagnosisWeb:statistics.overall')}</Table.Th>
                <DistributionCells row={data.overall} target={criterion.target} />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </ScrollRegion>
        {bars.length > 0 ? (
          <Box>
            <Title order={3} size="h4" mb="xs">
              {t('diagnosisWeb:statistics.chart')}
            </Title>
            <Box aria-hidden="true" data-testid="dg-stats-chart">
              <Suspense fallback={<Box h={260} />}>
                <MedianBarChart
                  data={bars}
                  criterionTarget={criterion.target}
                  medianLabel={t('diagnosis:export.median')}
                  targetLabel={t('diagnosisWeb:statistics.targetLine', { target })}
                />
              </Suspense>
            </Box>
          </Box>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <NativeSelect
          label={t('diagnosisWeb:statistics.criterion')}
          data={statisticsCriterionOptions(criteria.data ?? [], language)}
          value={filters.criterionId || data?.criterion?.id || ''}
          onChange={set('criterionId')}
          data-testid="dg-stats-criterion"
        />
        <NativeSelect
          label={t('diagnosisWeb:statistics.groupBy')}
          data={STATISTIC_DIMENSIONS.map((value) => ({ value, label: t(`diagnosis:dimensions.${value}`) }))}
          value={filters.groupBy}
          onChange={(event) =>
            setFilters({ ...filters, groupBy: event.currentTarget.value as StatisticDimension })
          }
          data-testid="dg-stats-group-by"
        />
        <NativeSelect
          label={t('diagnosisWeb:statistics.frequency')}
          data={PERIOD_FREQUENCIES.map((value) => ({
            value,
            label: t(`balanceSheets:frequencies.${value}`),
          }))}
          value={filters.frequency}
          onChange={(event) =>
            setFilters({ ...filters, frequency: event.currentTarget.value as PeriodFrequency, year: '' })
          }
          data-testid="dg-stats-frequency"
        />
        <NativeSelect
          label={t('diagnosisWeb:statistics.year')}
          // Without a year the server shows the newest one with values; the select shows which.
          data={
            data?.years.length
              ? data.years.map((year) => String(year))
              : [{ value: '', label: t('diagnosisWeb:statistics.noYear') }]
          }
          value={filters.year || (data?.year ? String(data.year) : '')}
          onChange={set('year')}
          data-testid="dg-stats-year"
        />
        <NativeSelect
          label={t('diagnosis:dimensions.island')}
          data={[all, ...toSelectOptions(islands.data)]}
          value={filters.islandId}
          onChange={set('islandId')}
        />
        <NativeSelect
          label={t('diagnosis:dimensions.caeSection')}
          data={[all, ...toSelectOptions(sections.data)]}
          value={filters.caeSectionId}
          onChange={set('caeSectionId')}
        />
        <NativeSelect
          label={t('diagnosis:dimensions.employeeRange')}
          data={[{ value: '', label: t('diagnosis:export.allRanges') }, ...toSelectOptions(ranges.data)]}
          value={filters.employeeRangeId}
          onChange={set('employeeRangeId')}
        />
        <Group align="flex-end">
          <ExportButton href={statisticsExportPath(filters)} fallbackName="indicadores.xlsx" />
        </Group>
      </SimpleGrid>
      {body}
    </Stack>
  );
}
