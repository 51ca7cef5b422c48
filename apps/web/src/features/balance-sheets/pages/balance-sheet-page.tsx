import {
  BALANCE_SHEET_MAX_BYTES,
  type BalanceSheetDetail,
  type BalanceSheetItem,
  formatByteSize,
} from '@excelencia/domain';
import {
  Alert,
  Box,
  Button,
  List,
  NativeSelect,
  Progress,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/language-context.ts';
import { useSignedIn } from '../../../lib/signed-in-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { DateField } from '../../../ui/form/date-fields.tsx';
import { notifyError, notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { RoleNote, useCompanyCan } from '../../teams/index.ts';
import { uploadSheet } from '../api.ts';
import { EntryForm } from '../components/entry-form.tsx';
import { ReplaceNotice } from '../components/replace-notice.tsx';
import { companySavedSheetLinks, SavedSheet, type SavedSheetLinks } from '../components/saved-sheet.tsx';
import { FREQUENCY_CHOICES, type PeriodFields, periodProblems } from '../period.ts';
import { sheetKeys, useBalanceTreeQuery, useSheetQuery } from '../queries.ts';
import classes from './balance-sheet-page.module.css';
import { TemplateSection } from './template-section.tsx';

/** /:lang/company/balance-sheet: upload a trial balance or enter it by hand (?edit=<id> corrects a sheet). */
export function BalanceSheetPage() {
  const { selectedCompany } = useSignedIn();
  const t = useTranslate();
  const canPrepare = useCompanyCan('prepare');
  if (!selectedCompany) return <Text>{t('balanceSheetsWeb:upload.noCompany')}</Text>;
  // A viewer uploads and enters nothing: the page says why and keeps the template.
  if (!canPrepare) {
    return (
      <Stack gap="lg">
        <RoleNote need="prepare" />
        <TemplateSection />
      </Stack>
    );
  }
  return <BalanceSheetWorkspace companyId={selectedCompany.id} />;
}

export function BalanceSheetWorkspace({
  companyId,
  links = companySavedSheetLinks,
}: {
  companyId: string;
  /** Where the sheet just saved is seen and diagnosed (the company's pages, or the admin's). */
  links?: SavedSheetLinks;
}) {
  const t = useTranslate();
  const [params, setParams] = useSearchParams();
  const editId = params.get('edit');
  const [tab, setTab] = useState<string | null>(editId ? 'entry' : 'upload');
  // The sheet just uploaded or saved, shown above a fresh form (a new key each time clears the forms).
  const [saved, setSaved] = useState<BalanceSheetItem | null>(null);
  const [round, setRound] = useState(0);
  const onSaved = (sheet: BalanceSheetItem) => {
    setSaved(sheet);
    setRound((current) => current + 1);
    if (!editId) return;
    const next = new URLSearchParams(params);
    next.delete('edit');
    setParams(next);
  };
  return (
    <Stack gap="md">
      {saved ? (
        <SavedSheet key={`${saved.id}-${round}`} sheet={saved} links={links} onClose={() => setSaved(null)} />
      ) : null}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="upload" data-testid="bs-tab-upload">
            {t('balanceSheetsWeb:upload.tabUpload')}
          </Tabs.Tab>
          <Tabs.Tab value="entry" data-testid="bs-tab-entry">
            {t('balanceSheetsWeb:upload.tabEntry')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="upload">
          <Stack gap="lg">
            <UploadForm key={round} companyId={companyId} onUploaded={onSaved} />
            <TemplateSection />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="entry">
          <EntryPanel key={round} companyId={companyId} editId={editId} onSaved={onSaved} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function EntryPanel({
  companyId,
  editId,
  onSaved,
}: {
  companyId: string;
  editId: string | null;
  onSaved: (sheet: BalanceSheetDetail) => void;
}) {
  const t = useTranslate();
  const tree = useBalanceTreeQuery();
  const sheet = useSheetQuery(companyId, editId);
  if (tree.isError) return <Alert color="red.9">{t('balanceSheetsWeb:entry.loadTreeFailed')}</Alert>;
  if (!tree.data || (editId && !sheet.data)) return <Text c="gray.7">{t('companies:common.loading')}</Text>;
  return (
    <Stack gap="sm">
      {sheet.data ? (
        <Text fw={600}>
          {t('balanceSheetsWeb:entry.editing', { start: sheet.data.startDate, end: sheet.data.endDate })}
        </Text>
      ) : null}
      <EntryForm
        key={sheet.data?.id ?? 'new'}
        companyId={companyId}
        tree={tree.data}
        sheet={sheet.data ?? null}
        onSaved={onSaved}
      />
    </Stack>
  );
}

/** The upload fields a problem may name, by the path the server gives. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  file: 'balanceSheetsWeb:upload.fileField',
  startDate: 'balanceSheetsWeb:upload.startDate',
  endDate: 'balanceSheetsWeb:upload.endDate',
  typeFrequence: 'balanceSheetsWeb:upload.frequency',
};

/**
 * Where a problem of an upload is, as the user reads it: a field's label ('file' → 'File'), or the place in the
 * spreadsheet the server already wrote in the user's language ('row 3, column C'), first letter raised.
 */
export function problemPlace(path: string, t: (key: string) => string): string {
  const field = FIELD_LABELS[path];
  if (field) return t(field);
  return path.charAt(0).toLocaleUpperCase() + path.slice(1);
}

function UploadForm({
  companyId,
  onUploaded,
}: {
  companyId: string;
  onUploaded: (sheet: BalanceSheetItem) => void;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [period, setPeriod] = useState<PeriodFields>({ startDate: '', endDate: '', typeFrequence: 'annual' });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [problems, setProblems] = useState<ReadonlyArray<{ path: string; message: string }>>([]);
  const [dragging, setDragging] = useState(false);
  const errors = showErrors ? periodProblems(period) : {};

  const choose = (chosen: File | undefined | null) => {
    setProblems([]);
    if (!chosen) return;
    if (!chosen.name.toLowerCase().endsWith('.xlsx')) {
      setFile(null);
      setFileError(t('balanceSheets:selectXlsx'));
      return;
    }
    setFileError(null);
    setFile(chosen);
  };

  const submit = () => {
    setShowErrors(true);
    setProblems([]);
    const invalid = Object.keys(periodProblems(period)).length > 0;
    if (!file) setFileError(t('balanceSheets:selectXlsx'));
    if (invalid || !file) return;
    if (file.size > BALANCE_SHEET_MAX_BYTES) {
      notifyError(
        t('balanceSheetsWeb:upload.dropzoneHint', { max: formatByteSize(BALANCE_SHEET_MAX_BYTES, language) }),
      );
      return;
    }
    setProgress(0);
    uploadSheet(companyId, period, file, setProgress)
      .then(async (sheet) => {
        notifySuccess(t('balanceSheets:uploaded'));
        await client.invalidateQueries({ queryKey: sheetKeys.company(companyId) });
        onUploaded(sheet);
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.details.length > 0) setProblems(error.details);
        else notifyApiError(error);
      })
      .finally(() => setProgress(null));
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  return (
    <Stack gap="md" maw={760}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DateField
          label={t('balanceSheetsWeb:upload.startDate')}
          required
          value={period.startDate}
          onChange={(startDate: string) => setPeriod({ ...period, startDate })}
          error={errors.startDate ? t(errors.startDate) : undefined}
          data-testid="bs-start-date"
        />
        <DateField
          label={t('balanceSheetsWeb:upload.endDate')}
          required
          value={period.endDate}
          onChange={(endDate: string) => setPeriod({ ...period, endDate })}
          error={errors.endDate ? t(errors.endDate) : undefined}
          data-testid="bs-end-date"
        />
        <NativeSelect
          label={t('balanceSheetsWeb:upload.frequency')}
          data={FREQUENCY_CHOICES.map((value) => ({ value, label: t(`balanceSheets:frequencies.${value}`) }))}
          value={period.typeFrequence}
          onChange={(event) => setPeriod({ ...period, typeFrequence: event.currentTarget.value })}
          data-testid="bs-frequency"
        />
      </SimpleGrid>
      <Box
        component="label"
        onDragOver={(event: DragEvent<HTMLElement>) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={classes.dropzone}
        data-testid="bs-dropzone"
        style={{
          display: 'block',
          cursor: 'pointer',
          border: `2px dashed var(--mantine-color-${fileError ? 'red-9' : dragging ? 'blue-9' : 'gray-5'})`,
          borderRadius: 8,
          padding: 24,
          textAlign: 'center',
        }}
      >
        <IconFileSpreadsheet size={36} aria-hidden="true" />
        <Text fw={600}>{t('balanceSheetsWeb:upload.dropzone')}</Text>
        <Text size="sm" c="gray.7">
          {file
            ? t('balanceSheetsWeb:upload.chosen', {
                name: file.name,
                size: formatByteSize(file.size, language),
              })
            : t('balanceSheetsWeb:upload.dropzoneHint', {
                max: formatByteSize(BALANCE_SHEET_MAX_BYTES, language),
              })}
        </Text>
        <input
          ref={input}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-label={t('balanceSheetsWeb:upload.dropzone')}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
          onChange={(event) => {
            choose(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
          data-testid="bs-file-input"
        />
      </Box>
      {fileError ? (
        <Text c="red.9" size="sm" role="alert">
          {fileError}
        </Text>
      ) : null}
      {progress !== null ? (
        <Progress
          value={progress * 100}
          aria-label={t('balanceSheetsWeb:upload.progress')}
          data-testid="bs-progress"
        />
      ) : null}
      <ReplaceNotice companyId={companyId} period={period} />
      {problems.length > 0 ? (
        <Alert
          color="red.9"
          variant="light"
          title={t('balanceSheetsWeb:upload.problemsTitle')}
          data-testid="bs-problems"
        >
          <List size="sm" spacing={2}>
            {problems.map((problem, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: problems have no identity beyond their place
              <List.Item key={index}>
                <strong>{problemPlace(problem.path, t)}</strong>
                {t('common:colon')} {problem.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <div>
        <Button onClick={submit} loading={progress !== null} data-testid="bs-upload">
          {t('balanceSheetsWeb:upload.submit')}
        </Button>
      </div>
    </Stack>
  );
}
