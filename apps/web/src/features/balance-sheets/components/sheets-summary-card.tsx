import { type BalanceSheetItem, taggedPeriodLabel } from '@excelencia/domain';
import { Alert, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFiles, IconFileUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useCompanyCan } from '../../teams/index.ts';
import { useSheetsQuery } from '../queries.ts';

/** The count and latest period: two lines of text and the gap between them. */
const SUMMARY_HEIGHT =
  'calc(2 * var(--mantine-line-height-md) * var(--mantine-font-size-md) + var(--mantine-spacing-sm))';

/** The company dashboard's balance-sheet card: how many sheets, the latest period, and where to register one. */
export function SheetsSummaryCard({ companyId }: { companyId: string }) {
  const t = useTranslate();
  // A viewer sees the sheets, registers none.
  const canPrepare = useCompanyCan('prepare');
  const language = useLanguage();
  const localePath = useLocalePath();
  const sheets = useSheetsQuery(companyId);
  const latest = (sheets.data ?? []).reduce<BalanceSheetItem | null>(
    (best, sheet) => (best === null || sheet.endDate > best.endDate ? sheet : best),
    null,
  );
  const count = sheets.data?.length ?? 0;
  return (
    <Paper withBorder p="lg" data-testid="dashboard-sheets">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('balanceSheetsWeb:dashboard.title')}
        </Title>
        {sheets.isError ? <Alert color="red.9">{t('companies:common.loadFailed')}</Alert> : null}
        {/* The two lines' height is kept while the list loads: the cards below do not move when it arrives. */}
        {sheets.isPending ? <Box h={SUMMARY_HEIGHT} data-testid="dashboard-sheets-loading" /> : null}
        {sheets.data && latest ? (
          <>
            <Text fw={600} data-testid="dashboard-sheets-count">
              {count === 1
                ? t('balanceSheetsWeb:dashboard.countOne')
                : t('balanceSheetsWeb:dashboard.count', { count })}
            </Text>
            <Text c="gray.7">
              {t('balanceSheetsWeb:dashboard.latest', {
                period: taggedPeriodLabel(latest, language),
              })}
            </Text>
          </>
        ) : null}
        {sheets.data && !latest ? <Text c="gray.7">{t('balanceSheetsWeb:dashboard.none')}</Text> : null}
        <Group gap="sm">
          {canPrepare ? (
            <Button
              component={Link}
              to={localePath('/company/balance-sheet')}
              leftSection={<IconFileUpload size={18} aria-hidden="true" />}
              variant={latest ? 'default' : 'filled'}
            >
              {t('balanceSheetsWeb:dashboard.register')}
            </Button>
          ) : null}
          {latest ? (
            <Button
              component={Link}
              to={localePath('/company/balances')}
              leftSection={<IconFiles size={18} aria-hidden="true" />}
              variant="default"
            >
              {t('balanceSheetsWeb:dashboard.open')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
