import {
  type IndicatorSeries,
  localized,
  PERIOD_FREQUENCIES,
  type PeriodFrequency,
  targetText,
} from '@excelencia/domain';
import {
  Alert,
  Box,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { lazy, memo, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { useSignedIn } from '../../../lib/signed-in-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { WhenVisible } from '../../../ui/when-visible.tsx';
import { indicatorChartData, seriesGroups, typeHeading, valueText } from '../diagnosis-format.ts';
import { useIndicatorSeriesQuery } from '../queries.ts';

const IndicatorLineChart = lazy(() =>
  import('../components/indicator-line-chart.tsx').then((module) => ({ default: module.IndicatorLineChart })),
);

type SeriesCriterion = IndicatorSeries['criteria'][number];

/** The height of an indicator's chart, kept by its box before it is drawn. */
const CHART_HEIGHT = 200;

/**
 * One indicator's line over the periods, or the 'not enough data' text when fewer than two points are computable.
 * The chart is drawn once its box nears the viewport (25 charts at once kept a phone busy for seconds); the list
 * of values for screen readers is there from the start.
 */
const IndicatorPanel = memo(function IndicatorPanel({
  series,
  criterion,
}: {
  series: IndicatorSeries;
  criterion: SeriesCriterion;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const chart = useMemo(() => indicatorChartData(series, criterion, language), [series, criterion, language]);
  const name = localized(criterion.description, language);
  const headingId = `dg-series-${criterion.id}`;
  const target = targetText(criterion.target);
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={headingId}
      data-testid="dg-series"
      data-code={criterion.code}
    >
      <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
        <Text span c="gray.7" fw={700}>
          {criterion.code}
        </Text>
        {/* A real space: without it the code and the name are one word, cut anywhere ('Cobertur' / 'a'). */}{' '}
        {name}
      </Title>
      <Text size="sm" c="gray.7" mb="xs">
        {t('diagnosisWeb:indicators.target')}
        {t('common:colon')} {target}
      </Text>
      {chart.canDraw ? (
        <>
          <Box aria-hidden="true" data-testid="dg-series-chart">
            <WhenVisible height={CHART_HEIGHT}>
              <Suspense fallback={<Box h={CHART_HEIGHT} />}>
                <IndicatorLineChart
                  chart={chart}
                  criterionTarget={criterion.target}
                  valueLabel={t('diagnosisWeb:indicators.value')}
                  targetLabel={`${t('diagnosisWeb:indicators.target')} ${target}`}
                />
              </Suspense>
            </WhenVisible>
          </Box>
          <VisuallyHidden>
            <ul aria-label={t('diagnosisWeb:indicators.chartLabel', { name })}>
              {series.points.map((point, index) => (
                <li key={point.balanceSheetId}>
                  {chart.data[index]?.period}:{' '}
                  {valueText(point.values[criterion.code], criterion.target) || '—'}
                </li>
              ))}
            </ul>
          </VisuallyHidden>
        </>
      ) : (
        <Text c="gray.7" data-testid="dg-not-enough-data">
          {t('diagnosisWeb:indicators.notEnoughData')}
        </Text>
      )}
    </Paper>
  );
});

function IndicatorsView({ companyId }: { companyId: string }) {
  const t = useTranslate();
  const language = useLanguage();
  const [frequency, setFrequency] = useState<PeriodFrequency>('annual');
  const series = useIndicatorSeriesQuery(companyId, frequency);
  let body: ReactNode;
  if (series.isError) body = <Alert color="red.9">{t('diagnosisWeb:loadFailed')}</Alert>;
  else if (!series.data) body = <Text c="gray.7">{t('diagnosisWeb:loading')}</Text>;
  else if (series.data.points.length === 0)
    body = <Text c="gray.7">{t('diagnosisWeb:indicators.empty')}</Text>;
  else {
    const data = series.data;
    body = seriesGroups(data).map((group) => (
      <section
        key={group.code}
        aria-labelledby={`dg-series-type-${group.code}`}
        data-testid="dg-series-group"
      >
        <Title order={2} size="h4" mb="sm" id={`dg-series-type-${group.code}`}>
          {typeHeading(group.code, t, language)}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {group.criteria.map((criterion) => (
            <IndicatorPanel key={criterion.id} series={data} criterion={criterion} />
          ))}
        </SimpleGrid>
      </section>
    ));
  }
  return (
    <Stack gap="lg">
      <NativeSelect
        label={t('diagnosisWeb:indicators.frequency')}
        data={PERIOD_FREQUENCIES.map((value) => ({ value, label: t(`balanceSheets:frequencies.${value}`) }))}
        value={frequency}
        onChange={(event) => setFrequency(event.currentTarget.value as PeriodFrequency)}
        w={{ base: '100%', xs: 240 }}
        data-testid="dg-frequency"
      />
      {body}
    </Stack>
  );
}

/** /:lang/company/statistic: the selected company's indicators over its periods, one line chart each. */
export function IndicatorsPage() {
  const t = useTranslate();
  const companyId = useSignedIn().selectedCompany?.id ?? null;
  if (!companyId) return <Text>{t('diagnosisWeb:noCompany')}</Text>;
  return <IndicatorsView key={companyId} companyId={companyId} />;
}
