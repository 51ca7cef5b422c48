import {
  type EditionFunnel,
  FUNNEL_GROUPINGS,
  type FunnelGrouping,
  type FunnelStepCount,
  formatNumber,
  localized,
} from '@excelencia/domain';
import { Box, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { editionLabel } from '../../applications/edition-label.ts';
import { useEditionFunnelQuery } from '../queries.ts';
import { OverviewPanel } from './overview-panel.tsx';

const FunnelChart = lazy(() =>
  import('./funnel-chart.tsx').then((module) => ({ default: module.FunnelChart })),
);

const NUMERIC = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const key = (name: string) => `insightsWeb:funnel.${name}`;

/** A share of the previous step as every percentage is written ('57.1 %'); '—' for the first step or after 0. */
export function conversionText(conversion: number | null): string {
  return conversion === null ? '—' : formatNumber(conversion * 100, { percent: true, decimals: 1 });
}

function useStepLabel(indicatorYear: number) {
  const t = useTranslate();
  return (step: FunnelStepCount['step']) => t(key(`steps.${step}`), { year: indicatorYear });
}

/** The mail figures of the edition: sent, failed, opted out of reminders. */
function MailFigures({ mail }: { mail: EditionFunnel['mail'] }) {
  const t = useTranslate();
  return (
    <Stack gap={4} data-testid="funnel-mail">
      <Title order={4} size="h5">
        {t(key('mail.title'))}
      </Title>
      <Group gap="xl">
        {(['sent', 'failed', 'optedOut'] as const).map((name) => (
          <Stack gap={0} key={name} data-testid={`funnel-mail-${name}`}>
            <Text size="sm" c="gray.7">
              {t(key(`mail.${name}`))}
            </Text>
            <Text fz={22} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatNumber(mail[name])}
            </Text>
          </Stack>
        ))}
      </Group>
      <Text size="xs" c="gray.7">
        {t(key('mail.hint'))}
      </Text>
    </Stack>
  );
}

/**
 * An edition's funnel for admins: the steps as bars (lazy chart, hidden from screen readers) and as a table with
 * the share of the previous step, the same split by island or CAE section, and the edition's mail figures.
 */
export function EditionFunnelPanel({ editionId }: { editionId: string }) {
  const t = useTranslate();
  const language = useLanguage();
  const [by, setBy] = useState<FunnelGrouping>('island');
  const funnel = useEditionFunnelQuery(editionId, by);
  const data = funnel.data;
  const stepLabel = useStepLabel(data?.edition.indicatorYear ?? 0);

  const groupLabel = (group: EditionFunnel['groups'][number]) =>
    group.label
      ? `${group.code ? `${group.code} – ` : ''}${localized(group.label, language)}`
      : t(key('none'));
  return (
    <OverviewPanel
      name="funnel"
      title={t(key('title'), {
        edition: data ? editionLabel(data.edition, t) : '',
      })}
      intro={t(key('intro'))}
      query={funnel}
      failed={t(key('loadFailed'))}
    >
      {(data) => (
        <Stack gap="md">
          <Box aria-hidden="true">
            <Suspense fallback={<Box h={240} />}>
              <FunnelChart
                steps={data.steps.map((step) => ({ label: stepLabel(step.step), count: step.count }))}
                label={t(key('companies'))}
              />
            </Suspense>
          </Box>
          <ScrollRegion label={t(key('overall'))}>
            <Table
              striped
              verticalSpacing={4}
              fz="sm"
              aria-label={t(key('overall'))}
              data-testid="funnel-steps"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(key('step'))}</Table.Th>
                  <Table.Th style={NUMERIC}>{t(key('companies'))}</Table.Th>
                  <Table.Th style={NUMERIC}>{t(key('conversion'))}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.steps.map((step) => (
                  <Table.Tr key={step.step} data-step={step.step}>
                    <Table.Th scope="row" fw={400}>
                      {stepLabel(step.step)}
                    </Table.Th>
                    <Table.Td style={NUMERIC}>{formatNumber(step.count)}</Table.Td>
                    <Table.Td style={NUMERIC}>{conversionText(step.conversion)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
          <Stack gap="xs">
            <SegmentedControl
              aria-label={t(key('by'))}
              value={by}
              onChange={(value) => setBy(value as FunnelGrouping)}
              data={FUNNEL_GROUPINGS.map((value) => ({
                value,
                label: t(key(value === 'island' ? 'byIsland' : 'byCaeSection')),
              }))}
              style={{ alignSelf: 'flex-start' }}
              data-testid="funnel-by"
            />
            <ScrollRegion label={t(key(by === 'island' ? 'byIsland' : 'byCaeSection'))}>
              <Table
                miw={760}
                striped
                verticalSpacing={4}
                fz="sm"
                aria-label={t(key(by === 'island' ? 'byIsland' : 'byCaeSection'))}
                aria-busy={funnel.isPlaceholderData}
                data-testid="funnel-groups"
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t(key(data.by === 'island' ? 'byIsland' : 'byCaeSection'))}</Table.Th>
                    {data.steps.map((step) => (
                      <Table.Th key={step.step} style={NUMERIC}>
                        {stepLabel(step.step)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.groups.map((group) => (
                    <Table.Tr key={group.code ?? 'none'} data-group={group.code ?? ''}>
                      <Table.Th scope="row" fw={400}>
                        {groupLabel(group)}
                      </Table.Th>
                      {group.steps.map((step) => (
                        <Table.Td key={step.step} style={NUMERIC}>
                          {formatNumber(step.count)}
                          {step.conversion === null ? null : (
                            <Text span size="xs" c="gray.7">
                              {` (${conversionText(step.conversion)})`}
                            </Text>
                          )}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
          </Stack>
          <MailFigures mail={data.mail} />
        </Stack>
      )}
    </OverviewPanel>
  );
}
