import { Box, Group, type MantineColor, Text } from '@mantine/core';
import { chartFigure } from './chart-format.ts';

export interface BarSeries<Key extends string> {
  key: Key;
  label: string;
  /** A theme colour, 'teal.8'. */
  color: MantineColor;
}

/** Four to six round steps from 0 to at least `max` (1, 2 or 5 times a power of ten each). */
export function valueTicks(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((size) => size >= rough) ?? 10 * power;
  const ticks = [0];
  while ((ticks.at(-1) ?? 0) < max) ticks.push(Math.round(((ticks.at(-1) ?? 0) + step) * 1e9) / 1e9);
  return ticks;
}

/**
 * Grouped bars (one group per label, one bar per series) drawn as boxes sized in percent: the same on the server
 * and in the browser, at any width, with nothing to measure or mount. For a chart of a few groups in a page's first
 * screen, where a chart library's mounting is a long task on a phone (docs/adr/0038); the values are the
 * figures of a table beside it, and each bar says its own on hover (title). Decorative for screen readers: the
 * caller gives the box its label.
 */
export function GroupedBarChart<Key extends string>({
  groups,
  series,
  height = 220,
}: {
  groups: readonly { label: string; values: Record<Key, number> }[];
  series: readonly BarSeries<Key>[];
  height?: number;
}) {
  const max = Math.max(0, ...groups.flatMap((group) => series.map((item) => group.values[item.key])));
  const ticks = valueTicks(max);
  const top = ticks.at(-1) ?? 1;
  const labels = ticks.map((tick) => chartFigure(tick));
  // As wide as the longest tick, as the library's axes are ('width: auto').
  const gutter = Math.max(...labels.map((label) => label.length)) * 8 + 8;
  const percent = (value: number) => `${(Math.max(0, value) / top) * 100}%`;
  return (
    <Box data-testid="grouped-bar-chart">
      <Group gap="md" justify="center" mb="xs">
        {series.map((item) => (
          <Group key={item.key} gap={6} wrap="nowrap">
            <Box w={12} h={12} bg={item.color} style={{ borderRadius: 2 }} />
            <Text size="sm">{item.label}</Text>
          </Group>
        ))}
      </Group>
      <Box
        pos="relative"
        h={height}
        ml={gutter}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-4)' }}
      >
        {ticks.map((tick, index) => (
          <Box key={tick} pos="absolute" left={0} right={0} bottom={percent(tick)} h={0}>
            {index > 0 ? <Box style={{ borderTop: '1px dashed var(--mantine-color-gray-3)' }} /> : null}
            <Text
              pos="absolute"
              right="100%"
              top={0}
              pr={8}
              size="xs"
              c="gray.7"
              lh={1}
              style={{ transform: 'translateY(-50%)', whiteSpace: 'nowrap' }}
            >
              {labels[index]}
            </Text>
          </Box>
        ))}
        <Box pos="absolute" inset={0} style={{ display: 'flex', alignItems: 'flex-end' }}>
          {groups.map((group) => (
            <Box
              key={group.label}
              h="100%"
              px="xs"
              style={{ flex: 1, display: 'flex', alignItems: 'flex-end', justifyContent: 'center', gap: 2 }}
            >
              {series.map((item) => (
                <Box
                  key={item.key}
                  data-series={item.key}
                  title={`${item.label}: ${chartFigure(group.values[item.key])}`}
                  h={percent(group.values[item.key])}
                  bg={item.color}
                  style={{ flex: 1, maxWidth: 22, borderRadius: '2px 2px 0 0' }}
                />
              ))}
            </Box>
          ))}
        </Box>
      </Box>
      <Box ml={gutter} style={{ display: 'flex' }}>
        {groups.map((group) => (
          <Text key={group.label} size="xs" c="gray.7" ta="center" pt={4} style={{ flex: 1 }}>
            {group.label}
          </Text>
        ))}
      </Box>
    </Box>
  );
}
