import {
  APPLICATION_DOCUMENTS,
  APPLICATION_PDF_MAX_BYTES,
  type Application,
  type ApplicationFile,
  documentLabelKey,
  formatByteSize,
  hasPdfHeader,
  issueDateProblem,
  portalDay,
} from '@excelencia/domain';
import { Badge, Button, FileButton, Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconExternalLink, IconFileUpload, IconReplace, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { DANGER_RED, NEUTRAL_GRAY, SUCCESS_GREEN, WARNING_ORANGE } from '../../../ui/colors.ts';
import { confirmAction } from '../../../ui/confirm.tsx';
import { DateField } from '../../../ui/form/date-fields.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useCompanyCan } from '../../teams/index.ts';
import { applicationFilePath, uploadApplicationFile } from '../api.ts';
import {
  useCurrentEditionQuery,
  useDeleteApplicationFileMutation,
  useRefreshApplication,
} from '../queries.ts';
import { dateText, filesBySlot, slotEditable } from './company-application-format.ts';
import { DocumentValidityNote } from './document-validity-note.tsx';

/**
 * The days a document of each type is valid in the application's edition (null: no limit), when the current
 * edition is the application's; null when unknown (the server then decides alone).
 */
function useValidityDays(application: Application): readonly (number | null)[] | null {
  const edition = useCurrentEditionQuery();
  const current = edition.data;
  if (!current || current.id !== application.editionId || !current.documentValidityDays) return null;
  return current.documentValidityDays;
}

/** The client's own check before sending (the server checks again): a PDF by type or name and by its bytes, within the limit. */
async function pdfProblem(file: File): Promise<'type' | 'size' | null> {
  const named = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  if (!named) return 'type';
  if (file.size > APPLICATION_PDF_MAX_BYTES) return 'size';
  const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
  return hasPdfHeader(head) ? null : 'type';
}

export interface UploadState {
  /** Slot → progress 0..1 of the uploads in flight. */
  progress: ReadonlyMap<number, number>;
  set: (slot: number, fraction: number | null) => void;
}

/** The uploads in flight of one application, by slot (Submit waits while any is running). */
export function useUploadState(): UploadState {
  const [progress, setProgress] = useState<ReadonlyMap<number, number>>(new Map());
  return {
    progress,
    set: (slot, fraction) =>
      setProgress((current) => {
        const next = new Map(current);
        if (fraction === null) next.delete(slot);
        else next.set(slot, fraction);
        return next;
      }),
  };
}

function DocumentSlot({
  application,
  slot,
  file,
  uploads,
  validityDays,
}: {
  application: Application;
  slot: number;
  file: ApplicationFile | undefined;
  uploads: UploadState;
  /** The days this type is valid from its issue date; null for no limit, undefined when unknown. */
  validityDays: number | null | undefined;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const [problem, setProblem] = useState<string | null>(null);
  const [issuedAt, setIssuedAt] = useState('');
  const today = portalDay(new Date());
  const needsDate = typeof validityDays === 'number' && issuedAt === '';
  const resetRef = useRef<() => void>(null);
  const refresh = useRefreshApplication(application.companyId);
  const remove = useDeleteApplicationFileMutation(application.companyId, application.id);
  const label = t(documentLabelKey(slot));
  const canPrepare = useCompanyCan('prepare');
  // A viewer sees the documents; uploading, replacing and removing them are the preparers'.
  const editable = slotEditable(application, slot) && canPrepare;
  const reopened = application.reopenedFileType === slot;
  const progress = uploads.progress.get(slot);
  const busy = progress !== undefined;

  const choose = async (chosen: File | null) => {
    resetRef.current?.();
    setProblem(null);
    if (!chosen) return;
    const dateProblem = issueDateProblem(issuedAt, validityDays ?? null, today);
    if (dateProblem) {
      setProblem(
        dateProblem.key === 'documentValidity:expired'
          ? t(dateProblem.key, { document: label, date: dateText(dateProblem.validUntil, language) })
          : t(dateProblem.key),
      );
      return;
    }
    const issue = await pdfProblem(chosen);
    if (issue) {
      setProblem(
        issue === 'type'
          ? t('applications:selectPdf')
          : t('applicationsWeb:documents.pdfTooLarge', {
              max: formatByteSize(APPLICATION_PDF_MAX_BYTES, language),
            }),
      );
      return;
    }
    uploads.set(slot, 0);
    try {
      await uploadApplicationFile(
        application.companyId,
        application.id,
        { fileType: slot, replaceFileId: file?.id ?? null, issuedAt: issuedAt || null },
        chosen,
        (fraction) => uploads.set(slot, fraction),
      );
      await refresh(application.id);
      setIssuedAt('');
      notifySuccess(t('applicationsWeb:documents.uploaded'));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      // Someone else filled the slot or the application changed meanwhile: show what is there now.
      if (error instanceof ApiError && error.status === 409) void refresh(application.id);
    } finally {
      uploads.set(slot, null);
    }
  };

  const confirmRemove = (held: ApplicationFile) =>
    confirmAction({
      title: t('applicationsWeb:documents.removeTitle'),
      message: t('applicationsWeb:documents.removeConfirm', { name: held.fileName }),
      confirmLabel: t('applicationsWeb:documents.remove'),
      danger: true,
      onConfirm: () =>
        remove.mutateAsync(held.id).then(
          () => notifySuccess(t('applicationsWeb:documents.removed')),
          (error: unknown) => notifyApiError(error),
        ),
    });

  const headingId = `doc-slot-${slot}`;
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      aria-labelledby={headingId}
      data-testid="doc-slot"
      data-slot={slot}
      data-filled={file ? 'true' : 'false'}
      style={reopened ? { borderColor: WARNING_ORANGE, borderWidth: 2 } : undefined}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <ThemeIcon
            size={26}
            radius="xl"
            color={file ? SUCCESS_GREEN : NEUTRAL_GRAY}
            variant={file ? 'filled' : 'light'}
            aria-hidden="true"
          >
            {file ? (
              <IconCheck size={16} />
            ) : (
              <Text size="xs" fw={700}>
                {slot + 1}
              </Text>
            )}
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} size="sm" id={headingId}>
              {label}
            </Text>
            {reopened ? (
              <Badge color={WARNING_ORANGE} variant="filled" size="sm">
                {t('applicationsWeb:documents.reopened')}
              </Badge>
            ) : null}
            {file ? (
              <>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="doc-name">
                  {file.fileName}
                </Text>
                <Text size="xs" c="gray.7">
                  {t('applicationsWeb:documents.uploadedOn', {
                    date: dateText(file.dateInsert, language),
                    size: formatByteSize(file.size, language),
                  })}
                </Text>
                <DocumentValidityNote file={file} />
              </>
            ) : (
              <Text size="sm" c="gray.7">
                {t('applicationsWeb:documents.empty')}
              </Text>
            )}
          </Stack>
        </Group>
        {busy ? (
          <Group gap="xs" wrap="nowrap">
            <Progress
              value={Math.round((progress ?? 0) * 100)}
              aria-label={t('applicationsWeb:documents.progress', { document: label })}
              data-testid="doc-progress"
              animated
              style={{ flex: 1 }}
            />
            <Text size="xs" c="gray.7" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {Math.round((progress ?? 0) * 100)} %
            </Text>
          </Group>
        ) : null}
        {problem ? (
          <Text size="sm" c="red.9" role="alert" data-testid="doc-problem">
            {problem}
          </Text>
        ) : null}
        {editable ? (
          <DateField
            size="xs"
            maw={260}
            label={t('documentValidity:upload.issuedAt')}
            description={
              validityDays === undefined
                ? undefined
                : validityDays === null
                  ? t('documentValidity:upload.noLimit')
                  : t('documentValidity:upload.validFor', { count: validityDays })
            }
            required={typeof validityDays === 'number'}
            maxDate={today}
            value={issuedAt}
            onChange={(next: string) => setIssuedAt(next)}
            disabled={busy}
            data-testid="doc-issued-at"
          />
        ) : null}
        <Group gap="xs">
          {file ? (
            <Button
              component="a"
              href={applicationFilePath(application.companyId, application.id, file.id)}
              target="_blank"
              rel="noopener"
              size="compact-sm"
              variant="default"
              leftSection={<IconExternalLink size={14} aria-hidden="true" />}
              aria-label={t('applicationsWeb:documents.viewLabel', { name: file.fileName })}
              data-testid="doc-view"
            >
              {t('applicationsWeb:documents.view')}
            </Button>
          ) : null}
          {editable ? (
            <FileButton
              resetRef={resetRef}
              onChange={(chosen) => void choose(chosen)}
              accept="application/pdf,.pdf"
            >
              {(props) => (
                <Button
                  {...props}
                  size="compact-sm"
                  variant={file ? 'default' : 'filled'}
                  loading={busy}
                  disabled={needsDate}
                  leftSection={
                    file ? (
                      <IconReplace size={14} aria-hidden="true" />
                    ) : (
                      <IconFileUpload size={14} aria-hidden="true" />
                    )
                  }
                  aria-label={t(
                    file ? 'applicationsWeb:documents.replaceLabel' : 'applicationsWeb:documents.uploadLabel',
                    {
                      document: label,
                    },
                  )}
                  data-testid={file ? 'doc-replace' : 'doc-upload'}
                >
                  {t(file ? 'applicationsWeb:documents.replace' : 'applicationsWeb:documents.upload')}
                </Button>
              )}
            </FileButton>
          ) : null}
          {editable && file ? (
            <Button
              size="compact-sm"
              variant="subtle"
              color={DANGER_RED}
              disabled={busy}
              leftSection={<IconTrash size={14} aria-hidden="true" />}
              aria-label={t('applicationsWeb:documents.removeLabel', { document: label })}
              onClick={() => confirmRemove(file)}
              data-testid="doc-remove"
            >
              {t('applicationsWeb:documents.remove')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The 8 typed slots in their fixed order: the document held, view it, and upload, replace or remove it while
 * allowed.
 */
export function DocumentSlots({ application, uploads }: { application: Application; uploads: UploadState }) {
  const t = useTranslate();
  const language = useLanguage();
  const held = filesBySlot(application.files);
  const validity = useValidityDays(application);
  return (
    <Stack gap="sm">
      <Text c="gray.7">
        {t('applicationsWeb:documents.intro', { max: formatByteSize(APPLICATION_PDF_MAX_BYTES, language) })}
      </Text>
      <Text fw={600} data-testid="doc-count">
        {t('applicationsWeb:documents.count', { count: held.size })}
      </Text>
      <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {APPLICATION_DOCUMENTS.map((key, slot) => (
          <DocumentSlot
            key={key}
            application={application}
            slot={slot}
            file={held.get(slot)}
            uploads={uploads}
            validityDays={validity ? (validity[slot] ?? null) : undefined}
          />
        ))}
      </Stack>
    </Stack>
  );
}
