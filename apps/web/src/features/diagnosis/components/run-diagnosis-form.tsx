import { CreateDiagnosisRequest, type Diagnosis } from '@excelencia/domain';
import { Alert, Box, Button, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { fieldErrorsOf } from '../../../ui/form/field-errors.ts';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useSheetsQuery } from '../../balance-sheets/queries.ts';
import { sheetOptionLabel } from '../diagnosis-format.ts';
import { useCreateDiagnosisMutation } from '../queries.ts';

type Problems = { balanceSheetId?: string; previousBalanceSheetId?: string; form?: string };

const SHEET_FIELDS = ['balanceSheetId', 'previousBalanceSheetId'] as const;

/** The field a zod issue names, if it is one of the form's. */
function fieldOf(path: string): (typeof SHEET_FIELDS)[number] | null {
  return SHEET_FIELDS.find((field) => field === path) ?? null;
}

/**
 * Chooses the balance sheet and, optionally, an earlier one to compare with, then POSTs the diagnosis. Rule
 * errors (same sheet, previous not earlier…) show under the field they concern or above the button.
 */
export function RunDiagnosisForm({
  companyId,
  initialSheetId = null,
  onCreated,
}: {
  companyId: string;
  /** The sheet chosen at first (the link shown after a sheet is saved), when the company has it. */
  initialSheetId?: string | null;
  onCreated: (diagnosis: Diagnosis) => void;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const sheets = useSheetsQuery(companyId);
  const create = useCreateDiagnosisMutation(companyId);
  const [sheetId, setSheetId] = useState<string | null>(null);
  // null until the user picks: then the chosen sheet's previous period is proposed for a comparison.
  const [previousChoice, setPreviousChoice] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems>({});

  if (sheets.isError) return <Alert color="red.9">{t('diagnosisWeb:loadFailed')}</Alert>;
  if (!sheets.data) {
    // The form's height (two selects and the button, side by side from md) is kept while the sheets load: the
    // opened diagnosis below does not jump when they arrive.
    return (
      <Box mih={{ base: 210, md: 135 }} data-testid="dg-form-loading">
        <Text c="gray.7">{t('diagnosisWeb:loading')}</Text>
      </Box>
    );
  }
  const list = sheets.data;
  if (list.length === 0) return <Text c="gray.7">{t('diagnosisWeb:form.noSheets')}</Text>;
  // The linked sheet, else the latest period (the server lists them latest first), is chosen until the user
  // picks another, and the
  // sheet of the period before it is proposed for the comparison.
  const initial = list.some((sheet) => sheet.id === initialSheetId) ? initialSheetId : null;
  const chosen = sheetId ?? initial ?? list[0]?.id ?? '';
  const proposed = list.find((sheet) => sheet.id === chosen)?.previousBalanceSheetId ?? '';
  const previousId =
    previousChoice ?? (list.some((sheet) => sheet.id === proposed && sheet.id !== chosen) ? proposed : '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateDiagnosisRequest.safeParse({
      balanceSheetId: chosen,
      previousBalanceSheetId: previousId || null,
    });
    if (!parsed.success) {
      const next: Problems = {};
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path.map(String).join('.')) ?? 'form';
        next[field] ??= t(issue.message);
      }
      setProblems(next);
      return;
    }
    setProblems({});
    create
      .mutateAsync(parsed.data)
      .then((diagnosis) => {
        notifySuccess(t('diagnosisWeb:form.created'));
        onCreated(diagnosis);
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 400) {
          setProblems(fieldErrorsOf(error, SHEET_FIELDS, t) ?? { form: error.message });
          return;
        }
        notifyApiError(error);
      });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="dg-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <NativeSelect
            label={t('diagnosisWeb:form.sheet')}
            required
            data={list.map((sheet) => ({ value: sheet.id, label: sheetOptionLabel(sheet, t, language) }))}
            value={chosen}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setSheetId(next);
              if (previousChoice !== null && next === previousChoice) setPreviousChoice('');
              setProblems({});
            }}
            error={problems.balanceSheetId}
            data-testid="dg-sheet"
          />
          <NativeSelect
            label={t('diagnosisWeb:form.previous')}
            description={t('diagnosisWeb:form.previousHint')}
            data={[
              { value: '', label: t('diagnosisWeb:form.noPrevious') },
              ...list
                .filter((sheet) => sheet.id !== chosen)
                .map((sheet) => ({ value: sheet.id, label: sheetOptionLabel(sheet, t, language) })),
            ]}
            value={previousId}
            onChange={(event) => {
              setPreviousChoice(event.currentTarget.value);
              setProblems({});
            }}
            error={problems.previousBalanceSheetId}
            data-testid="dg-previous"
          />
        </SimpleGrid>
        {problems.form ? (
          <Alert color="red.9" variant="light" role="alert" data-testid="dg-form-error">
            {problems.form}
          </Alert>
        ) : null}
        <Button
          type="submit"
          loading={create.isPending}
          leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
          w={{ base: '100%', xs: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
          data-testid="dg-run"
        >
          {t('diagnosisWeb:form.run')}
        </Button>
      </Stack>
    </form>
  );
}
