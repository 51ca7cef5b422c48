import {
  type BalanceSheetDetail,
  formatAmount,
  type PeriodFrequency,
  type TreeLevelNode,
  treeLeaves,
} from '@excelencia/domain';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
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
import { useMemo, useState } from 'react';
import { useLanguage } from '../../lib/language-context.ts';
import { notifyApiError } from '../../ui/api-feedback.tsx';
import { DANGER_RED } from '../../ui/colors.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useTranslate } from '../../ui/use-translate.ts';
import { postEntry, putEntry } from './api.ts';
import {
  entryBody,
  evaluateEntry,
  initialOpen,
  inputText,
  textsFromValues,
  visibleRows,
} from './entry-state.ts';
import { FREQUENCY_CHOICES, type PeriodFields, periodProblems } from './period.ts';
import { sheetKeys } from './queries.ts';
import { ReplaceNotice } from './replace-notice.tsx';

export interface EntryFormProps {
  companyId: string;
  tree: TreeLevelNode[];
  /** Editing an existing sheet (upload or entry); a new one otherwise. */
  sheet?: BalanceSheetDetail | null;
  onSaved?: () => void;
}

/** The balance sheet entered or corrected by hand (SPEC §3 entry form tree, §5 rules). */
export function EntryForm({ companyId, tree, sheet, onSaved }: EntryFormProps) {
  const t = useTranslate();
  const language = useLanguage();
  const client = useQueryClient();
  const [open, setOpen] = useState(() => initialOpen(tree));
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    sheet ? textsFromValues(tree, sheet.values) : {},
  );
  const [period, setPeriod] = useState<PeriodFields>(() => ({
    startDate: sheet?.startDate ?? '',
    endDate: sheet?.endDate ?? '',
    typeFrequence: sheet && sheet.typeFrequence !== 'unknown' ? sheet.typeFrequence : 'annual',
  }));
  const [allow, setAllow] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const evaluation = useMemo(
    () => evaluateEntry(tree, texts, { allowAssetsMinusOneWithZeroEquityAndLiabilities: allow }),
    [tree, texts, allow],
  );
  const rows = visibleRows(tree, open);
  const periodErrors = showErrors ? periodProblems(period) : {};
  const invalid = new Set(evaluation.invalid);
  const missing = new Set(evaluation.missing);

  const toggle = (code: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });

  const save = () => {
    setShowErrors(true);
    const problems = periodProblems(period);
    const result = entryBody(evaluation);
    if (!result.ok) {
      setFlagged(new Set(result.codes));
      // Open the groups holding the leaves to fix.
      setOpen((current) => {
        const next = new Set(current);
        const visit = (node: TreeLevelNode): boolean => {
          const hit =
            node.children.length === 0
              ? result.codes.includes(node.code)
              : node.children.map(visit).some(Boolean);
          if (hit && node.children.length > 0) next.add(node.code);
          return hit;
        };
        for (const node of tree) visit(node);
        return next;
      });
      notifyError(t(result.messageKey));
      return;
    }
    if (Object.keys(problems).length > 0) {
      notifyError(t('balanceSheets:checkData'));
      return;
    }
    setFlagged(new Set());
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
      .then(async () => {
        notifySuccess(t(sheet ? 'common:updated' : 'common:created'));
        await client.invalidateQueries({ queryKey: sheetKeys.company(companyId) });
        onSaved?.();
      })
      .catch((error: unknown) => notifyApiError(error))
      .finally(() => setBusy(false));
  };

  const check = evaluation.check;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} maw={760}>
        <TextInput
          type="date"
          label={t('balanceSheetsWeb:upload.startDate')}
          required
          value={period.startDate}
          onChange={(event) => setPeriod({ ...period, startDate: event.currentTarget.value })}
          error={periodErrors.startDate ? t(periodErrors.startDate) : undefined}
          data-testid="bs-entry-start-date"
        />
        <TextInput
          type="date"
          label={t('balanceSheetsWeb:upload.endDate')}
          required
          value={period.endDate}
          onChange={(event) => setPeriod({ ...period, endDate: event.currentTarget.value })}
          error={periodErrors.endDate ? t(periodErrors.endDate) : undefined}
          data-testid="bs-entry-end-date"
        />
        <NativeSelect
          label={t('balanceSheetsWeb:upload.frequency')}
          data={FREQUENCY_CHOICES.map((value) => ({ value, label: t(`balanceSheets:frequencies.${value}`) }))}
          value={period.typeFrequence}
          onChange={(event) => setPeriod({ ...period, typeFrequence: event.currentTarget.value })}
          data-testid="bs-entry-frequency"
        />
      </SimpleGrid>

      {sheet ? null : <ReplaceNotice companyId={companyId} period={period} />}
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
          const name = node.description[language] || node.code;
          const isOpen = open.has(node.code);
          const total = evaluation.totals.get(node.code) ?? null;
          const shownTotal = total && node.isCostLine ? total.abs().neg() : total;
          const hasError = (showErrors && flagged.has(node.code)) || invalid.has(node.code);
          // What is wrong, in words: an amount with more than 2 decimals, or (after Save) an empty leaf.
          const problem = invalid.has(node.code)
            ? 'balanceSheets:invalidAmount'
            : showErrors && flagged.has(node.code) && missing.has(node.code)
              ? 'balanceSheetsWeb:entry.valueRequired'
              : null;
          const withheld = evaluation.withheld.has(node.code);
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
                <Box w={28} />
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
              <Text
                size="sm"
                fw={depth < 2 ? 700 : 400}
                style={{ flex: 1, minWidth: 0 }}
                id={`bs-label-${node.code}`}
              >
                {name}
              </Text>
              {isLeaf ? (
                <TextInput
                  size="xs"
                  w={{ base: 130, sm: 180 }}
                  inputMode="decimal"
                  aria-label={t('balanceSheetsWeb:entry.amountOf', { name })}
                  aria-invalid={hasError || undefined}
                  error={problem ? t(problem) : hasError}
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
                  style={{ fontVariantNumeric: 'tabular-nums' }}
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
                    formatAmount(shownTotal)
                  )}
                </Text>
              )}
            </Group>
          );
        })}
      </Paper>

      <Box aria-live="polite" data-testid="bs-balance-check" data-status={check.status}>
        {check.status === 'mismatch' ? (
          <Alert color="red.9" variant="light">
            {t('balanceSheets:assetsMismatchDifference', { difference: formatAmount(check.difference) })}
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
      <Text size="xs" c="gray.7">
        {treeLeaves(tree).length - evaluation.missing.length} / {treeLeaves(tree).length}
      </Text>
    </Stack>
  );
}
