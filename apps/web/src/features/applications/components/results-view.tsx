import { type EditionResults, formatNumber, localized } from '@excelencia/domain';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { DownloadButton } from '../../../ui/download-button.tsx';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { resultsReportPath } from '../api.ts';
import { useEditionResultsQuery } from '../queries.ts';
import { SealStatusBadge } from './public-seal-status.tsx';
import { RenewalBadge } from './renewal-badge.tsx';
import { type ResultGroupRow, resultGroups, shortDate } from './results-format.ts';

const ResultsBarChart = lazy(() =>
  import('./results-bar-chart.tsx').then((module) => ({ default: module.ResultsBarChart })),
);

const NUMERIC = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Text c="gray.7" size="sm">
        {label}
      </Text>
      <Text
        fz={28}
        fw={700}
        lh={1.2}
        style={{ fontVariantNumeric: 'tabular-nums' }}
        data-testid={`${testId}-value`}
      >
        {formatNumber(value)}
      </Text>
    </Paper>
  );
}

/** One breakdown (by island, by CAE section): its chart, then the same figures as a table with the total. */
function GroupPanel({
  title,
  groupLabel,
  rows,
  testId,
}: {
  title: string;
  groupLabel: string;
  rows: EditionResults['byIsland'];
  testId: string;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const groups = resultGroups(rows, t, language);
  const headers = {
    applicants: t('applicationsAdmin:view.chartApplicants'),
    distinguished: t('applicationsAdmin:view.chartDistinguished'),
  };
  const row = (group: ResultGroupRow, total = false) => (
    <Table.Tr key={total ? '\u0000total' : group.label} fw={total ? 700 : undefined}>
      <Table.Th scope="row" fw={total ? 700 : 400}>
        {group.label}
      </Table.Th>
      <Table.Td style={NUMERIC}>{formatNumber(group.applicants)}</Table.Td>
      <Table.Td style={NUMERIC}>{formatNumber(group.distinguished)}</Table.Td>
    </Table.Tr>
  );
  return (
    <Paper withBorder p="md" component="section" data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {groups.rows.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('applicationsAdmin:view.groupsEmpty')}
          </Text>
        ) : (
          <>
            <Box aria-hidden="true">
              <Suspense fallback={<Box h={140} />}>
                <ResultsBarChart rows={groups.rows} labels={headers} />
              </Suspense>
            </Box>
            <ScrollRegion label={title}>
              <Table striped verticalSpacing={4} fz="sm" aria-label={title} data-testid={`${testId}-table`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{groupLabel}</Table.Th>
                    <Table.Th style={NUMERIC}>{headers.applicants}</Table.Th>
                    <Table.Th style={NUMERIC}>{headers.distinguished}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>{groups.rows.map((group) => row(group))}</Table.Tbody>
                <Table.Tfoot>{row(groups.total, true)}</Table.Tfoot>
              </Table>
            </ScrollRegion>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** Companies to point out in the list (a partner's assisted ones), by NIF, with the badge's text. */
export interface ResultsMarking {
  nifs: ReadonlySet<string>;
  label: string;
  /** The line above the list counting the marked companies. */
  summary: (count: number) => string;
}

function CompaniesTable({ results, marked }: { results: EditionResults; marked?: ResultsMarking }) {
  const t = useTranslate();
  const language = useLanguage();
  const title = t('applicationsAdmin:view.list');
  return (
    <Paper withBorder p="md" component="section" data-testid="results-companies">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {marked ? (
          <Text size="sm" fw={600} data-testid="results-marked-count">
            {marked.summary(results.companies.filter((c) => marked.nifs.has(c.nif)).length)}
          </Text>
        ) : null}
        {results.companies.length === 0 ? (
          <Text size="sm" c="gray.7" data-testid="results-companies-empty">
            {t('applicationsAdmin:view.listEmpty')}
          </Text>
        ) : (
          <ScrollRegion label={title}>
            <Table miw={820} striped verticalSpacing={6} fz="sm" aria-label={title}>
              <Table.Thead>
                <Table.Tr>
                  {(['company', 'nif', 'island', 'section', 'code', 'validUntil', 'status'] as const).map(
                    (column) => (
                      <Table.Th key={column} style={{ whiteSpace: 'nowrap' }}>
                        {t(`applicationsAdmin:view.${column}`)}
                      </Table.Th>
                    ),
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.companies.map((company) => (
                  <Table.Tr
                    key={company.sealCode}
                    data-testid="results-company"
                    data-marked={marked?.nifs.has(company.nif) ? 'true' : undefined}
                  >
                    <Table.Td fw={600}>
                      {company.companyName}
                      {company.isRenewal ? <RenewalBadge /> : null}
                      {marked?.nifs.has(company.nif) ? (
                        <Badge
                          ml="xs"
                          size="sm"
                          variant="filled"
                          color="brand.9"
                          data-testid="results-marked"
                        >
                          {marked.label}
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{company.nif}</Table.Td>
                    <Table.Td>
                      {[localized(company.island, language), localized(company.city, language)]
                        .filter(Boolean)
                        .join(' · ')}
                    </Table.Td>
                    <Table.Td>
                      {company.section
                        ? `${company.section.code} — ${localized(company.section.description, language)}`
                        : ''}
                    </Table.Td>
                    <Table.Td
                      style={{ whiteSpace: 'nowrap', fontFamily: 'var(--mantine-font-family-monospace)' }}
                    >
                      {company.sealCode}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {shortDate(company.validUntil, language)}
                    </Table.Td>
                    <Table.Td>
                      <Box miw="max-content">
                        <SealStatusBadge status={company.status} />
                      </Box>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * A published edition's results, the same for the admin and the partner: the counts, the distinguished by island
 * and by CAE section (each a chart with its table), the distinguished companies, and the report as PDF or XLSX.
 */
export function ResultsView({
  editionId,
  marked,
  downloads,
}: {
  editionId: string;
  marked?: ResultsMarking;
  /** More report buttons beside the PDF and XLSX (a partner's report with its companies marked). */
  downloads?: ReactNode;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const query = useEditionResultsQuery(editionId);
  const results = query.data;
  if (query.isError && !results) {
    return (
      <Alert color="red.9" variant="light" role="alert" title={t('applicationsAdmin:loadFailed')}>
        <Stack gap={6} align="flex-start">
          {query.error instanceof Error ? <Text size="sm">{query.error.message}</Text> : null}
          <Button size="compact-sm" variant="light" color="red.9" onClick={() => void query.refetch()}>
            {t('applicationsAdmin:retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!results) {
    return (
      <Stack gap="md" data-testid="results-loading">
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          {[0, 1, 2].map((cell) => (
            <Skeleton key={cell} height={84} />
          ))}
        </SimpleGrid>
        <Skeleton height={240} />
      </Stack>
    );
  }
  const progressText = ({ percent, received }: { percent: number | null; received: string }) =>
    percent === null
      ? t('applicationsAdmin:view.downloading', { received })
      : t('applicationsAdmin:view.downloadingPercent', { percent });
  const fileBase = `results-${results.edition.year}-${results.edition.number}`;
  return (
    <Stack gap="md" data-testid="results-view">
      <Group gap="sm" wrap="wrap">
        <DownloadButton
          href={resultsReportPath(editionId, 'pdf', language)}
          fallbackName={`${fileBase}.pdf`}
          label={t('applicationsAdmin:view.reportPdf')}
          icon={<IconFileTypePdf size={16} aria-hidden="true" />}
          testId="results-report-pdf"
          progressText={progressText}
        />
        <DownloadButton
          href={resultsReportPath(editionId, 'xlsx', language)}
          fallbackName={`${fileBase}.xlsx`}
          label={t('applicationsAdmin:view.reportXlsx')}
          icon={<IconFileSpreadsheet size={16} aria-hidden="true" />}
          testId="results-report-xlsx"
          progressText={progressText}
        />
        {downloads}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} maw={900}>
        <Figure
          label={t('applicationsAdmin:view.applicants')}
          value={results.applicants}
          testId="results-applicants"
        />
        <Figure
          label={t('applicationsAdmin:view.distinguished')}
          value={results.distinguished}
          testId="results-distinguished"
        />
        <Figure
          label={t('applicationsAdmin:view.unqualified')}
          value={results.unqualified}
          testId="results-unqualified"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <GroupPanel
          title={t('applicationsAdmin:view.byIsland')}
          groupLabel={t('applicationsAdmin:view.island')}
          rows={results.byIsland}
          testId="results-by-island"
        />
        <GroupPanel
          title={t('applicationsAdmin:view.bySection')}
          groupLabel={t('applicationsAdmin:view.section')}
          rows={results.bySection}
          testId="results-by-section"
        />
      </SimpleGrid>
      <CompaniesTable results={results} marked={marked} />
    </Stack>
  );
}
