import {
  APPLICATION_FILE_TYPE_COUNT,
  type Application,
  documentLabelKey,
  FIELD_LENGTHS,
  formatByteSize,
  ReturnRequest,
} from '@excelencia/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowBackUp, IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { WARNING_ORANGE } from '../../../ui/colors.ts';
import { DownloadButton } from '../../../ui/download-button.tsx';
import { zodResolver } from '../../../ui/form/zod-resolver.ts';
import { notifySuccess } from '../../../ui/notify.ts';
import { OVER_DRAWER_Z_INDEX } from '../../../ui/reason-modal.tsx';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { adminApplicationFilePath, adminApplicationZipPath } from '../api.ts';
import { useReturnDocumentMutation } from '../queries.ts';
import { dateText, filesBySlot } from './company-application-format.ts';
import { DocumentValidityNote } from './document-validity-note.tsx';
import { shortDateTime } from './results-format.ts';

const SLOTS = Array.from({ length: APPLICATION_FILE_TYPE_COUNT }, (_, slot) => slot);

/** The evaluator may send a document back while the submitted application waits for a decision. */
function canSendBack(application: Application): boolean {
  return application.status === 'pending' && application.decision === null && !application.resultsPublished;
}

type SendBackValues = { fileType: string; reason: string };

/** Send one named document back to the company with the reason (the application returns to draft for it). */
function SendBackForm({
  application,
  fileType,
  onClose,
}: {
  application: Application;
  fileType: number;
  onClose: () => void;
}) {
  const t = useTranslate();
  const send = useReturnDocumentMutation(application.id);
  const toBody = (values: SendBackValues) => ({
    fileType: Number(values.fileType),
    reason: values.reason.trim(),
    version: application.version,
  });
  const form = useForm<SendBackValues>({
    mode: 'controlled',
    initialValues: { fileType: String(fileType), reason: '' },
    validate: zodResolver<SendBackValues>(ReturnRequest, t, toBody),
  });
  const submit = form.onSubmit((values) =>
    send.mutate(toBody(values), {
      onSuccess: () => {
        notifySuccess(t('applicationsAdmin:sendBack.done'));
        onClose();
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate data-testid="send-back-form">
      <Stack gap="md">
        <Text size="sm">{t('applicationsAdmin:sendBack.hint')}</Text>
        <NativeSelect
          label={t('applicationsAdmin:sendBack.document')}
          withAsterisk
          data={SLOTS.map((slot) => ({ value: String(slot), label: t(documentLabelKey(slot)) }))}
          {...form.getInputProps('fileType')}
          data-testid="send-back-document"
        />
        <Textarea
          label={t('applicationsAdmin:sendBack.reason')}
          withAsterisk
          aria-required
          autosize
          minRows={3}
          maxRows={8}
          maxLength={FIELD_LENGTHS.reason}
          data-autofocus
          {...form.getInputProps('reason')}
          data-testid="send-back-reason"
        />
        {send.error ? (
          <Alert color="red.9" variant="light" role="alert" data-testid="send-back-failure">
            {send.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={send.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={send.isPending} data-testid="send-back-submit">
            {t('applicationsAdmin:sendBack.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The 8 documents in their slots: each opens inline in a new tab, all download as one zip, and while the
 * application waits for a decision one can be sent back to the company with a reason.
 */
export function DocumentsSection({ application }: { application: Application }) {
  const t = useTranslate();
  const language = useLanguage();
  const bySlot = filesBySlot(application.files);
  const title = t('applicationsAdmin:documents.title');
  const [sendingBack, setSendingBack] = useState<number | null>(null);
  const sendable = canSendBack(application);
  return (
    <Stack gap="xs" component="section" data-testid="documents">
      <Group justify="space-between" gap="xs" align="center">
        <Stack gap={0}>
          <Title order={3} size="h4">
            {title}
          </Title>
          <Text size="sm" c="gray.7" data-testid="documents-count">
            {t('applicationsAdmin:documents.count', {
              count: bySlot.size,
              total: APPLICATION_FILE_TYPE_COUNT,
            })}
          </Text>
        </Stack>
        {application.files.length > 0 ? (
          <DownloadButton
            href={adminApplicationZipPath(application.id)}
            fallbackName={`${application.nif}.zip`}
            label={t('applicationsAdmin:documents.downloadAll')}
            icon={<IconDownload size={16} aria-hidden="true" />}
            testId="documents-zip"
            progressText={({ percent, received }) =>
              percent === null
                ? t('applicationsAdmin:documents.downloading', { received })
                : t('applicationsAdmin:documents.downloadingPercent', { percent })
            }
          />
        ) : null}
      </Group>
      {application.reopenedFileType !== null ? (
        <Alert color={WARNING_ORANGE} variant="light" data-testid="documents-returned">
          {t('applicationsAdmin:documents.returnedReason', {
            document: t(documentLabelKey(application.reopenedFileType)),
            reason: application.returnReason ?? '',
          })}
        </Alert>
      ) : null}
      <ScrollRegion label={title}>
        <Table miw={760} striped verticalSpacing={6} fz="sm" aria-label={title} data-testid="documents-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('applicationsAdmin:documents.document')}</Table.Th>
              <Table.Th>{t('applicationsAdmin:documents.uploadedAt')}</Table.Th>
              <Table.Th>{t('documentValidity:columns.issuedAt')}</Table.Th>
              <Table.Th>{t('documentValidity:columns.validUntil')}</Table.Th>
              <Table.Th style={{ textAlign: 'end' }}>{t('applicationsAdmin:documents.size')}</Table.Th>
              {sendable ? (
                <Table.Th style={{ textAlign: 'end' }}>{t('reference:table.actions')}</Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {SLOTS.map((slot) => {
              const file = bySlot.get(slot);
              const label = t(documentLabelKey(slot));
              return (
                <Table.Tr key={slot} data-testid="document-row" data-slot={slot}>
                  <Table.Td>
                    <Group gap="xs" wrap="wrap">
                      <Text size="sm" fw={600}>
                        {label}
                      </Text>
                      {application.reopenedFileType === slot ? (
                        <Badge color={WARNING_ORANGE} variant="filled" miw="max-content">
                          {t('applicationsAdmin:documents.returned')}
                        </Badge>
                      ) : null}
                    </Group>
                    {file ? (
                      <Anchor
                        href={adminApplicationFilePath(application.id, file.id)}
                        target="_blank"
                        rel="noopener"
                        size="sm"
                        style={{ overflowWrap: 'anywhere' }}
                        aria-label={t('applicationsAdmin:documents.openAria', { document: label })}
                        data-testid="document-open"
                      >
                        {file.fileName}
                        <IconExternalLink
                          size={14}
                          aria-hidden="true"
                          style={{ marginInlineStart: 4, verticalAlign: 'middle' }}
                        />
                      </Anchor>
                    ) : (
                      <Badge
                        color="red.9"
                        variant="outline"
                        mt={4}
                        miw="max-content"
                        data-testid="document-missing"
                      >
                        {t('applicationsAdmin:documents.missing')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {file ? shortDateTime(file.dateInsert, language) : ''}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="document-issued-at">
                    {file
                      ? file.issuedAt
                        ? dateText(file.issuedAt, language)
                        : t('documentValidity:columns.notDeclared')
                      : ''}
                  </Table.Td>
                  <Table.Td data-testid="document-valid-until">
                    {file?.issuedAt ? (
                      file.validUntil ? (
                        <>
                          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                            {dateText(file.validUntil, language)}
                          </Text>
                          {file.expiresBeforeEvaluationEnds ? (
                            <DocumentValidityNote file={file} flagOnly />
                          ) : null}
                        </>
                      ) : (
                        t('documentValidity:columns.noLimit')
                      )
                    ) : (
                      ''
                    )}
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
                    {file ? formatByteSize(file.size, language) : ''}
                  </Table.Td>
                  {sendable ? (
                    <Table.Td style={{ textAlign: 'end' }}>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        leftSection={<IconArrowBackUp size={14} aria-hidden="true" />}
                        onClick={() => setSendingBack(slot)}
                        aria-label={t('applicationsAdmin:documents.sendBackAria', { document: label })}
                        data-testid="document-send-back"
                      >
                        {t('applicationsAdmin:documents.sendBack')}
                      </Button>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      <Modal
        opened={sendingBack !== null}
        onClose={() => setSendingBack(null)}
        title={t('applicationsAdmin:sendBack.title')}
        size="lg"
        centered
        zIndex={OVER_DRAWER_Z_INDEX}
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        {sendingBack !== null ? (
          <SendBackForm
            application={application}
            fileType={sendingBack}
            onClose={() => setSendingBack(null)}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
