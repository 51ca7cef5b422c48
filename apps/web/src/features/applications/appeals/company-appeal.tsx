import {
  APPLICATION_FILE_TYPE_COUNT,
  type Appeal,
  AppealRequest,
  type Application,
  documentLabelKey,
  MAX_APPEAL_REASON,
  MIN_APPEAL_REASON,
} from '@excelencia/domain';
import { ActionIcon, Alert, Button, FileInput, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconGavel, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { DateField } from '../../../ui/form/date-fields.tsx';
import { SelectField } from '../../../ui/form/fields.tsx';
import { zodResolver } from '../../../ui/form/zod-resolver.ts';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useCompanyCan } from '../../teams/index.ts';
import { applicationFilePath } from '../api.ts';
import { dateText } from '../components/company-application-format.ts';
import { uploadAppealFile } from './api.ts';
import { APPEAL_STATUS_COLORS, AppealFileList } from './appeal-parts.tsx';
import { useCompanyAppealQuery, useMakeAppealMutation, useRefreshAppeals } from './queries.ts';

/**
 * The appeal of a refused application (docs/adr/0031-appeals.md) on the company's application page: until the
 * period's last day its owner may appeal ("Recorrer da decisão": the reason and optional new documents); then the
 * appeal's state, and its outcome with the grounds once two administrators have decided it.
 */

interface DocumentRow {
  key: number;
  fileType: string;
  issuedAt: string;
  file: File | null;
}

function AppealState({ appeal }: { appeal: Appeal }) {
  const t = useTranslate();
  const language = useLanguage();
  const date = dateText(
    appeal.status === 'pending' ? appeal.createdAt : (appeal.confirmedAt ?? appeal.createdAt),
    language,
  );
  return (
    <Alert
      color={APPEAL_STATUS_COLORS[appeal.status]}
      variant="light"
      title={t(`appeals:statuses.${appeal.status}`)}
      data-testid="app-appeal-state"
      data-status={appeal.status}
    >
      <Stack gap={6}>
        <Text size="sm" fw={600} data-testid="app-appeal-line">
          {t(`appeals:company.${appeal.status}`, { date })}
        </Text>
        {appeal.status !== 'pending' && appeal.decisionReason ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="app-appeal-grounds">
            {t('appeals:company.decisionReason', { reason: appeal.decisionReason })}
          </Text>
        ) : null}
        {appeal.reason ? (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t('appeals:company.yourReason')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="app-appeal-reason">
              {appeal.reason}
            </Text>
          </Stack>
        ) : null}
        {appeal.files.length > 0 ? (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t('appeals:company.appealDocuments')}
            </Text>
            <AppealFileList
              files={appeal.files}
              href={(fileId) => applicationFilePath(appeal.companyId, appeal.applicationId, fileId)}
            />
          </Stack>
        ) : null}
      </Stack>
    </Alert>
  );
}

function AppealForm({ application, onCancel }: { application: Application; onCancel: () => void }) {
  const t = useTranslate();
  const make = useMakeAppealMutation(application.companyId, application.id);
  const refresh = useRefreshAppeals();
  const [documents, setDocuments] = useState<DocumentRow[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const [sending, setSending] = useState(false);
  // Opened from its button: the keyboard goes on in the reason.
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => reasonRef.current?.focus(), []);
  const form = useForm<{ reason: string }>({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: zodResolver<{ reason: string }>(AppealRequest, t),
  });
  const typeOptions = Array.from({ length: APPLICATION_FILE_TYPE_COUNT }, (_, type) => ({
    value: String(type),
    label: t(documentLabelKey(type)),
  }));
  const change = (key: number, patch: Partial<DocumentRow>) =>
    setDocuments((rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const submit = form.onSubmit(async (values) => {
    setSending(true);
    try {
      await make.mutateAsync({ reason: values.reason.trim() });
      for (const row of documents) {
        if (!row.file || row.fileType === '') continue;
        await uploadAppealFile(
          application.companyId,
          application.id,
          { fileType: Number(row.fileType), issuedAt: row.issuedAt, file: row.file },
          () => undefined,
        ).catch(notifyApiError);
      }
      notifySuccess(t('appeals:company.sent'));
    } catch (error) {
      notifyApiError(error);
    } finally {
      setSending(false);
      await refresh();
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="app-appeal-form">
      <Stack gap="sm">
        <Textarea
          label={t('appeals:company.reason')}
          description={t('appeals:company.reasonHint', { min: MIN_APPEAL_REASON, max: MAX_APPEAL_REASON })}
          withAsterisk
          aria-required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={MAX_APPEAL_REASON}
          {...form.getInputProps('reason')}
          ref={reasonRef}
          data-testid="app-appeal-reason-input"
        />
        <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" size="sm" fw={500}>
            {t('appeals:company.documents')}
          </Text>
          <Text size="xs" c="gray.7">
            {t('appeals:company.documentsHint')}
          </Text>
          {documents.map((row, index) => (
            <Group key={row.key} align="flex-end" gap="xs" wrap="wrap" data-testid="app-appeal-document">
              <div style={{ flex: '1 1 12rem' }}>
                <SelectField
                  label={t('appeals:company.documentType')}
                  options={typeOptions}
                  value={row.fileType}
                  onChange={(event: React.ChangeEvent<HTMLSelectElement>) =>
                    change(row.key, { fileType: event.currentTarget.value })
                  }
                  testId={`app-appeal-document-type-${index}`}
                />
              </div>
              <div style={{ flex: '1 1 9rem' }}>
                <DateField
                  label={t('documentValidity:upload.issuedAt')}
                  value={row.issuedAt}
                  onChange={(value: string) => change(row.key, { issuedAt: value })}
                  data-testid={`app-appeal-document-date-${index}`}
                />
              </div>
              <FileInput
                style={{ flex: '1 1 12rem' }}
                label={t('appeals:company.file')}
                accept="application/pdf"
                value={row.file}
                onChange={(file) => change(row.key, { file })}
                data-testid={`app-appeal-document-file-${index}`}
              />
              <ActionIcon
                variant="subtle"
                color="red.9"
                size="lg"
                aria-label={t('appeals:company.removeDocument')}
                onClick={() => setDocuments((rows) => rows.filter((other) => other.key !== row.key))}
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="default"
              leftSection={<IconPaperclip size={16} aria-hidden="true" />}
              onClick={() => {
                setDocuments((rows) => [...rows, { key: nextKey, fileType: '', issuedAt: '', file: null }]);
                setNextKey((key) => key + 1);
              }}
              data-testid="app-appeal-add-document"
            >
              {t('appeals:company.addDocument')}
            </Button>
          </Group>
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={sending}>
            {t('common:cancel')}
          </Button>
          <Button
            type="submit"
            loading={sending}
            leftSection={<IconGavel size={16} aria-hidden="true" />}
            data-testid="app-appeal-send"
          >
            {t('appeals:company.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The appeal block of a published, refused (or appealed) application; nothing otherwise. */
export function CompanyAppeal({ application }: { application: Application }) {
  const t = useTranslate();
  const language = useLanguage();
  const canAppeal = useCompanyCan('own');
  const [writing, setWriting] = useState(false);
  // Cancelled: the keyboard goes back to the button that opened the form (it replaced the form).
  const openButton = useRef<HTMLButtonElement>(null);
  const [cancelled, setCancelled] = useState(false);
  useEffect(() => {
    if (!cancelled || writing) return;
    openButton.current?.focus();
    setCancelled(false);
  }, [cancelled, writing]);
  const state = useCompanyAppealQuery(application.companyId, application.id, application.resultsPublished);
  const data = state.data;
  if (!data?.appealable) return null;
  const lastDay = data.lastDay ? dateText(data.lastDay, language) : '—';
  return (
    <Stack gap="xs" component="section" aria-labelledby="app-appeal-title" data-testid="app-appeal">
      <Title order={3} size="h5" id="app-appeal-title">
        {t('appeals:company.title')}
      </Title>
      {data.appeal ? (
        <AppealState appeal={data.appeal} />
      ) : data.open ? (
        <>
          <Text size="sm" data-testid="app-appeal-until">
            {t('appeals:company.until', { date: lastDay })}
          </Text>
          {!canAppeal ? (
            <Text size="sm" c="gray.7" data-testid="app-appeal-owner-only">
              {t('appeals:company.ownerOnly')}
            </Text>
          ) : writing ? (
            <AppealForm
              application={application}
              onCancel={() => {
                setWriting(false);
                setCancelled(true);
              }}
            />
          ) : (
            <Group>
              <Button
                ref={openButton}
                leftSection={<IconGavel size={16} aria-hidden="true" />}
                onClick={() => setWriting(true)}
                data-testid="app-appeal-open"
              >
                {t('appeals:company.appeal')}
              </Button>
            </Group>
          )}
        </>
      ) : (
        <Text size="sm" c="gray.7" data-testid="app-appeal-closed">
          {t('appeals:company.closed', { date: lastDay })}
        </Text>
      )}
    </Stack>
  );
}
