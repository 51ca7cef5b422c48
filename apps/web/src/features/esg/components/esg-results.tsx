import {
  type EsgGroupScore,
  type EsgQuestionDistribution,
  type EsgResponseSummary,
  formatNumber,
  localized,
  questionCode,
} from '@excelencia/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { lazy, type ReactElement, Suspense, useState } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { DownloadButton } from '../../../ui/download-button.tsx';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { formExportPath, responsePdfPath } from '../api.ts';
import { useAdminResponseQuery, useResultsQuery } from '../queries.ts';
import { EsgAnswersView } from './esg-answers-view.tsx';
import { percentText } from './esg-format.ts';
import { EsgScoresView } from './esg-scores.tsx';

const EsgDistributionChart = lazy(() =>
  import('./esg-distribution-chart.tsx').then((module) => ({ default: module.EsgDistributionChart })),
);

const NUMERIC = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** One question: its chart, then the counts as a table (options, or rows × columns for a matrix). */
function Distribution({ question }: { question: EsgQuestionDistribution }) {
  const t = useTranslate();
  const language = useLanguage();
  const code = questionCode(question.pillar, question.order);
  const title = `${code}. ${localized(question.label, language)}`;
  const testId = `esg-distribution-${question.questionId}`;
  let chart: { data: Record<string, string | number>[]; series: { name: string; label: string }[] } | null =
    null;
  let table: ReactElement | null = null;
  if (question.type === 'matrix') {
    const columns = question.rows[0]?.counts ?? [];
    chart = {
      data: question.rows.map((row) => ({
        label: localized(row.label, language),
        ...Object.fromEntries(row.counts.map((count) => [count.key, count.count])),
      })),
      series: columns.map((column) => ({ name: column.key, label: localized(column.label, language) })),
    };
    table = (
      <Table striped withTableBorder data-testid={`${testId}-table`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <VisuallyHidden>{t('esg:builder.rows')}</VisuallyHidden>
            </Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.key} style={NUMERIC}>
                {localized(column.label, language)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {question.rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={400}>
                {localized(row.label, language)}
              </Table.Th>
              {row.counts.map((count) => (
                <Table.Td key={count.key} style={NUMERIC}>
                  {count.count}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  } else if (question.type !== 'text') {
    chart = {
      data: question.counts.map((count) => ({ label: localized(count.label, language), count: count.count })),
      series: [{ name: 'count', label: t('esg:results.count') }],
    };
    table = (
      <Table striped withTableBorder data-testid={`${testId}-table`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('esg:results.option')}</Table.Th>
            <Table.Th style={NUMERIC}>{t('esg:results.count')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {question.counts.map((count) => (
            <Table.Tr key={count.key}>
              <Table.Th scope="row" fw={400}>
                {localized(count.label, language)}
              </Table.Th>
              <Table.Td style={NUMERIC}>{formatNumber(count.count)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Paper withBorder p="sm" data-testid={testId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5">
            {title}
          </Title>
          <Text size="sm" c="gray.7">
            {t('esg:results.answered', { count: question.answered })}
          </Text>
        </Group>
        {chart && chart.data.length > 0 ? (
          <Suspense fallback={<Skeleton h={120} />}>
            <div aria-hidden="true">
              <EsgDistributionChart data={chart.data} series={chart.series} />
            </div>
          </Suspense>
        ) : null}
        {table ? (
          <ScrollRegion label={title}>{table}</ScrollRegion>
        ) : (
          <Text size="sm">{t('esg:results.textAnswers')}</Text>
        )}
      </Stack>
    </Paper>
  );
}

function GroupTable({ title, rows, testId }: { title: string; rows: EsgGroupScore[]; testId: string }) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <Stack gap={6} data-testid={testId}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('esg:results.noResponses')}
        </Text>
      ) : (
        <ScrollRegion label={title}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('esg:results.group')}</Table.Th>
                <Table.Th style={NUMERIC}>{t('esg:results.count')}</Table.Th>
                <Table.Th style={NUMERIC}>{t('esg:results.average')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key || '\u0000'}>
                  <Table.Th scope="row" fw={400}>
                    {row.label ? localized(row.label, language) : t('esg:results.notSet')}
                  </Table.Th>
                  <Table.Td style={NUMERIC}>{formatNumber(row.companies)}</Table.Td>
                  <Table.Td style={NUMERIC}>{percentText(row.average)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </Stack>
  );
}

function ResponseModal({ response, onClose }: { response: EsgResponseSummary | null; onClose: () => void }) {
  const t = useTranslate();
  const one = useAdminResponseQuery(response?.id ?? null);
  return (
    <Modal
      opened={response !== null}
      onClose={onClose}
      size="xl"
      title={response ? t('esg:results.answersOf', { company: response.companyName }) : ''}
      closeButtonProps={{ 'aria-label': t('esg:results.close') }}
    >
      {one.data ? (
        <Stack gap="md" data-testid="esg-response-modal">
          {one.data.scores ? <EsgScoresView scores={one.data.scores} sector={one.data.sector} /> : null}
          <Group>
            <DownloadButton
              href={responsePdfPath(one.data.companyId, one.data.id)}
              fallbackName={`esg-${one.data.period}.pdf`}
              label={t('esg:pdf.download')}
              icon={<IconFileTypePdf size={18} />}
              testId="esg-response-pdf"
              progressText={({ percent, received }) => (percent !== null ? `${percent} %` : received)}
            />
          </Group>
          <EsgAnswersView response={one.data} />
        </Stack>
      ) : (
        <Loader />
      )}
    </Modal>
  );
}

/**
 * A form's results: the response rate, each question's distribution (chart and table), the mean overall score
 * by island, CAE section and employee range, each company's answers, and the XLSX export.
 */
export function EsgResultsView({ formId }: { formId: string }) {
  const t = useTranslate();
  const language = useLanguage();
  const results = useResultsQuery(formId);
  const [open, setOpen] = useState<EsgResponseSummary | null>(null);
  if (results.isPending) return <Loader />;
  if (results.isError) return <Alert color="red.9">{t('esg:company.loadFailed')}</Alert>;
  const data = results.data;
  return (
    <Stack gap="lg" data-testid="esg-results">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {localized(data.form.title, language)} ({data.form.period})
        </Title>
        <DownloadButton
          href={formExportPath(formId)}
          fallbackName={`esg-${data.form.period}.xlsx`}
          label={t('esg:export.download')}
          icon={<IconFileSpreadsheet size={18} />}
          testId="esg-export"
          progressText={({ percent, received }) => (percent !== null ? `${percent} %` : received)}
        />
      </Group>
      <Paper withBorder p="md" data-testid="esg-response-rate">
        <Text c="gray.7" size="sm">
          {t('esg:results.responseRate')}
        </Text>
        <Text fz={24} fw={700}>
          {t('esg:results.rate', {
            count: data.companies,
            submitted: formatNumber(data.submitted),
            companies: formatNumber(data.companies),
            rate: formatNumber(data.responseRate, { decimals: 1 }),
          })}
        </Text>
        <Text size="sm" c="gray.7">
          {t('esg:results.drafts', { count: data.drafts })}
        </Text>
      </Paper>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('esg:results.distribution')}
        </Title>
        {/* Before the first submission every chart and table would be empty: the sentence says it once. */}
        {data.submitted === 0 ? (
          <Text c="gray.7" data-testid="esg-no-responses">
            {t('esg:results.noResponses')}
          </Text>
        ) : (
          data.questions.map((question) => <Distribution key={question.questionId} question={question} />)
        )}
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <GroupTable title={t('esg:results.byIsland')} rows={data.byIsland} testId="esg-by-island" />
        <GroupTable title={t('esg:results.bySection')} rows={data.bySection} testId="esg-by-section" />
        <GroupTable
          title={t('esg:results.byEmployeeRange')}
          rows={data.byEmployeeRange}
          testId="esg-by-range"
        />
      </SimpleGrid>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('esg:results.responses')}
        </Title>
        {data.responses.length === 0 ? (
          <Text c="gray.7">{t('esg:results.noResponses')}</Text>
        ) : (
          <ScrollRegion label={t('esg:results.responses')}>
            <Table striped withTableBorder data-testid="esg-responses">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('esg:results.company')}</Table.Th>
                  <Table.Th>{t('esg:results.status')}</Table.Th>
                  <Table.Th style={NUMERIC}>{t('esg:results.overall')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('esg:builder.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.responses.map((response) => (
                  <Table.Tr key={response.id}>
                    <Table.Td>{response.companyName}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={response.status === 'submitted' ? 'green.9' : 'gray.7'}>
                        {t(`esg:responseStatus.${response.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={NUMERIC}>{percentText(response.scores?.overall.percent)}</Table.Td>
                    <Table.Td>
                      <Button variant="default" size="compact-sm" onClick={() => setOpen(response)}>
                        {t('esg:results.open')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </Stack>
      <ResponseModal response={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
