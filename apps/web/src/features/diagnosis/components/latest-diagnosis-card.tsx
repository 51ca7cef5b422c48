import { diagnosisTypeLabel, formatDisplayDate, periodLabel } from '@excelencia/domain';
import { Alert, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChartLine, IconStethoscope } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { ScoreRing } from '../../../ui/score-ring.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useSheetsQuery } from '../../balance-sheets/queries.ts';
import { useCompanyCan } from '../../teams/index.ts';
import { useDiagnosesQuery } from '../queries.ts';

const RING_SIZE = 84;

/** The latest diagnosis's quartiles in the barometer, in a chunk of its own, loaded once the card has a diagnosis. */
const CompactPositions = lazy(() =>
  import('../../barometer/components/diagnosis-positions.tsx').then((module) => ({
    default: module.CompactPositions,
  })),
);

/**
 * The company dashboard's self-diagnosis card: the latest saved diagnosis with the share of indicators meeting
 * their target as a ring, and the way to run one (or to register a sheet first).
 */
export function LatestDiagnosisCard({ companyId }: { companyId: string }) {
  const t = useTranslate();
  // A viewer opens the diagnoses, runs none.
  const canPrepare = useCompanyCan('prepare');
  const language = useLanguage();
  const localePath = useLocalePath();
  const diagnoses = useDiagnosesQuery(companyId);
  const sheets = useSheetsQuery(companyId);
  // The list comes newest first.
  const latest = diagnoses.data?.[0] ?? null;
  const hasSheets = (sheets.data?.length ?? 0) > 0;
  const percent =
    latest && latest.computableCount > 0
      ? Math.round((latest.passedCount / latest.computableCount) * 100)
      : 0;
  return (
    <Paper withBorder p="lg" data-testid="dashboard-diagnosis">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('diagnosisWeb:dashboard.title')}
        </Title>
        {diagnoses.isError ? <Alert color="red.9">{t('diagnosisWeb:loadFailed')}</Alert> : null}
        {/* The ring's height is kept while the list loads: the cards below do not move when it arrives. */}
        {diagnoses.isPending ? <Box h={RING_SIZE} data-testid="dashboard-diagnosis-loading" /> : null}
        {latest ? (
          <Group gap="md" wrap="nowrap" align="center">
            <ScoreRing
              size={RING_SIZE}
              thickness={9}
              value={percent}
              color={percent >= 50 ? 'green.8' : 'orange.8'}
              label={
                <Text ta="center" fw={700} size="sm">
                  {latest.passedCount}/{latest.computableCount}
                </Text>
              }
            />
            <Stack gap={4}>
              <Text fw={600} data-testid="dashboard-diagnosis-met">
                {t('diagnosisWeb:dashboard.met', {
                  count: latest.passedCount,
                  passed: latest.passedCount,
                  computable: latest.computableCount,
                })}
              </Text>
              <Text c="gray.7" size="sm">
                {t('diagnosisWeb:dashboard.latest', {
                  date: formatDisplayDate(latest.createdAt, language),
                  sheet: periodLabel(latest.balanceSheet, language),
                })}
              </Text>
              <Text c="gray.7" size="sm">
                {diagnosisTypeLabel(latest, t, language)}
              </Text>
            </Stack>
          </Group>
        ) : null}
        {latest ? (
          <Suspense fallback={null}>
            <CompactPositions companyId={companyId} diagnosisId={latest.id} />
          </Suspense>
        ) : null}
        {diagnoses.data && !latest ? (
          <Text c="gray.7">
            {hasSheets ? t('diagnosisWeb:dashboard.none') : t('diagnosisWeb:dashboard.needsSheet')}
          </Text>
        ) : null}
        <Group gap="sm">
          {latest ? (
            <Button
              component={Link}
              to={localePath(`/company/diagnosis?id=${encodeURIComponent(latest.id)}`)}
              variant="default"
            >
              {t('diagnosisWeb:dashboard.open')}
            </Button>
          ) : null}
          {hasSheets && canPrepare ? (
            <Button
              component={Link}
              to={localePath('/company/diagnosis')}
              leftSection={<IconStethoscope size={18} aria-hidden="true" />}
              variant={latest ? 'default' : 'filled'}
            >
              {t('diagnosisWeb:dashboard.run')}
            </Button>
          ) : null}
          {hasSheets ? (
            <Button
              component={Link}
              to={localePath('/company/statistic')}
              leftSection={<IconChartLine size={18} aria-hidden="true" />}
              variant="default"
            >
              {t('diagnosisWeb:dashboard.indicators')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
