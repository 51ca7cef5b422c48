import {
  type ApplicationIndicator,
  type Eligibility,
  indicatorValueText,
  localized,
  targetText,
  type WhatIfLever,
} from '@excelencia/domain';
import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { SUCCESS_GREEN, WARNING_ORANGE } from '../../../ui/colors.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { EligibilityWhatIf, useYearWhatIf } from '../../diagnosis/components/eligibility-what-if.tsx';
import { WhatIfLevers, type WhatIfTrial } from '../../diagnosis/components/what-if-levers.tsx';
import { gapDisplay, yearsText } from './company-application-format.ts';

/** The criterion's name as the company reads it: 'EBITDA — EBITDA positivo'. */
export function criterionName(row: ApplicationIndicator, language: ReturnType<typeof useLanguage>): string {
  const { code, ratioDescription } = row.criterionRatioDetails;
  const description = localized(ratioDescription, language);
  return description && description !== code ? `${code} — ${description}` : code;
}

function PassBadge({ passed }: { passed: boolean | null }) {
  const t = useTranslate();
  const [color, key, status] =
    passed === null
      ? ['gray.7', 'notComputable', 'notComputable']
      : passed
        ? [SUCCESS_GREEN, 'met', 'passed']
        : ['red.9', 'notMet', 'failed'];
  return (
    <Badge
      color={color}
      variant="filled"
      style={{ flexShrink: 0 }}
      data-testid="el-status"
      data-status={status}
    >
      {t(`applicationsWeb:eligibility.${key}`)}
    </Badge>
  );
}

type RowWhatIf = {
  levers: readonly WhatIfLever[];
  annualisedMonths: number | null;
  onTry: (trial: WhatIfTrial) => void;
};

function CriterionRow({ row, whatIf }: { row: ApplicationIndicator; whatIf?: RowWhatIf | undefined }) {
  const t = useTranslate();
  const language = useLanguage();
  const gap = gapDisplay(row.gap, row.target.comparison);
  const reason = row.reason ? t(`formula:reasons.${row.reason.key}`, { name: row.reason.name ?? '' }) : null;
  return (
    <Paper
      withBorder
      p="sm"
      component="li"
      data-testid="el-criterion"
      data-code={row.criterionRatioDetails.code}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {criterionName(row, language)}
          </Text>
          <PassBadge passed={row.passed} />
        </Group>
        <Text size="sm">
          <Text span c="gray.7">
            {t('applicationsWeb:eligibility.value')}
            {t('common:colon')}{' '}
          </Text>
          <span data-testid="el-value">
            {row.value === null ? '—' : indicatorValueText(row.value, row.target)}
          </span>
          <Text span c="gray.7" ml="md">
            {t('applicationsWeb:eligibility.threshold')}
            {t('common:colon')}{' '}
          </Text>
          <span data-testid="el-target">{targetText(row.target)}</span>
        </Text>
        {gap ? (
          <Text
            size="sm"
            c={gap.kind === 'short' || gap.kind === 'over' || gap.kind === 'off' ? 'red.9' : 'gray.8'}
            data-testid="el-gap"
            data-kind={gap.kind}
          >
            {t(`applicationsWeb:eligibility.${gap.kind}`, { amount: gap.amount })}
          </Text>
        ) : null}
        {reason ? (
          <Text size="sm" c="red.9" data-testid="el-reason">
            {reason}
          </Text>
        ) : null}
        {whatIf && row.passed !== true ? (
          <WhatIfLevers
            levers={whatIf.levers}
            target={row.target}
            annualisedMonths={whatIf.annualisedMonths}
            onTry={whatIf.onTry}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Which annual trial balance to upload before eligibility can be computed, with the way there. */
export function MissingSheetsAlert({ years }: { years: readonly number[] }) {
  const t = useTranslate();
  const language = useLanguage();
  const localePath = useLocalePath();
  if (years.length === 0) return null;
  return (
    <Alert
      color={WARNING_ORANGE}
      variant="light"
      title={t('applicationsWeb:eligibility.missingTitle')}
      data-testid="el-missing"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('applications:missingSheets', { years: yearsText(years, language) })}</Text>
        <Anchor component={Link} to={localePath('/company/balance-sheet')} size="sm" fw={600}>
          <IconFileUpload
            size={16}
            aria-hidden="true"
            style={{ verticalAlign: 'text-bottom', marginInlineEnd: 4 }}
          />
          {t('applicationsWeb:eligibility.uploadSheet')}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/**
 * The 8 criteria in the order the server sends them (their fixed order), each against its threshold. With the
 * company (its own page), beside each failed criterion what would make it pass and a simulator, from the saved
 * diagnosis of the year's annual sheet (`sheetId` when known); a partner's view passes none.
 */
export function EligibilityList({
  eligibility,
  intro,
  companyId,
  sheetId,
}: {
  eligibility: Pick<Eligibility, 'applicationFinancialIndicators' | 'missingYears' | 'indicatorYear'>;
  intro: string;
  companyId?: string | null | undefined;
  sheetId?: string | null | undefined;
}) {
  const t = useTranslate();
  const rows = eligibility.applicationFinancialIndicators;
  const met = rows.filter((row) => row.passed === true).length;
  const whatIf = useYearWhatIf(companyId ?? null, eligibility.indicatorYear, sheetId ?? null);
  const leversOf = new Map((whatIf.rows ?? []).map((row) => [row.criterion.code, row.levers]));
  const [simulatorOpen, setSimulatorOpen] = useState(false);
  const [trial, setTrial] = useState<(WhatIfTrial & { key: number }) | null>(null);
  const tryLever = (next: WhatIfTrial) => {
    setSimulatorOpen(true);
    setTrial((current) => ({ ...next, key: (current?.key ?? 0) + 1 }));
  };
  const rowWhatIf = (code: string): RowWhatIf | undefined =>
    leversOf.has(code)
      ? {
          levers: leversOf.get(code) ?? [],
          annualisedMonths: whatIf.diagnosis?.annualisedMonths ?? null,
          onTry: tryLever,
        }
      : undefined;
  return (
    <Stack gap="sm">
      <Text c="gray.7">{intro}</Text>
      <MissingSheetsAlert years={eligibility.missingYears} />
      <Text fw={600} data-testid="el-summary">
        {t('applicationsWeb:eligibility.summary', { count: met, total: rows.length })}
      </Text>
      <SimpleGrid
        cols={{ base: 1, md: 2 }}
        spacing="sm"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {rows.map((row) => (
          <CriterionRow
            key={row.criterionRatioDetails.code}
            row={row}
            whatIf={rowWhatIf(row.criterionRatioDetails.code)}
          />
        ))}
      </SimpleGrid>
      {companyId && eligibility.missingYears.length === 0 ? (
        <EligibilityWhatIf
          state={whatIf}
          codes={rows.map((row) => row.criterionRatioDetails.code)}
          failing={rows.some((row) => row.passed !== true)}
          sheetId={sheetId ?? null}
          open={simulatorOpen}
          onOpen={() => setSimulatorOpen(true)}
          trial={trial}
        />
      ) : null}
    </Stack>
  );
}
