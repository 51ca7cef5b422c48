import {
  type BarometerCell,
  type BarometerCriterion,
  type BarometerDimension,
  type BarometerEdition,
  type BarometerEditionCell,
  DISCLOSURE_TEXT_PARAMS,
  formatNumber,
  indicatorValueText,
  type Language,
  localized,
  type SuppressionReason,
  targetText,
} from '@excelencia/domain';
import { Anchor, Box, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { Translate } from '../../../ui/form/zod-resolver.ts';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { barometerDownloadPath } from '../api.ts';
import { QuartileChart, type QuartileChartRow } from './quartile-chart.tsx';

const NUMERIC = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** What a suppressed cell says instead of its figures ('fewer than 5 companies'). */
export function suppressedText(reason: SuppressionReason, t: Translate): string {
  return t(`barometer:suppressed.${reason}`, DISCLOSURE_TEXT_PARAMS);
}

/** A group's name: its label, 'All companies' for the overall cell, 'Not stated' for companies without one. */
function groupName(
  cell: { groupKey: string | null; groupLabel: BarometerCell['groupLabel'] },
  isOverall: boolean,
  t: Translate,
  language: Language,
): string {
  if (isOverall) return t('barometer:all');
  return cell.groupLabel ? localized(cell.groupLabel, language) : t('barometer:notStated');
}

/** A row's key and test name: the group's code, 'none' for companies without one, 'all' for the total. */
function rowKey(cell: { groupKey: string | null }, isOverall: boolean): string {
  return isOverall ? 'all' : (cell.groupKey ?? 'none');
}

/** A float for the chart from an exact decimal text; null for none. */
function chartNumber(value: string | null): number | null {
  if (value === null) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** A share from 0 to 1 as the portal writes a share in percent: at most 1 decimal ('62.5 %'). */
export function shareText(share: string): string {
  const number = Number(share);
  return Number.isFinite(number) ? formatNumber(number * 100, { decimals: 1, percent: true }) : '';
}

/** The cells of a criterion's table, in the downloads' order: all companies, then one per group. */
function tableCells(criterion: BarometerCriterion): Array<{ cell: BarometerCell; isOverall: boolean }> {
  return [
    { cell: criterion.overall, isOverall: true },
    ...criterion.rows.map((cell) => ({ cell, isOverall: false })),
  ];
}

function DownloadLinks({
  year,
  by,
  language,
  table,
  tableName,
  t,
}: {
  year: number;
  by: BarometerDimension;
  language: Language;
  table: { criterion: string } | { table: 'editions' };
  tableName: string;
  t: Translate;
}) {
  return (
    <Group gap="md" data-testid="barometer-downloads">
      {(['csv', 'xlsx'] as const).map((format) => (
        <Anchor
          key={format}
          href={barometerDownloadPath(format, { year, by }, language, table)}
          download
          size="sm"
          aria-label={t(`barometerWeb:download.${format}Label`, { table: tableName })}
          data-testid={`barometer-download-${format}`}
        >
          <Group gap={4} wrap="nowrap" component="span">
            <IconDownload size={16} aria-hidden="true" />
            {t(`barometerWeb:download.${format}`)}
          </Group>
        </Anchor>
      ))}
    </Group>
  );
}

/** One criterion: its table of count and quartiles per group, and beside it the same as a drawing. */
export function CriterionTable({
  criterion,
  year,
  by,
  language,
  t,
}: {
  criterion: BarometerCriterion;
  year: number;
  by: BarometerDimension;
  language: Language;
  t: Translate;
}) {
  const name = `${criterion.code} — ${localized(criterion.description, language)}`;
  const headingId = `barometer-criterion-${criterion.code}`;
  const cells = tableCells(criterion);
  const target = targetText(criterion.target);
  const chartRows: QuartileChartRow[] = cells.map(({ cell, isOverall }) => ({
    key: rowKey(cell, isOverall),
    label: groupName(cell, isOverall, t, language),
    q1: chartNumber(cell.q1),
    median: chartNumber(cell.median),
    q3: chartNumber(cell.q3),
    hiddenText: cell.suppressed ? suppressedText(cell.suppressed, t) : t('barometerWeb:chart.hidden'),
  }));
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid="barometer-criterion"
      data-code={criterion.code}
    >
      <Stack gap="xs">
        <Title order={3} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Title>
        <Group gap="md" justify="space-between">
          <Text size="sm" c="gray.7">
            {t('barometerWeb:target', { target })}
          </Text>
          <DownloadLinks
            year={year}
            by={by}
            language={language}
            table={{ criterion: criterion.code }}
            tableName={name}
            t={t}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
          <ScrollRegion label={name}>
            <Table miw={420} striped aria-labelledby={headingId} data-testid="barometer-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('barometer:download.group')}</Table.Th>
                  <Table.Th scope="col" style={NUMERIC}>
                    {t('barometer:download.count')}
                  </Table.Th>
                  <Table.Th scope="col" style={NUMERIC}>
                    {t('barometer:download.q1')}
                  </Table.Th>
                  <Table.Th scope="col" style={NUMERIC}>
                    {t('barometer:download.median')}
                  </Table.Th>
                  <Table.Th scope="col" style={NUMERIC}>
                    {t('barometer:download.q3')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {cells.map(({ cell, isOverall }) => (
                  <Table.Tr
                    key={rowKey(cell, isOverall)}
                    data-testid="barometer-row"
                    data-group={rowKey(cell, isOverall)}
                    fw={isOverall && cells.length > 1 ? 600 : undefined}
                  >
                    <Table.Th scope="row" fw="inherit">
                      {groupName(cell, isOverall, t, language)}
                    </Table.Th>
                    {cell.suppressed ? (
                      <Table.Td colSpan={4} c="gray.7" data-suppressed={cell.suppressed}>
                        {suppressedText(cell.suppressed, t)}
                      </Table.Td>
                    ) : (
                      <>
                        <Table.Td style={NUMERIC}>{formatNumber(cell.count)}</Table.Td>
                        <Table.Td style={NUMERIC}>{indicatorValueText(cell.q1, criterion.target)}</Table.Td>
                        <Table.Td style={NUMERIC}>
                          {indicatorValueText(cell.median, criterion.target)}
                        </Table.Td>
                        <Table.Td style={NUMERIC}>{indicatorValueText(cell.q3, criterion.target)}</Table.Td>
                      </>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
          <QuartileChart
            rows={chartRows}
            target={chartNumber(criterion.target.value)}
            targetLabel={t('barometerWeb:target', { target })}
            label={t('barometerWeb:chart.label', { criterion: name })}
            testId="barometer-chart"
          />
        </SimpleGrid>
      </Stack>
    </Box>
  );
}

/** The share of companies meeting each application criterion's threshold, among all companies. */
export function ThresholdsTable({
  criteria,
  language,
  t,
}: {
  criteria: readonly BarometerCriterion[];
  language: Language;
  t: Translate;
}) {
  const rows = criteria.filter((criterion) => criterion.isApplicationCriterion);
  if (rows.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="barometer-thresholds" data-testid="barometer-thresholds">
      <Title order={2} size="h3" id="barometer-thresholds" mb="sm">
        {t('barometerWeb:thresholds.title')}
      </Title>
      <ScrollRegion label={t('barometerWeb:thresholds.title')}>
        <Table miw={480} striped aria-labelledby="barometer-thresholds">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('barometer:download.criterion')}</Table.Th>
              <Table.Th scope="col" style={{ whiteSpace: 'nowrap' }}>
                {t('barometerWeb:thresholds.threshold')}
              </Table.Th>
              <Table.Th scope="col" style={NUMERIC}>
                {t('barometer:download.count')}
              </Table.Th>
              <Table.Th scope="col" style={NUMERIC}>
                {t('barometerWeb:thresholds.share')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((criterion) => (
              <Table.Tr key={criterion.code} data-testid="barometer-threshold" data-code={criterion.code}>
                <Table.Th scope="row" fw={400}>
                  {`${criterion.code} — ${localized(criterion.description, language)}`}
                </Table.Th>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{targetText(criterion.target)}</Table.Td>
                {criterion.meetingShare ? (
                  <>
                    <Table.Td style={NUMERIC}>{formatNumber(criterion.meetingShare.count)}</Table.Td>
                    <Table.Td style={NUMERIC}>{shareText(criterion.meetingShare.share)}</Table.Td>
                  </>
                ) : (
                  <Table.Td
                    colSpan={2}
                    c="gray.7"
                    data-suppressed={criterion.overall.suppressed ?? 'fewCompanies'}
                  >
                    {suppressedText(criterion.overall.suppressed ?? 'fewCompanies', t)}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    </Box>
  );
}

const EDITION_FIGURES = ['registered', 'applied', 'distinguished', 'renewals'] as const;

function EditionRow({
  cell,
  isOverall,
  language,
  t,
}: {
  cell: BarometerEditionCell;
  isOverall: boolean;
  language: Language;
  t: Translate;
}) {
  return (
    <Table.Tr data-testid="barometer-edition-row" data-group={rowKey(cell, isOverall)}>
      <Table.Th scope="row" fw={isOverall ? 600 : 400}>
        {groupName(cell, isOverall, t, language)}
      </Table.Th>
      {cell.suppressed ? (
        <Table.Td colSpan={EDITION_FIGURES.length} c="gray.7" data-suppressed={cell.suppressed}>
          {suppressedText(cell.suppressed, t)}
        </Table.Td>
      ) : (
        EDITION_FIGURES.map((figure) => (
          <Table.Td key={figure} style={NUMERIC} fw={isOverall ? 600 : undefined}>
            {formatNumber(cell[figure])}
          </Table.Td>
        ))
      )}
    </Table.Tr>
  );
}

/** The editions that judged the year: registered, applied, distinguished and renewals, by group and in all. */
export function EditionsTables({
  editions,
  year,
  by,
  language,
  t,
}: {
  editions: readonly BarometerEdition[];
  year: number;
  by: BarometerDimension;
  language: Language;
  t: Translate;
}) {
  return (
    <Box component="section" aria-labelledby="barometer-editions" data-testid="barometer-editions">
      <Group justify="space-between" gap="md" mb="sm">
        <Title order={2} size="h3" id="barometer-editions">
          {t('barometerWeb:editions.title')}
        </Title>
        {editions.length > 0 ? (
          <DownloadLinks
            year={year}
            by={by}
            language={language}
            table={{ table: 'editions' }}
            tableName={t('barometerWeb:editions.title')}
            t={t}
          />
        ) : null}
      </Group>
      {editions.length === 0 ? <Text c="gray.7">{t('barometerWeb:editions.empty')}</Text> : null}
      <Stack gap="md">
        {editions.map((edition) => {
          const title = t('barometerWeb:editions.edition', { number: edition.number, year: edition.year });
          const id = `barometer-edition-${edition.number}`;
          return (
            <Box key={edition.number} data-testid="barometer-edition">
              <Title order={3} size="h5" id={id} mb={6}>
                {title}
              </Title>
              <ScrollRegion label={title}>
                <Table miw={480} striped aria-labelledby={id}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('barometer:download.group')}</Table.Th>
                      {EDITION_FIGURES.map((figure) => (
                        <Table.Th key={figure} scope="col" style={NUMERIC}>
                          {t(`barometer:download.${figure}`)}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    <EditionRow cell={edition.overall} isOverall language={language} t={t} />
                    {edition.byGroup.map((cell) => (
                      <EditionRow
                        key={cell.groupKey ?? 'none'}
                        cell={cell}
                        isOverall={false}
                        language={language}
                        t={t}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollRegion>
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
