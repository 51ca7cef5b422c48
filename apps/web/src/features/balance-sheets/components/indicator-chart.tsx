import '@mantine/charts/styles.css';
import { type BalanceSheetDetail, Decimal, type TreeLevelNode } from '@excelencia/domain';
import { BarChart } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';
import { useLanguage } from '../../../lib/language-context.ts';
import { chartFigure, valueAxis } from '../../../ui/chart-format.ts';
import { useTranslate } from '../../../ui/use-translate.ts';

const COLORS = ['blue.9', 'teal.9', 'orange.9', 'grape.9', 'red.9'];

/**
 * The headings of one statement across the chosen periods, as grouped bars (loaded lazily with Mantine charts).
 * Amounts become numbers here only to draw them; ticks and tooltips are written by chartFigure (formatNumber).
 */
export function IndicatorChart({
  tree,
  sheets,
  statement,
}: {
  tree: TreeLevelNode[];
  sheets: readonly BalanceSheetDetail[];
  statement: 'balance' | 'income';
}) {
  const t = useTranslate();
  const language = useLanguage();
  const headings = tree.filter((heading) => heading.statement === statement);
  const series = headings.map((heading, index) => ({
    name: heading.code,
    label: heading.description[language] || heading.code,
    color: COLORS[index % COLORS.length] ?? 'blue.9',
  }));
  const data = sheets.map((sheet) => {
    const row: Record<string, string | number> = { period: sheet.tag || sheet.startDate };
    for (const heading of headings) {
      const value = Decimal.tryFromString(sheet.values[heading.code] ?? '');
      row[heading.code] = value ? value.toNumber() : 0;
    }
    return row;
  });
  return (
    <Stack gap={4} data-testid="bs-chart">
      <Text size="sm" fw={600}>
        {t('balanceSheetsWeb:views.chart')}
      </Text>
      <BarChart
        h={240}
        data={data}
        dataKey="period"
        series={series}
        withLegend
        valueFormatter={chartFigure}
        yAxisProps={valueAxis('y')}
      />
    </Stack>
  );
}
