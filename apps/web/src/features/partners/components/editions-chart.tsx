import { GroupedBarChart } from '../../../ui/grouped-bar-chart.tsx';

export interface EditionBar {
  label: string;
  assisted: number;
  registered: number;
  applied: number;
  distinguished: number;
}

/**
 * The partner dashboard's bars by edition; the table below holds the figures. Drawn with the page (a few editions,
 * in its first screen), not by the chart library (docs/adr/0038).
 */
export function EditionsChart({
  editions,
  labels,
}: {
  editions: readonly EditionBar[];
  labels: Record<'assisted' | 'registered' | 'applied' | 'distinguished', string>;
}) {
  return (
    <GroupedBarChart
      height={220}
      groups={editions.map(({ label, ...values }) => ({ label, values }))}
      series={[
        { key: 'assisted', label: labels.assisted, color: 'brand.7' },
        { key: 'registered', label: labels.registered, color: 'blue.8' },
        { key: 'applied', label: labels.applied, color: 'orange.8' },
        { key: 'distinguished', label: labels.distinguished, color: 'teal.8' },
      ]}
    />
  );
}
