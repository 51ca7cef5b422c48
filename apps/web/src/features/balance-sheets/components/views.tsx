import {
  type BalanceSheetDetail,
  type BalanceSheetItem,
  formatDisplayDate,
  formatNumber,
  type Language,
  periodLabel,
  type TreeLevelNode,
  taggedPeriodLabel,
  treeNodes,
} from '@excelencia/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Chip,
  Group,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconDownload, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { NEUTRAL_GRAY } from '../../../ui/colors.ts';
import { confirmAction } from '../../../ui/confirm.tsx';
import { downloadWithProgress } from '../../../ui/download.ts';
import { notifySuccess } from '../../../ui/notify.ts';
import { PeriodText } from '../../../ui/period-text.tsx';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useCompanyCan } from '../../teams/index.ts';
import { fetchSheet, sheetPath } from '../api.ts';
import { sheetKeys, useDeleteSheetMutation, useLinesQuery } from '../queries.ts';

const IndicatorChart = lazy(() =>
  import('./indicator-chart.tsx').then((module) => ({ default: module.IndicatorChart })),
);

const NUMERIC = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/**
 * A statement's amount column title wraps (company, tag and period are long) so the amounts and the difference
 * fit beside the items instead of being pushed out of view; the item names keep room for a few words a line.
 */
const AMOUNT_HEADER = {
  textAlign: 'end',
  verticalAlign: 'bottom',
  minWidth: '7.5rem',
  maxWidth: '14rem',
} as const;
const ITEM_COLUMN = { minWidth: '11rem' } as const;

/** The company's sheets: period, frequency, tag, insert date, source; open, correct, download, delete. */
export function SheetsTable({
  companyId,
  sheets,
  onOpen,
  editPath,
}: {
  companyId: string;
  sheets: readonly BalanceSheetItem[];
  onOpen: (sheet: BalanceSheetItem) => void;
  /** Where "Correct" leads (the entry form with ?edit=). */
  editPath: string;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const localePath = useLocalePath();
  const remove = useDeleteSheetMutation(companyId);
  // A viewer opens and downloads; correcting and deleting are the preparers' (an admin has no role here).
  const canPrepare = useCompanyCan('prepare');
  if (sheets.length === 0) return <Text c="gray.7">{t('balanceSheetsWeb:list.empty')}</Text>;
  return (
    <ScrollRegion label={t('balanceSheetsWeb:list.title')}>
      <Table
        miw={720}
        striped
        verticalSpacing="xs"
        aria-label={t('balanceSheetsWeb:list.title')}
        data-testid="bs-list"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('balanceSheetsWeb:list.period')}</Table.Th>
            <Table.Th>{t('balanceSheetsWeb:list.frequency')}</Table.Th>
            <Table.Th>{t('balanceSheetsWeb:list.tag')}</Table.Th>
            <Table.Th>{t('balanceSheetsWeb:list.inserted')}</Table.Th>
            <Table.Th>{t('balanceSheetsWeb:list.source')}</Table.Th>
            <Table.Th style={{ textAlign: 'end' }}>{t('balanceSheetsWeb:list.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sheets.map((sheet) => (
            <Table.Tr key={sheet.id} data-testid="bs-row" data-replaced={sheet.replaced || undefined}>
              <Table.Td>
                <PeriodText startDate={sheet.startDate} endDate={sheet.endDate} language={language} />
              </Table.Td>
              <Table.Td>{t(`balanceSheets:frequencies.${sheet.typeFrequence}`)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {sheet.tag ? (
                    // max-content: a narrow column must not cut the tag to 'Y.' (Y0 and Y1 would look alike).
                    <Badge variant="filled" color="blue.9" miw="max-content" data-testid="bs-tag">
                      {sheet.tag}
                    </Badge>
                  ) : null}
                  {sheet.replaced ? (
                    <Badge variant="light" color={NEUTRAL_GRAY} miw="max-content" data-testid="bs-replaced">
                      {t('balanceSheetsWeb:list.replaced')}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>{formatDisplayDate(sheet.dateInsert, language, { time: true })}</Table.Td>
              <Table.Td>
                {t(`balanceSheets:sources.${sheet.source}`)}
                {sheet.fileName ? (
                  <Text size="xs" c="gray.7">
                    {sheet.fileName}
                  </Text>
                ) : null}
                {sheet.replaced ? (
                  <Text size="xs" c="gray.7" maw={260}>
                    {t('balanceSheetsWeb:list.replacedHint')}
                  </Text>
                ) : null}
                {sheet.source === 'upload' && sheet.version > 1 ? (
                  <Text size="xs" c="orange.9" maw={260} data-testid="bs-corrected">
                    {t('balanceSheetsWeb:list.corrected')}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label={t('balanceSheetsWeb:list.open')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${t('balanceSheetsWeb:list.open')} ${periodLabel(sheet, language)}`}
                      onClick={() => onOpen(sheet)}
                      data-testid="bs-open"
                    >
                      <IconEye size={18} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                  {sheet.replaced || !canPrepare ? null : (
                    <Tooltip label={t('balanceSheetsWeb:list.edit')}>
                      <ActionIcon
                        variant="subtle"
                        component={Link}
                        to={`${localePath(editPath)}${editPath.includes('?') ? '&' : '?'}edit=${encodeURIComponent(sheet.id)}`}
                        aria-label={`${t('balanceSheetsWeb:list.edit')} ${periodLabel(sheet, language)}`}
                        data-testid="bs-edit"
                      >
                        <IconPencil size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {sheet.source === 'upload' ? (
                    <Tooltip label={t('balanceSheetsWeb:list.download')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${t('balanceSheetsWeb:list.download')} ${sheet.fileName ?? ''}`}
                        onClick={() => {
                          downloadWithProgress(
                            `${sheetPath(companyId, sheet.id)}/file`,
                            sheet.fileName ?? 'balancete.xlsx',
                            () => undefined,
                          ).catch((error: unknown) => notifyApiError(error));
                        }}
                        data-testid="bs-download"
                      >
                        <IconDownload size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                  {canPrepare ? (
                    <Tooltip label={t('balanceSheetsWeb:list.delete')}>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        aria-label={`${t('balanceSheetsWeb:list.delete')} ${periodLabel(sheet, language)}`}
                        data-testid="bs-delete"
                        onClick={() =>
                          confirmAction({
                            title: t('balanceSheetsWeb:list.deleteTitle'),
                            message: t('balanceSheetsWeb:list.deleteMessage', {
                              period: periodLabel(sheet, language),
                            }),
                            confirmLabel: t('balanceSheetsWeb:list.delete'),
                            danger: true,
                            onConfirm: () =>
                              remove
                                .mutateAsync(sheet.id)
                                .then(() => notifySuccess(t('common:deleted')))
                                .catch((error: unknown) => notifyApiError(error)),
                          })
                        }
                      >
                        <IconTrash size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** Chips to choose which sheets are shown side by side. */
export function PeriodChooser({
  sheets,
  value,
  onChange,
}: {
  sheets: readonly BalanceSheetItem[];
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} id="bs-period-chooser">
        {t('balanceSheetsWeb:views.choosePeriods')}
      </Text>
      <Chip.Group multiple value={value} onChange={onChange}>
        <Group gap="xs" role="group" aria-labelledby="bs-period-chooser">
          {sheets.map((sheet) => (
            <Chip key={sheet.id} value={sheet.id} size="sm" data-testid="bs-period-chip">
              {taggedPeriodLabel(sheet, language)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}

export function useSheetDetails(companyId: string, ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: sheetKeys.one(companyId, id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchSheet(companyId, id, signal),
    })),
  });
}

/** A column's title: the tag and period, after the company's name when the sheets may be of several companies. */
function columnTitle(sheet: BalanceSheetDetail & { companyName?: string }, language: Language): string {
  const period = taggedPeriodLabel(sheet, language);
  return sheet.companyName ? `${sheet.companyName} · ${period}` : period;
}

/**
 * The balance sheet or the income statement of several sheets side by side: one row per node (indented),
 * one column per sheet (tag in the header), amounts right-aligned with formatNumber. With `differences` (the
 * server's right − left by node code), a last column shows them. The amounts are the sheet as read (equity with
 * the period's result still in the income statement); under the balance sheet a note says so for such a sheet.
 */
export function StatementTable({
  tree,
  sheets,
  statement,
  differences,
  label,
}: {
  tree: TreeLevelNode[];
  /** With companyName (the comparator's sheets), the column titles name the company too. */
  sheets: ReadonlyArray<BalanceSheetDetail & { companyName?: string }>;
  statement: 'balance' | 'income';
  differences?: Readonly<Record<string, string>>;
  label: string;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const depthOf = new Map<string, number>();
  const walk = (node: TreeLevelNode, depth: number) => {
    depthOf.set(node.code, depth);
    for (const child of node.children) walk(child, depth + 1);
  };
  for (const node of tree) walk(node, 0);
  const nodes = treeNodes(tree.filter((heading) => heading.statement === statement));
  if (sheets.length === 0) return <Text c="gray.7">{t('balanceSheetsWeb:views.noSheets')}</Text>;
  // Sheets taken before the closing entries: their equity holds the income statement's result (docs/adr/0018).
  const withResult =
    statement === 'balance' ? sheets.filter((sheet) => sheet.periodResultAdded) : ([] as typeof sheets);
  return (
    <Stack gap="xs">
      <ScrollRegion label={label}>
        <Table
          miw={480}
          striped
          verticalSpacing={4}
          aria-label={label}
          data-testid={`bs-statement-${statement}`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={ITEM_COLUMN}>{t('balanceSheetsWeb:views.item')}</Table.Th>
              {sheets.map((sheet) => (
                <Table.Th key={sheet.id} style={AMOUNT_HEADER}>
                  {columnTitle(sheet, language)}
                </Table.Th>
              ))}
              {differences ? (
                <Table.Th style={AMOUNT_HEADER}>{t('balanceSheetsWeb:admin.difference')}</Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {nodes.map((node) => {
              const depth = depthOf.get(node.code) ?? 0;
              return (
                <Table.Tr key={node.code} data-testid={`bs-view-row-${node.code}`}>
                  <Table.Td
                    style={{
                      ...ITEM_COLUMN,
                      paddingInlineStart: 8 + depth * 16,
                      fontWeight: depth < 2 ? 700 : 400,
                    }}
                  >
                    {node.description[language] || node.code}
                  </Table.Td>
                  {sheets.map((sheet) => (
                    <Table.Td key={sheet.id} style={NUMERIC}>
                      {formatNumber(sheet.values[node.code])}
                    </Table.Td>
                  ))}
                  {differences ? (
                    <Table.Td style={NUMERIC}>{formatNumber(differences[node.code])}</Table.Td>
                  ) : null}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      {withResult.map((sheet) => (
        <Text key={sheet.id} size="xs" c="gray.7" data-testid="bs-period-result-note">
          {t('balanceSheetsWeb:views.periodResultNote', {
            period: columnTitle(sheet, language),
            amount: formatNumber(sheet.periodResultAdded?.amount),
          })}
        </Text>
      ))}
    </Stack>
  );
}

/** A statement switcher (balance sheet / income statement) over chosen sheets. */
export function StatementsPanel({
  companyId,
  tree,
  sheets,
  initialStatement = 'balance',
  initialIds,
}: {
  companyId: string;
  tree: TreeLevelNode[];
  sheets: readonly BalanceSheetItem[];
  initialStatement?: 'balance' | 'income';
  initialIds: string[];
}) {
  const t = useTranslate();
  const [statement, setStatement] = useState<'balance' | 'income'>(initialStatement);
  const [ids, setIds] = useState<string[]>(initialIds);
  const chosen = sheets.filter((sheet) => ids.includes(sheet.id)).map((sheet) => sheet.id);
  const details = useSheetDetails(companyId, chosen);
  // Periods side by side from the oldest to the newest.
  const loaded = details
    .map((query) => query.data)
    .filter((data): data is BalanceSheetDetail => Boolean(data))
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.endDate.localeCompare(b.endDate));
  const label = t(
    statement === 'balance'
      ? 'balanceSheetsWeb:views.balanceSheet'
      : 'balanceSheetsWeb:views.incomeStatement',
  );
  return (
    <Stack gap="md">
      <SegmentedControl
        value={statement}
        onChange={(next) => setStatement(next === 'income' ? 'income' : 'balance')}
        data={[
          { value: 'balance', label: t('balanceSheetsWeb:views.balanceSheet') },
          { value: 'income', label: t('balanceSheetsWeb:views.incomeStatement') },
        ]}
        w="fit-content"
        data-testid="bs-view-income"
      />
      <PeriodChooser sheets={sheets} value={chosen} onChange={setIds} />
      {details.some((query) => query.isError) ? (
        <Alert color="red.9">{t('companies:common.loadFailed')}</Alert>
      ) : null}
      <StatementTable tree={tree} sheets={loaded} statement={statement} label={label} />
      {loaded.length > 1 ? (
        <Suspense fallback={null}>
          <IndicatorChart tree={tree} sheets={loaded} statement={statement} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

/** The stored trial-balance lines of one sheet, paged (the "others" view). */
export function LinesTable({ companyId, sheetId }: { companyId: string; sheetId: string }) {
  const t = useTranslate();
  const [page, setPage] = useState(1);
  const lines = useLinesQuery(companyId, sheetId, page);
  if (lines.isError) return <Alert color="red.9">{t('companies:common.loadFailed')}</Alert>;
  if (!lines.data) return <Text c="gray.7">{t('companies:common.loading')}</Text>;
  if (lines.data.total === 0) return <Text c="gray.7">{t('balanceSheetsWeb:views.noLines')}</Text>;
  const pages = Math.max(1, Math.ceil(lines.data.total / lines.data.pageSize));
  return (
    <Stack gap="sm">
      <ScrollRegion label={t('balanceSheetsWeb:views.lines')}>
        <Table
          miw={560}
          striped
          verticalSpacing={4}
          aria-label={t('balanceSheetsWeb:views.lines')}
          data-testid="bs-lines"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={NUMERIC}>{t('balanceSheetsWeb:views.row')}</Table.Th>
              <Table.Th>{t('balanceSheets:columns.account')}</Table.Th>
              <Table.Th>{t('balanceSheets:columns.description')}</Table.Th>
              <Table.Th style={NUMERIC}>{t('balanceSheets:columns.debit')}</Table.Th>
              <Table.Th style={NUMERIC}>{t('balanceSheets:columns.credit')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.data.items.map((line) => (
              <Table.Tr key={line.row}>
                <Table.Td style={NUMERIC}>{line.row}</Table.Td>
                <Table.Td>{line.account}</Table.Td>
                <Table.Td>{line.description}</Table.Td>
                <Table.Td style={NUMERIC}>{formatNumber(line.debit)}</Table.Td>
                <Table.Td style={NUMERIC}>{formatNumber(line.credit)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          size="sm"
          aria-label={t('reference:table.pagination')}
        />
      ) : null}
    </Stack>
  );
}
