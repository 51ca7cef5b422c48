import {
  type Decimal,
  type Diagnosis,
  formatNumberInput,
  indicatorValueText,
  localized,
  numberInputText,
  parseNumberInput,
  simulateWhatIf,
  WHAT_IF_FIGURES,
  type WhatIfChanges,
  type WhatIfFigure,
  whatIfModelOfDiagnosis,
} from '@excelencia/domain';
import { Box, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { StatusBadge } from './diagnosis-view.tsx';
import type { WhatIfTrial } from './what-if-levers.tsx';

type Texts = Record<WhatIfFigure, string>;
const EMPTY: Texts = { capitalInjection: '', ebitda: '', netFinancialDebt: '', netResult: '', turnover: '' };

/** The typed amounts as changes; the figures whose text is not a number are left out and named. */
function changesOf(texts: Texts): { changes: WhatIfChanges; invalid: Set<WhatIfFigure> } {
  const changes: WhatIfChanges = {};
  const invalid = new Set<WhatIfFigure>();
  for (const figure of WHAT_IF_FIGURES) {
    const text = texts[figure].trim();
    if (text === '') continue;
    const value: Decimal | null = parseNumberInput(text);
    if (value === null) invalid.add(figure);
    else changes[figure] = value;
  }
  return { changes, invalid };
}

/**
 * The what-if simulator of a saved diagnosis: a field per figure (signed amounts in escudos of the sheet's own
 * period) and every criterion recomputed at once in the browser with the domain's function, the one the server's
 * levers come from (whatIfModelOfDiagnosis, simulateWhatIf), so the two never disagree. Loaded only when opened.
 * `trial` (a lever's 'Try this amount') fills its figure and moves the focus there.
 */
export default function WhatIfSimulator({
  diagnosis,
  codes,
  trial,
}: {
  diagnosis: Pick<Diagnosis, 'annualisedMonths' | 'currentAutoFinancialIndicators'>;
  /** Only these criteria (the application criteria on the eligibility panel); all when absent. */
  codes?: readonly string[] | undefined;
  trial?: (WhatIfTrial & { key: number }) | null | undefined;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const [texts, setTexts] = useState<Texts>(EMPTY);
  const inputs = useRef(new Map<WhatIfFigure, HTMLInputElement>());
  const model = useMemo(() => whatIfModelOfDiagnosis(diagnosis), [diagnosis]);
  const before = useMemo(() => simulateWhatIf(model), [model]);
  const { changes, invalid } = changesOf(texts);
  const after = simulateWhatIf(model, changes);

  useEffect(() => {
    if (!trial) return;
    setTexts((current) => ({ ...current, [trial.figure]: numberInputText(trial.amount) }));
    inputs.current.get(trial.figure)?.focus();
  }, [trial]);

  const indicators = diagnosis.currentAutoFinancialIndicators.filter(
    (indicator) => !codes || codes.includes(indicator.criterion.code),
  );
  const outcomes = new Map(after.map((outcome) => [outcome.code, outcome]));
  const previous = new Map(before.map((outcome) => [outcome.code, outcome]));
  const shown = indicators.map((indicator) => outcomes.get(indicator.criterion.code));
  const computable = shown.filter((outcome) => outcome && outcome.value !== null).length;
  const passed = shown.filter((outcome) => outcome?.passed === true).length;

  return (
    <Stack gap="md" data-testid="wi-simulator">
      <Text size="sm" c="gray.7">
        {t('diagnosisWeb:whatIf.simulatorIntro')}
        {diagnosis.annualisedMonths !== null
          ? ` ${t('diagnosisWeb:whatIf.periodAmounts', { months: diagnosis.annualisedMonths })}`
          : ''}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {WHAT_IF_FIGURES.map((figure) => (
          <TextInput
            key={figure}
            ref={(element) => {
              if (element) inputs.current.set(figure, element);
              else inputs.current.delete(figure);
            }}
            label={t(`diagnosisWeb:whatIf.figure.${figure}`)}
            description={t(`diagnosisWeb:whatIf.figureHint.${figure}`)}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={texts[figure]}
            error={invalid.has(figure) ? t('diagnosisWeb:whatIf.invalidAmount') : undefined}
            onChange={(event) => {
              const value = formatNumberInput(event.currentTarget.value);
              setTexts((current) => ({ ...current, [figure]: value }));
            }}
            data-testid="wi-field"
            data-figure={figure}
          />
        ))}
      </SimpleGrid>
      <Group justify="space-between" gap="sm">
        <Text fw={600} aria-live="polite" data-testid="wi-summary">
          {t('diagnosisWeb:whatIf.summary', { passed, computable })}
        </Text>
        <Button variant="default" onClick={() => setTexts(EMPTY)} data-testid="wi-reset">
          {t('diagnosisWeb:whatIf.reset')}
        </Button>
      </Group>
      <Box
        component="ul"
        aria-label={t('diagnosisWeb:whatIf.tableLabel')}
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {indicators.map((indicator) => {
          const code = indicator.criterion.code;
          const now = previous.get(code);
          const then = outcomes.get(code);
          const changed = now?.value?.toString() !== then?.value?.toString();
          return (
            <Group
              component="li"
              key={code}
              justify="space-between"
              align="center"
              gap="xs"
              wrap="wrap"
              py={6}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
              data-testid="wi-row"
              data-code={code}
              data-changed={changed}
            >
              <Text size="sm" style={{ flex: '1 1 12rem', overflowWrap: 'anywhere' }}>
                <Text span fw={700} c="gray.7">
                  {code}
                </Text>{' '}
                {localized(indicator.criterion.description, language)}
              </Text>
              <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                <Text span c="gray.7">
                  {t('diagnosisWeb:whatIf.now')}
                  {t('common:colon')}{' '}
                </Text>
                {now?.value ? indicatorValueText(now.value, indicator.target) : '—'}
                {' → '}
                <Text span fw={changed ? 700 : 400} data-testid="wi-simulated">
                  {then?.value ? indicatorValueText(then.value, indicator.target) : '—'}
                </Text>
              </Text>
              <StatusBadge passed={then?.passed ?? null} />
            </Group>
          );
        })}
      </Box>
    </Stack>
  );
}
