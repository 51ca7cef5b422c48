import type { SelfDiagnosisTree } from '@excelencia/domain';
import { FORMULA_MAX_LENGTH } from '@excelencia/domain';
import { Box, Button, Code, Group, Loader, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SUCCESS_GREEN } from '../../../ui/colors.ts';
import type { InputBinding } from '../../../ui/form/fields.tsx';
import { useFormulaValidationQuery, useSelfDiagnosisTreeQuery } from '../queries.ts';

const VALIDATE_DEBOUNCE_MS = 400;

/** The codes a formula may name: every node of the self-diagnosis tree, in tree order, once each. */
export function aggregateNames(tree: SelfDiagnosisTree): string[] {
  const names: string[] = [];
  for (const heading of tree) {
    names.push(heading.code);
    for (const sub of heading.subHeadings) {
      names.push(sub.code);
      for (const category of sub.categories) {
        names.push(category.code);
        for (const leaf of category.subCategories) names.push(leaf.code);
      }
    }
  }
  return [...new Set(names)];
}

/** Inserts `name` at the caret (replacing a selection), with spaces so it does not glue to its neighbours. */
export function insertName(
  text: string,
  name: string,
  start: number,
  end: number,
): { text: string; caret: number } {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const left = before && !/[\s(]$/.test(before) ? ' ' : '';
  const right = after && !/^[\s),]/.test(after) ? ' ' : '';
  const inserted = `${left}${name}${right}`;
  return { text: `${before}${inserted}${after}`, caret: before.length + left.length + name.length };
}

/**
 * The criterion formula: checked on the server as it is typed (debounced), with the message and a caret under
 * the position of the error; the known aggregate names are chips that insert themselves at the caret.
 */
export function FormulaField({
  binding,
  label,
  onValue,
}: {
  binding: InputBinding;
  label: string;
  onValue: (value: string) => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLTextAreaElement>(null);
  const value = typeof binding.value === 'string' ? binding.value : '';
  const [debounced] = useDebouncedValue(value, VALIDATE_DEBOUNCE_MS);
  const check = useFormulaValidationQuery(debounced);
  const tree = useSelfDiagnosisTreeQuery();
  const names = tree.data ? aggregateNames(tree.data) : [];
  const pending = value.trim() !== debounced.trim() || check.isFetching;

  const insert = (name: string) => {
    const element = ref.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const next = insertName(value, name, start, end);
    onValue(next.text);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  };

  let status = null;
  if (value.trim() && pending) {
    status = (
      <Group gap={6}>
        <Loader size={14} aria-hidden="true" />
        <Text size="sm" c="gray.7">
          {t('reference:formula.checking')}
        </Text>
      </Group>
    );
  } else if (value.trim() && check.data?.valid) {
    status = (
      <Group gap={6} c={SUCCESS_GREEN}>
        <IconCircleCheck size={16} aria-hidden="true" />
        <Text size="sm" c={SUCCESS_GREEN} data-testid="formula-valid">
          {t('reference:formula.valid')}
        </Text>
      </Group>
    );
  } else if (value.trim() && check.data && !check.data.valid) {
    const position = Math.max(0, Math.min(check.data.position, debounced.length));
    status = (
      <Stack gap={4}>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconCircleX size={16} aria-hidden="true" color="var(--mantine-color-red-9)" />
          <Text size="sm" c="red.9" data-testid="formula-error">
            {t('reference:formula.invalidAt', { message: check.data.message, position: position + 1 })}
          </Text>
        </Group>
        <Code
          block
          aria-hidden="true"
          style={{ whiteSpace: 'pre', overflowX: 'auto' }}
          data-testid="formula-caret"
        >
          {`${debounced}\n${' '.repeat(position)}^`}
        </Code>
      </Stack>
    );
  }

  return (
    <Stack gap={6}>
      <Textarea
        ref={ref}
        label={label}
        withAsterisk
        aria-required
        autosize
        minRows={2}
        maxLength={FORMULA_MAX_LENGTH}
        value={value}
        onChange={binding.onChange as (event: React.ChangeEvent<HTMLTextAreaElement>) => void}
        onBlur={binding.onBlur as () => void}
        error={binding.error as React.ReactNode}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        spellCheck={false}
        data-testid="field-formula"
      />
      <Box role="status" aria-live="polite" mih={22}>
        {status}
      </Box>
      {names.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('reference:formula.names')}
          </Text>
          <ScrollArea.Autosize mah={150} type="auto" offsetScrollbars>
            <Group gap={6} data-testid="formula-names">
              {names.map((name) => (
                <Button
                  key={name}
                  size="compact-xs"
                  radius="xl"
                  variant="default"
                  ff="monospace"
                  onClick={() => insert(name)}
                  aria-label={t('reference:formula.insert', { name })}
                >
                  {name}
                </Button>
              ))}
            </Group>
          </ScrollArea.Autosize>
        </Stack>
      ) : tree.isError ? (
        <Text size="sm" c="gray.7">
          {t('reference:formula.namesUnavailable')}
        </Text>
      ) : null}
    </Stack>
  );
}
