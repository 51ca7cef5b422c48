import { ESG_PILLARS, type EsgScores, type EsgSectorComparison } from '@excelencia/domain';
import { Skeleton, Stack, Table, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { percentText } from './esg-format.ts';

const EsgScoresChart = lazy(() =>
  import('./esg-scores-chart.tsx').then((module) => ({ default: module.EsgScoresChart })),
);

const NUMERIC = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/** The median column wraps: its 'fewer than 5 companies' note is long on a phone. */
const MEDIAN = { textAlign: 'end', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The scores per pillar and overall, each with the sector median beside it when at least five companies of the
 * CAE section answered (else the reason it is missing): a chart, then the same figures as a table.
 */
export function EsgScoresView({ scores, sector }: { scores: EsgScores; sector: EsgSectorComparison | null }) {
  const t = useTranslate();
  const rows = [
    ...ESG_PILLARS.map((pillar) => ({
      key: pillar,
      label: t(`esg:pillars.${pillar}`),
      score: scores.pillars.find((p) => p.pillar === pillar)?.percent ?? null,
      median: sector?.pillars.find((p) => p.pillar === pillar)?.median ?? null,
    })),
    {
      key: 'overall',
      label: t('esg:scores.overall'),
      score: scores.overall.percent,
      median: sector?.overall ?? null,
    },
  ];
  return (
    <Stack gap="sm" data-testid="esg-scores">
      <Suspense fallback={<Skeleton h={220} />}>
        <div aria-hidden="true">
          <EsgScoresChart
            rows={rows.map((row) => ({
              label: row.label,
              score: row.score,
              median: row.median?.median ?? null,
            }))}
            labels={{ score: t('esg:scores.score'), median: t('esg:scores.sectorMedian') }}
          />
        </div>
      </Suspense>
      <ScrollRegion label={t('esg:scores.title')}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('esg:scores.pillar')}</Table.Th>
              <Table.Th style={NUMERIC}>{t('esg:scores.score')}</Table.Th>
              <Table.Th style={MEDIAN}>{t('esg:scores.sectorMedian')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={row.key}
                data-testid={`esg-score-${row.key}`}
                fw={row.key === 'overall' ? 700 : undefined}
              >
                <Table.Th scope="row" fw={row.key === 'overall' ? 700 : 400}>
                  {row.label}
                </Table.Th>
                <Table.Td style={NUMERIC}>{percentText(row.score)}</Table.Td>
                <Table.Td style={MEDIAN}>
                  {row.median ? (
                    `${percentText(row.median.median)} (${t('esg:scores.companies', { count: row.median.companies })})`
                  ) : (
                    <Text span size="sm" c="gray.7">
                      {t('esg:scores.noMedian')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    </Stack>
  );
}
