import type { Diagnosis, DiagnosisSummary, WhatIfResponse } from '@excelencia/domain';
import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useLocalePath } from '../../../lib/language-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useDiagnosesQuery, useDiagnosisQuery, useWhatIfQuery } from '../queries.ts';
import type { WhatIfTrial } from './what-if-levers.tsx';

/** Loaded when first opened, so the application page's first load does not grow. */
const WhatIfSimulator = lazy(() => import('./what-if-simulator.tsx'));

/**
 * The company's newest saved diagnosis of the annual sheet of `year` (of the sheet `sheetId` when known: a
 * diagnosis of a sheet since replaced would not say what this one needs).
 */
export function diagnosisOfYear(
  diagnoses: readonly DiagnosisSummary[],
  year: number,
  sheetId: string | null,
): DiagnosisSummary | null {
  return (
    diagnoses.find(
      ({ balanceSheet }) =>
        balanceSheet.typeFrequence === 'annual' &&
        balanceSheet.startDate.startsWith(`${year}-`) &&
        balanceSheet.endDate.startsWith(`${year}-`) &&
        (sheetId === null || balanceSheet.id === sheetId),
    ) ?? null
  );
}

export type YearWhatIf = {
  /** Whether the company's diagnoses were read (none for a caller without a company). */
  ready: boolean;
  found: DiagnosisSummary | null;
  diagnosis: Diagnosis | null;
  rows: WhatIfResponse | null;
};

/** The levers of the year's annual sheet, from its newest saved diagnosis (nothing when there is none). */
export function useYearWhatIf(companyId: string | null, year: number, sheetId: string | null): YearWhatIf {
  const diagnoses = useDiagnosesQuery(companyId);
  const found = diagnoses.data ? diagnosisOfYear(diagnoses.data, year, sheetId) : null;
  const diagnosis = useDiagnosisQuery(companyId, found?.id ?? null);
  const whatIf = useWhatIfQuery(companyId, found?.id ?? null);
  return {
    ready: Boolean(companyId) && diagnoses.isSuccess,
    found,
    diagnosis: diagnosis.data ?? null,
    rows: whatIf.data ?? null,
  };
}

/**
 * Below the eligibility criteria: the simulator on the year's diagnosis (the application criteria only), or,
 * when a criterion fails and the sheet has no diagnosis yet, the way to run one.
 */
export function EligibilityWhatIf({
  state,
  codes,
  failing,
  sheetId,
  open,
  onOpen,
  trial,
}: {
  state: YearWhatIf;
  codes: readonly string[];
  failing: boolean;
  sheetId: string | null;
  open: boolean;
  onOpen: () => void;
  trial: (WhatIfTrial & { key: number }) | null;
}) {
  const t = useTranslate();
  const localePath = useLocalePath();
  if (!state.ready) return null;
  if (!state.found) {
    if (!failing) return null;
    const path = localePath('/company/diagnosis');
    return (
      <Text size="sm" data-testid="el-what-if-run">
        {t('diagnosisWeb:whatIf.runDiagnosis')}{' '}
        <Anchor
          component={Link}
          to={sheetId ? `${path}?sheet=${encodeURIComponent(sheetId)}` : path}
          fw={600}
        >
          {t('diagnosisWeb:whatIf.runDiagnosisLink')}
        </Anchor>
      </Text>
    );
  }
  if (!state.diagnosis) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-labelledby="el-wi-title"
      data-testid="wi-section"
    >
      <Stack gap="sm">
        <Title order={3} size="h5" id="el-wi-title">
          {t('diagnosisWeb:whatIf.simulatorTitle')}
        </Title>
        {open ? (
          <Suspense fallback={<Text c="gray.7">{t('diagnosisWeb:whatIf.loading')}</Text>}>
            <WhatIfSimulator diagnosis={state.diagnosis} codes={codes} trial={trial} />
          </Suspense>
        ) : (
          <Button variant="light" style={{ alignSelf: 'flex-start' }} onClick={onOpen} data-testid="wi-open">
            {t('diagnosisWeb:whatIf.open')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
