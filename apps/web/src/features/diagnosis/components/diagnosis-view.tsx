import {
  type Diagnosis,
  type DiagnosisIndicator,
  diagnosisTypeLabel,
  formatDisplayDate,
  formatNumber,
  groupByType,
  localized,
  targetText,
  type WhatIfLever,
} from '@excelencia/domain';
import {
  Accordion,
  Alert,
  Badge,
  Box,
  Button,
  Code,
  Group,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf, IconInfoCircle, IconX } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { SUCCESS_GREEN } from '../../../ui/colors.ts';
import { DownloadButton } from '../../../ui/download-button.tsx';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { WhenVisible } from '../../../ui/when-visible.tsx';
import { diagnosisExportPath } from '../api.ts';
import {
  changeDisplay,
  type InputAccountsView,
  inputAccountsView,
  sectorPosition,
  sheetOptionLabel,
  typeHeading,
  valueText,
} from '../diagnosis-format.ts';
import { useWhatIfQuery } from '../queries.ts';
import classes from './diagnosis-view.module.css';
import { WhatIfLevers, type WhatIfTrial } from './what-if-levers.tsx';

/** The simulator is loaded when first opened, so a diagnosis's first load does not grow. */
const WhatIfSimulator = lazy(() => import('./what-if-simulator.tsx'));
/** The diagnosis's place in the barometer: its own chunk, loaded when scrolled near. */
const DiagnosisPositions = lazy(() => import('../../barometer/components/diagnosis-positions.tsx'));

type DiagnosisIndicatorInput = DiagnosisIndicator['inputs'][number];

const NUMERIC = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A label and its value in the indicator's description list. */
function Field({
  label,
  children,
  testId,
  className,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <div data-testid={testId} className={className}>
      <Text component="dt" size="xs" c="gray.7">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Text>
    </div>
  );
}

export function StatusBadge({ passed }: { passed: boolean | null }) {
  const t = useTranslate();
  if (passed === null) {
    return (
      <Badge
        color="gray.7"
        variant="filled"
        style={{ flexShrink: 0 }}
        data-testid="dg-status"
        data-status="notComputable"
      >
        {t('diagnosis:export.notComputable')}
      </Badge>
    );
  }
  return (
    <Badge
      color={passed ? SUCCESS_GREEN : 'red.9'}
      variant="filled"
      style={{ flexShrink: 0 }}
      data-testid="dg-status"
      data-status={passed ? 'passed' : 'failed'}
    >
      {t(passed ? 'diagnosis:export.passed' : 'diagnosis:export.failed')}
    </Badge>
  );
}

/** The change with 1 decimal and an up (▲) or down (▼) arrow named for screen readers. */
export function ChangeText({ change }: { change: DiagnosisIndicator['change'] }) {
  const t = useTranslate();
  const display = changeDisplay(change);
  if (!display) return <span>—</span>;
  return (
    <span data-testid="dg-change" data-direction={display.direction}>
      {display.arrow ? (
        <span role="img" aria-label={t(display.labelKey)} data-testid="dg-arrow">
          {display.arrow}
        </span>
      ) : (
        <VisuallyHidden>{t(display.labelKey)}</VisuallyHidden>
      )}{' '}
      {display.text}
    </span>
  );
}

/**
 * The trial-balance lines that made up one aggregate: account, description (wraps), amount; 'and N other
 * accounts'. Outside the table's horizontal scroll, so the amounts stay in view on a phone.
 */
function InputLines({
  input,
  view,
}: {
  input: DiagnosisIndicatorInput;
  view: Extract<InputAccountsView, { kind: 'lines' }>;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const description = localized(input.description, language);
  return (
    <Box component="section" data-testid="dg-input-lines" data-name={input.name} data-period={input.period}>
      <Text component="div" size="sm" fw={600}>
        {t('diagnosisWeb:view.sheetLines', { name: input.name })}
        {description ? ` (${description})` : ''}
        {input.period === 'previous' ? (
          <Badge ml={6} size="sm" variant="outline" color="gray.8">
            {t('diagnosisWeb:view.previousPeriod')}
          </Badge>
        ) : null}
      </Text>
      {view.empty ? (
        <Text size="sm" c="gray.7">
          {view.empty}
        </Text>
      ) : (
        <ul className={classes.lines}>
          {view.lines.map((line) => (
            <li key={line.account} className={classes.line} data-testid="dg-input-line">
              <Code>{line.account}</Code>
              <span className={classes.lineDescription}>{line.description}</span>
              <span style={NUMERIC}>{line.amount}</span>
            </li>
          ))}
        </ul>
      )}
      {view.more ? (
        <Text size="sm" c="gray.7" mt={2} data-testid="dg-input-more">
          {view.more}
        </Text>
      ) : null}
    </Box>
  );
}

function InputsTable({ inputs }: { inputs: DiagnosisIndicatorInput[] }) {
  const t = useTranslate();
  const language = useLanguage();
  if (inputs.length === 0) return <Text c="gray.7">{t('diagnosisWeb:view.noInputs')}</Text>;
  const hasAnnualised = inputs.some((input) => input.annualisedValue !== null);
  const views = inputs.map((input) => inputAccountsView(input, t));
  const notes = [
    ...new Set(views.flatMap((view) => (view.kind === 'configured' && view.note ? [view.note] : []))),
  ];
  return (
    <Stack gap="sm">
      {notes.map((note) => (
        <Text key={note} size="sm" c="gray.7" data-testid="dg-inputs-hand-entered">
          {note}
        </Text>
      ))}
      <ScrollRegion label={t('diagnosisWeb:view.inputs', { count: inputs.length })}>
        <Table verticalSpacing={4} striped miw={520} data-testid="dg-inputs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('diagnosisWeb:view.aggregate')}</Table.Th>
              <Table.Th>{t('diagnosisWeb:view.description')}</Table.Th>
              <Table.Th>{t('diagnosisWeb:view.accounts')}</Table.Th>
              <Table.Th style={NUMERIC}>{t('diagnosis:export.value')}</Table.Th>
              {hasAnnualised ? (
                <Table.Th style={NUMERIC}>{t('diagnosisWeb:view.annualisedValue')}</Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inputs.map((input) => (
              <Table.Tr key={`${input.period}-${input.name}`} data-testid="dg-input">
                <Table.Td>
                  <Code>{input.name}</Code>
                  {input.period === 'previous' ? (
                    <Badge ml={6} size="sm" variant="outline" color="gray.8">
                      {t('diagnosisWeb:view.previousPeriod')}
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>{localized(input.description, language)}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{input.accountCodes.join(', ')}</Table.Td>
                <Table.Td style={NUMERIC}>{input.value === null ? '—' : formatNumber(input.value)}</Table.Td>
                {hasAnnualised ? (
                  <Table.Td style={NUMERIC}>
                    {input.annualisedValue === null ? '' : formatNumber(input.annualisedValue)}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      {inputs.map((input, index) => {
        const view = views[index];
        return view?.kind === 'lines' ? (
          <InputLines key={`${input.period}-${input.name}`} input={input} view={view} />
        ) : null;
      })}
    </Stack>
  );
}

/** One indicator: its figures always shown, the aggregates behind it in an expandable panel. */
export function IndicatorCard({
  indicator,
  isComparison,
  showSector,
  whatIf,
}: {
  indicator: DiagnosisIndicator;
  isComparison: boolean;
  /** Whether any indicator has a sector median (else one note says why above the list, not on every card). */
  showSector: boolean;
  /** The criterion's levers (shown when it does not pass), the sheet's months if sub-annual, and 'try it'. */
  whatIf?:
    | {
        levers: readonly WhatIfLever[];
        annualisedMonths: number | null;
        onTry?: (trial: WhatIfTrial) => void;
      }
    | undefined;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const { criterion } = indicator;
  const headingId = `dg-indicator-${criterion.id}`;
  const reason = indicator.reason
    ? t(`formula:reasons.${indicator.reason.key}`, { name: indicator.reason.name ?? '' })
    : null;
  const position = sectorPosition(indicator.value, indicator.sector?.median, indicator.target);
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby={headingId}
      data-testid="dg-indicator"
      data-code={criterion.code}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={4} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            <Text span c="gray.7" fw={700}>
              {criterion.code}
            </Text>
            {/* A real space: without it the code and the name are one word, cut anywhere ('Cobertur' / 'a'). */}{' '}
            {localized(criterion.description, language)}
          </Title>
          <StatusBadge passed={indicator.passed} />
        </Group>
        <dl className={isComparison ? `${classes.fields} ${classes.fieldsComparison}` : classes.fields}>
          <Field label={t('diagnosis:export.value')} testId="dg-value">
            {indicator.value === null ? '—' : valueText(indicator.value, indicator.target)}
          </Field>
          <Field label={t('diagnosis:export.target')} testId="dg-target">
            {targetText(indicator.target)}
          </Field>
          {isComparison ? (
            <>
              <Field label={t('diagnosis:export.previousValue')} testId="dg-previous-value">
                {indicator.previousValue ? valueText(indicator.previousValue, indicator.target) : '—'}
              </Field>
              <Field label={t('diagnosis:export.change')}>
                <ChangeText change={indicator.change} />
              </Field>
            </>
          ) : null}
          {showSector && indicator.sector !== undefined ? (
            <Field label={t('diagnosis:export.sectorMedian')} testId="dg-sector" className={classes.wide}>
              {indicator.sector ? (
                <>
                  {t('diagnosisWeb:view.sectorValue', {
                    median: valueText(indicator.sector.median, indicator.target),
                    companies: indicator.sector.companies,
                  })}
                  {position ? (
                    <Text
                      span
                      display="block"
                      size="sm"
                      fw={400}
                      c="gray.8"
                      data-testid="dg-sector-position"
                      data-verdict={position.verdict ?? 'none'}
                    >
                      {t(position.labelKey)}
                    </Text>
                  ) : null}
                </>
              ) : (
                <Text span size="sm" fw={400} lh={1.4} c="gray.7">
                  {t('diagnosisWeb:view.sectorUnavailable')}
                </Text>
              )}
            </Field>
          ) : null}
        </dl>
        <Text size="sm">
          <Text span c="gray.7">
            {t('diagnosis:export.formula')}
            {t('common:colon')}{' '}
          </Text>
          <Code style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{criterion.ratio}</Code>
        </Text>
        {reason ? (
          <Text size="sm" c="red.9" data-testid="dg-reason">
            {reason}
          </Text>
        ) : null}
        {whatIf && indicator.passed !== true ? (
          <WhatIfLevers
            levers={whatIf.levers}
            target={indicator.target}
            annualisedMonths={whatIf.annualisedMonths}
            onTry={whatIf.onTry}
          />
        ) : null}
        <Text size="sm">
          <Text span c="gray.7">
            {t('diagnosis:export.recommendation')}
            {t('common:colon')}{' '}
          </Text>
          {localized(criterion.recommendation, language)}
        </Text>
        <Accordion variant="contained" chevronPosition="left">
          <Accordion.Item value="inputs">
            <Accordion.Control data-testid="dg-inputs-toggle">
              {t('diagnosisWeb:view.inputs', { count: indicator.inputs.length })}
            </Accordion.Control>
            <Accordion.Panel>
              <InputsTable inputs={indicator.inputs} />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Stack>
    </Paper>
  );
}

/**
 * A diagnosis (company users and admins): type label, sheets, summary, the annualisation notice, downloads, then
 * the indicators grouped by criterion type in the order received (EE, F, L, RE, RF, C).
 */
export function DiagnosisView({
  diagnosis,
  variant = 'company',
  onClose,
}: {
  diagnosis: Diagnosis;
  variant?: 'company' | 'admin';
  onClose?: () => void;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const label = diagnosisTypeLabel(diagnosis, t, language, variant);
  const isComparison = diagnosis.previousBalanceSheet !== null;
  const [onlyFailing, setOnlyFailing] = useState(false);
  const indicators = diagnosis.currentAutoFinancialIndicators;
  const whatIf = useWhatIfQuery(diagnosis.companyId, diagnosis.id);
  const leversOf = new Map((whatIf.data ?? []).map((row) => [row.criterion.code, row.levers]));
  const [simulatorOpen, setSimulatorOpen] = useState(false);
  const [trial, setTrial] = useState<(WhatIfTrial & { key: number }) | null>(null);
  const tryLever = (next: WhatIfTrial) => {
    setSimulatorOpen(true);
    setTrial((current) => ({ ...next, key: (current?.key ?? 0) + 1 }));
  };
  const shown = onlyFailing ? indicators.filter((indicator) => indicator.passed !== true) : indicators;
  const groups = groupByType(shown);
  const showSector = indicators.some((indicator) => indicator.sector);
  const downloadProgress = ({ percent, received }: { percent: number | null; received: string }) =>
    percent !== null
      ? t('diagnosisWeb:view.downloadingPercent', { percent })
      : t('diagnosisWeb:view.downloading', { received });
  const base = `diagnostico-${diagnosis.balanceSheet.tag || diagnosis.balanceSheet.startDate}`;
  return (
    <section aria-labelledby="dg-view-title" data-testid="dg-view">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title
            order={2}
            id="dg-view-title"
            data-testid="dg-view-title"
            style={{ overflowWrap: 'anywhere' }}
          >
            {label}
          </Title>
          {onClose ? (
            <Button
              variant="default"
              leftSection={<IconX size={16} aria-hidden="true" />}
              onClick={onClose}
              data-testid="dg-close"
            >
              {t('diagnosisWeb:view.close')}
            </Button>
          ) : null}
        </Group>
        <dl className={classes.meta}>
          {variant === 'admin' ? (
            <Field label={t('diagnosis:export.company')}>{diagnosis.companyName}</Field>
          ) : null}
          <Field label={t('diagnosis:export.sheet')}>
            {sheetOptionLabel(diagnosis.balanceSheet, t, language)}
          </Field>
          {diagnosis.previousBalanceSheet ? (
            <Field label={t('diagnosis:export.previousSheet')}>
              {sheetOptionLabel(diagnosis.previousBalanceSheet, t, language)}
            </Field>
          ) : null}
          <Field label={t('diagnosis:export.createdAt')}>
            {formatDisplayDate(diagnosis.createdAt, language, { time: true })}
          </Field>
          {diagnosis.sector ? (
            <Field label={t('diagnosisWeb:view.sector')}>
              {`${diagnosis.sector.code} — ${localized(diagnosis.sector.description, language)}`}
            </Field>
          ) : null}
        </dl>
        <Text fw={600} data-testid="dg-summary">
          {t('diagnosis:export.summary', {
            count: diagnosis.passedCount,
            passed: diagnosis.passedCount,
            computable: diagnosis.computableCount,
          })}
        </Text>
        {diagnosis.annualisedMonths !== null ? (
          <Alert
            variant="light"
            color="brand"
            icon={<IconInfoCircle aria-hidden="true" />}
            data-testid="dg-annualised"
          >
            {t('diagnosis:annualised', { months: diagnosis.annualisedMonths })}
          </Alert>
        ) : null}
        <Group gap="sm">
          <DownloadButton
            href={diagnosisExportPath(diagnosis.companyId, diagnosis.id, 'pdf', language)}
            fallbackName={`${base}.pdf`}
            label={t('diagnosisWeb:view.downloadPdf')}
            icon={<IconFileTypePdf size={18} aria-hidden="true" />}
            testId="dg-download-pdf"
            progressText={downloadProgress}
          />
          <DownloadButton
            href={diagnosisExportPath(diagnosis.companyId, diagnosis.id, 'xlsx', language)}
            fallbackName={`${base}.xlsx`}
            label={t('diagnosisWeb:view.downloadXlsx')}
            icon={<IconFileSpreadsheet size={18} aria-hidden="true" />}
            testId="dg-download-xlsx"
            progressText={downloadProgress}
          />
        </Group>
        {showSector ? null : (
          <Text size="sm" c="gray.7" data-testid="dg-sector-note">
            {t(
              diagnosis.sector ? 'diagnosisWeb:view.sectorUnavailable' : 'diagnosisWeb:view.sectorNoSection',
            )}
          </Text>
        )}
        {indicators.length > 0 ? (
          <Switch
            checked={onlyFailing}
            onChange={(event) => setOnlyFailing(event.currentTarget.checked)}
            label={t('diagnosisWeb:view.onlyFailing')}
            data-testid="dg-only-failing"
          />
        ) : null}
        {indicators.length > 0 ? (
          <Paper
            withBorder
            radius="md"
            p={{ base: 'sm', sm: 'md' }}
            component="section"
            aria-labelledby="wi-title"
            data-testid="wi-section"
          >
            <Stack gap="sm">
              <Title order={3} size="h4" id="wi-title">
                {t('diagnosisWeb:whatIf.simulatorTitle')}
              </Title>
              {simulatorOpen ? (
                <Suspense fallback={<Text c="gray.7">{t('diagnosisWeb:whatIf.loading')}</Text>}>
                  <WhatIfSimulator diagnosis={diagnosis} trial={trial} />
                </Suspense>
              ) : (
                <Button
                  variant="light"
                  style={{ alignSelf: 'flex-start' }}
                  onClick={() => setSimulatorOpen(true)}
                  data-testid="wi-open"
                >
                  {t('diagnosisWeb:whatIf.open')}
                </Button>
              )}
            </Stack>
          </Paper>
        ) : null}
        {indicators.length === 0 ? <Text c="gray.7">{t('diagnosisWeb:view.noIndicators')}</Text> : null}
        {indicators.length > 0 && shown.length === 0 ? (
          <Text c="gray.7">{t('diagnosisWeb:view.noneFailing')}</Text>
        ) : null}
        {groups.map((group) => {
          const heading = typeHeading(group.code, t, language, group.description);
          return (
            <Box
              key={group.code}
              component="section"
              aria-labelledby={`dg-type-${group.code}`}
              data-testid="dg-group"
              data-type={group.code}
            >
              <Title order={3} size="h4" mb="sm" id={`dg-type-${group.code}`}>
                {heading}
              </Title>
              <Stack gap="sm">
                {group.indicators.map((indicator) => (
                  <IndicatorCard
                    key={indicator.criterion.id}
                    indicator={indicator}
                    isComparison={isComparison}
                    showSector={showSector}
                    whatIf={
                      leversOf.has(indicator.criterion.code)
                        ? {
                            levers: leversOf.get(indicator.criterion.code) ?? [],
                            annualisedMonths: diagnosis.annualisedMonths,
                            onTry: tryLever,
                          }
                        : undefined
                    }
                  />
                ))}
              </Stack>
            </Box>
          );
        })}
        {variant === 'company' && indicators.length > 0 ? (
          <WhenVisible height={160}>
            <Suspense fallback={<Text c="gray.7">{t('barometerWeb:position.loading')}</Text>}>
              <DiagnosisPositions
                companyId={diagnosis.companyId}
                diagnosisId={diagnosis.id}
                targets={new Map(indicators.map((indicator) => [indicator.criterion.code, indicator.target]))}
              />
            </Suspense>
          </WhenVisible>
        ) : null}
      </Stack>
    </section>
  );
}
