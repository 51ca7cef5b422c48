import {
  type BalanceSheetDetail,
  formatNumber,
  type PeriodFrequency,
  type TreeLevelNode,
} from '@excelencia/domain';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Input,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { DANGER_RED } from '../../../ui/colors.ts';
import { DateField } from '../../../ui/form/date-fields.tsx';
import { notifyError, notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { postEntry, putEntry } from '../api.ts';
import { FREQUENCY_CHOICES, type PeriodFields, periodProblems } from '../period.ts';
import { sheetKeys } from '../queries.ts';
import {
  besidesFromValues,
  entryBody,
  evaluateEntry,
  initialOpen,
  inputText,
  textsFromValues,
  visibleRows,
} from './entry-state.ts';
import { ReplaceNotice } from './replace-notice.tsx';

export interface EntryFormProps {
  companyId: string;
  tree: TreeLevelNode[];
  /** Editing an existing sheet (upload or entry); a new one otherwise. */
  sheet?: BalanceSheetDetail | null;
  /** The sheet as the server saved it (the page shows it and gives a fresh form). */
  onSaved?: (saved: BalanceSheetDetail) => void;
}

/** The period fields, in the order they are shown (the first wrong one takes the focus). */
const PERIOD_FIELDS = ['startDate', 'endDate', 'typeFrequence'] as const;

/** The codes of the groups above `code` (the groups to open to show it). */
function groupsOf(tree: TreeLevelNode[], code: string): string[] {
  const path: string[] = [];
  const visit = (node: TreeLevelNode): boolean => {
    if (node.code === code) return true;
    for (const child of node.children) {
      if (visit(child)) {
        path.push(node.code);
        return true;
      }
    }
    return false;
  };
  for (const node of tree) if (visit(node)) break;
  return path;
}

/**
 * The balance sheet entered or corrected by hand, on the tree of headings, sub-headings, categories and
 * sub-categories. A blank amount is 0; the net result for the period is computed from the income statement and
 * shown read-only, so the check, the saved sheet, its views and the diagnosis count it once (docs/adr/0018). On
 * Save, the first field to fix opens its group, takes the focus and says what is wrong under it.
 */
export function EntryForm({ companyId, tree, sheet, onSaved }: EntryFormProps) {
  const t = useTranslate();
  const language = useLanguage();
  const client = useQueryClient();
  const [open, setOpen] = useState(() => initialOpen(tree));
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    sheet ? textsFromValues(tree, sheet.values) : {},
  );
  // What the period-result leaf holds besides the period's result (an uploaded 818 amount), kept as it is.
  const besides = useMemo(() => (sheet ? besidesFromValues(tree, sheet.values) : undefined), [tree, sheet]);
  const [period, setPeriod] = useState<PeriodFields>(() => ({
    startDate: sheet?.startDate ?? '',
    endDate: sheet?.endDate ?? '',
    typeFrequence: sheet && sheet.typeFrequence !== 'unknown' ? sheet.typeFrequence : 'annual',
  }));
  const [allow, setAllow] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  // The field to focus once the groups above it are open (it is rendered only then).
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const fields = useRef(new Map<string, HTMLElement>());
  const checkBox = useRef<HTMLDivElement>(null);
  const evaluation = useMemo(
    () =>
      evaluateEntry(tree, texts, {
        allowAssetsMinusOneWithZeroEquityAndLiabilities: allow,
        ...(besides ? { besides } : {}),
      }),
    [tree, texts, allow, besides],
  );
  const rows = visibleRows(tree, open);
  const periodErrors = showErrors ? periodProblems(period) : {};
  const invalid = new Set(evaluation.invalid);
  const resultCode = evaluation.periodResult?.code ?? null;

  useEffect(() => {
    if (!focusTarget) return;
    const field = focusTarget === 'check' ? checkBox.current : fields.current.get(focusTarget);
    if (!field) return;
    field.focus();
    field.scrollIntoView?.({ block: 'center' });
    setFocusTarget(null);
  }, [focusTarget]);

  const fieldRef = (code: string) => (element: HTMLElement | null) => {
    if (element) fields.current.set(code, element);
    else fields.current.delete(code);
  };

  const toggle = (code: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });

  /** Opens the groups above `code` and focuses it. */
  const point = (code: string) => {
    setOpen((current) => new Set([...current, ...groupsOf(tree, code)]));
    setFocusTarget(code);
  };

  const save = () => {
    setShowErrors(true);
    const problems = periodProblems(period);
    const firstPeriodProblem = PERIOD_FIELDS.find((field) => problems[field]);
    if (firstPeriodProblem) {
      setFocusTarget(firstPeriodProblem);
      notifyError(
        t(
          problems[firstPeriodProblem] === 'balanceSheets:dateRequired'
            ? 'balanceSheets:fillAllFields'
            : 'balanceSheets:checkData',
        ),
      );
      return;
    }
    const result = entryBody(evaluation);
    if (!result.ok) {
      const first = result.codes[0];
      if (first) point(first);
      else setFocusTarget('check');
      notifyError(t(result.messageKey));
      return;
    }
    setBusy(true);
    const body = {
      startDate: period.startDate,
      endDate: period.endDate,
      typeFrequence: period.typeFrequence as PeriodFrequency,
      values: result.values,
      ...(sheet ? { version: sheet.version } : {}),
    };
    const request = sheet ? putEntry(companyId, sheet.id, body, allow) : postEntry(companyId, body, allow);
    request
      .then(async (saved) => {
        notifySuccess(t(sheet ? 'common:updated' : 'common:created'));
        await client.invalidateQueries({ queryKey: sheetKeys.company(companyId) });
        onSaved?.(saved);
      })
      .catch((error: unknown) => notifyApiError(error))
      .finally(() => setBusy(false));
  };

  const check = evaluation.check;
  const besidesAmount = evaluation.periodResult?.besides;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} maw={760}>
        <DateField
          ref={fieldRef('startDate')}
          label={t('balanceSheetsWeb:upload.startDate')}
          required
          value={period.startDate}
          onChange={(startDate: string) => setPeriod({ ...period, startDate })}
          error={periodErrors.startDate ? t(periodErrors.startDate) : undefined}
          data-testid="bs-entry-start-date"
        />
        <DateField
          ref={fieldRef('endDate')}
          label={t('balanceSheetsWeb:upload.endDate')}
          required
          value={period.endDate}
          onChange={(endDate: string) => setPeriod({ ...period, endDate })}
          error={periodErrors.endDate ? t(periodErrors.endDate) : undefined}
          data-testid="bs-entry-end-date"
        />
        <NativeSelect
          ref={fieldRef('typeFrequence')}
          label={t('balanceSheetsWeb:upload.frequency')}
          data={FREQUENCY_CHOICES.map((value) => ({ value, label: t(`balanceSheets:frequencies.${value}`) }))}
          value={period.typeFrequence}
          onChange={(event) => setPeriod({ ...period, typeFrequence: event.currentTarget.value })}
          error={periodErrors.typeFrequence ? t(periodErrors.typeFrequence) : undefined}
          data-testid="bs-entry-frequency"
        />
      </SimpleGrid>

      {sheet ? null : <ReplaceNotice companyId={companyId} period={period} />}
      <Text size="sm" c="gray.7" id="bs-blank-is-zero">
        {t('balanceSheetsWeb:entry.blankIsZero')}
      </Text>
      <Paper
        withBorder
        p={0}
        role="group"
        aria-label={t('balanceSheetsWeb:entry.treeLabel')}
        data-testid="bs-entry-tree"
      >
        <Group
          gap="xs"
          wrap="nowrap"
          px="sm"
          py={6}
          aria-hidden="true"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Text size="xs" fw={700} c="gray.7" style={{ flex: 1 }}>
            {t('balanceSheetsWeb:views.item')}
          </Text>
          <Text size="xs" fw={700} c="gray.7" w={{ base: 130, sm: 180 }} ta="end">
            {t('balanceSheetsWeb:entry.amount')}
          </Text>
        </Group>
        {rows.map(({ node, depth }) => {
          const isLeaf = node.children.length === 0;
          const isPeriodResult = node.code === resultCode;
          const name = node.description[language] || node.code;
          const isOpen = open.has(node.code);
          const total = evaluation.totals.get(node.code) ?? null;
          const shownTotal = total && node.isCostLine ? total.abs().neg() : total;
          const hasError = invalid.has(node.code);
          const withheld = evaluation.withheld.has(node.code);
          const hintId = `bs-hint-${node.code}`;
          return (
            <Group
              key={node.code}
              gap="xs"
              wrap="nowrap"
              px="sm"
              py={6}
              data-testid={`bs-node-${node.code}`}
              style={{
                paddingInlineStart: `calc(var(--mantine-spacing-sm) + ${depth * 18}px)`,
                borderBottom: '1px solid var(--mantine-color-gray-3)',
                background: depth === 0 ? 'var(--mantine-color-gray-1)' : undefined,
              }}
            >
              {isLeaf ? (
                <Box w={28} style={{ flexShrink: 0 }} />
              ) : (
                <ActionIcon
                  variant="subtle"
                  color="gray.8"
                  onClick={() => toggle(node.code)}
                  aria-expanded={isOpen}
                  aria-label={t(
                    isOpen ? 'balanceSheetsWeb:entry.collapse' : 'balanceSheetsWeb:entry.expand',
                    { name },
                  )}
                >
                  {isOpen ? (
                    <IconChevronDown size={16} aria-hidden="true" />
                  ) : (
                    <IconChevronRight size={16} aria-hidden="true" />
                  )}
                </ActionIcon>
              )}
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={depth < 2 ? 700 : 400} id={`bs-label-${node.code}`}>
                  {name}
                </Text>
                {isPeriodResult ? (
                  <Text size="xs" c="gray.7" id={hintId} data-testid="bs-period-result-hint">
                    {t('balanceSheetsWeb:entry.periodResultComputed')}
                    {besidesAmount && !besidesAmount.isZero()
                      ? ` ${t('balanceSheetsWeb:entry.periodResultBesides', { amount: formatNumber(besidesAmount) })}`
                      : null}
                  </Text>
                ) : null}
              </Box>
              {isPeriodResult ? (
                // A bare Input: TextInput would replace aria-describedby with its own (empty) description ids.
                <Input
                  withAria={false}
                  size="xs"
                  w={{ base: 130, sm: 180 }}
                  style={{ flexShrink: 0 }}
                  readOnly
                  variant="filled"
                  aria-label={t('balanceSheetsWeb:entry.amountOf', { name })}
                  aria-describedby={hintId}
                  value={withheld ? '—' : formatNumber(total)}
                  styles={{ input: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' } }}
                  data-testid={`bs-input-${node.code}`}
                  data-withheld={withheld || undefined}
                />
              ) : isLeaf ? (
                <TextInput
                  ref={fieldRef(node.code)}
                  size="xs"
                  w={{ base: 130, sm: 180 }}
                  style={{ flexShrink: 0 }}
                  inputMode="decimal"
                  placeholder="0"
                  aria-label={t('balanceSheetsWeb:entry.amountOf', { name })}
                  aria-invalid={hasError || undefined}
                  error={hasError ? t('balanceSheets:invalidAmount') : undefined}
                  leftSection={
                    node.isCostLine ? <span title={t('balanceSheetsWeb:entry.costLine')}>−</span> : undefined
                  }
                  value={texts[node.code] ?? ''}
                  onChange={(event) => {
                    const value = inputText(event.currentTarget.value, node.isCostLine);
                    setTexts((current) => ({ ...current, [node.code]: value }));
                  }}
                  styles={{ input: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' } }}
                  data-testid={`bs-input-${node.code}`}
                />
              ) : (
                <Text
                  size="sm"
                  fw={700}
                  w={{ base: 130, sm: 180 }}
                  ta="end"
                  style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}
                  c={withheld ? DANGER_RED : undefined}
                  data-testid={`bs-total-${node.code}`}
                  data-withheld={withheld || undefined}
                >
                  {withheld ? (
                    <>
                      <span aria-hidden="true">—</span>
                      <VisuallyHidden>{t('balanceSheetsWeb:entry.totalWithheld')}</VisuallyHidden>
                    </>
                  ) : (
                    formatNumber(shownTotal)
                  )}
                </Text>
              )}
            </Group>
          );
        })}
      </Paper>

      <Box
        ref={checkBox}
        tabIndex={-1}
        aria-live="polite"
        data-testid="bs-balance-check"
        data-status={check.status}
      >
        {check.status === 'mismatch' ? (
          <Alert color="red.9" variant="light">
            {t('balanceSheets:assetsMismatchDifference', { difference: formatNumber(check.difference) })}
          </Alert>
        ) : check.status === 'ok' ? (
          <Text size="sm" c="green.9">
            {t('balanceSheetsWeb:entry.balanceOk')}
          </Text>
        ) : null}
      </Box>
      <Checkbox
        label={t('balanceSheets:allowMinusOne')}
        checked={allow}
        onChange={(event) => setAllow(event.currentTarget.checked)}
        data-testid="bs-allow-option"
      />
      <Group>
        <Button onClick={save} loading={busy} data-testid="bs-save-entry">
          {t('balanceSheetsWeb:entry.save')}
        </Button>
      </Group>
    </Stack>
  );
}
