import { APPLICATION_PDF_MAX_BYTES, type Edition, formatByteSize, hasPdfHeader } from '@excelencia/domain';
import { Anchor, Button, FileButton, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { regulationPath } from '../api.ts';
import { editionLabel } from '../edition-label.ts';
import { useUploadRegulationMutation } from '../queries.ts';

/** Whether a chosen file is a PDF the server will take: a PDF signature, at most 10 MB. */
async function pdfProblem(file: File): Promise<'notPdf' | 'tooLarge' | null> {
  const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
  if (!hasPdfHeader(head)) return 'notPdf';
  return file.size > APPLICATION_PDF_MAX_BYTES ? 'tooLarge' : null;
}

/** The edition's regulation: the current file (opens in a new tab) and an upload with its progress bar. */
export function RegulationUpload({
  edition,
  focusOnMount = false,
  onUploaded,
}: {
  edition: Edition;
  /** Scrolls the section into view and focuses its button (the next step after creating the edition). */
  focusOnMount?: boolean;
  onUploaded: (edition: Edition) => void;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focusOnMount) return;
    button.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    button.current?.focus({ preventScroll: true });
  }, [focusOnMount]);
  const upload = useUploadRegulationMutation();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const name = editionLabel(edition, t);

  const choose = async (file: File | null) => {
    setProblem(null);
    if (!file) return;
    const issue = await pdfProblem(file);
    if (issue) {
      setProblem(
        issue === 'notPdf'
          ? t('applications:selectPdf')
          : t('applicationsWeb:documents.pdfTooLarge', {
              max: formatByteSize(APPLICATION_PDF_MAX_BYTES, language),
            }),
      );
      return;
    }
    setProgress(0);
    upload.mutate(
      { editionId: edition.id, file, onProgress: setProgress },
      {
        onSuccess: (saved) => {
          notifySuccess(t('applicationsAdmin:regulation.uploaded'));
          onUploaded(saved);
        },
        onError: (error) => setProblem(error instanceof Error ? error.message : String(error)),
        onSettled: () => setProgress(null),
      },
    );
  };

  const uploading = progress !== null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="regulation-title" data-testid="regulation">
      <Stack gap="xs">
        <Title order={3} size="h5" id="regulation-title">
          {t('applicationsAdmin:regulation.title')}
        </Title>
        {edition.regulationFileName ? (
          <Group gap="xs" wrap="wrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('applicationsAdmin:regulation.current', { name: edition.regulationFileName })}
            </Text>
            <Anchor
              href={regulationPath(edition.id)}
              target="_blank"
              rel="noopener"
              size="sm"
              aria-label={t('applicationsAdmin:editions.openRegulationAria', { edition: name })}
              data-testid="regulation-open"
            >
              <Group gap={4} wrap="nowrap" component="span">
                {t('applicationsAdmin:editions.openRegulation')}
                <IconExternalLink size={14} aria-hidden="true" />
              </Group>
            </Anchor>
          </Group>
        ) : (
          <Text size="sm" c="gray.7">
            {t('applicationsAdmin:regulation.none')}
          </Text>
        )}
        <Group gap="sm">
          <FileButton
            onChange={(file) => void choose(file)}
            accept="application/pdf,.pdf"
            disabled={uploading}
          >
            {(props) => (
              <Button
                {...props}
                ref={button}
                variant="light"
                leftSection={<IconUpload size={16} aria-hidden="true" />}
                loading={uploading}
                data-testid="regulation-upload"
              >
                {t(
                  edition.regulationFileName
                    ? 'applicationsAdmin:regulation.replace'
                    : 'applicationsAdmin:regulation.choose',
                )}
              </Button>
            )}
          </FileButton>
        </Group>
        <Text size="xs" c="gray.7">
          {t('applicationsAdmin:regulation.hint', {
            max: formatByteSize(APPLICATION_PDF_MAX_BYTES, language),
          })}
        </Text>
        {uploading ? (
          <Progress
            value={Math.round((progress ?? 0) * 100)}
            aria-label={t('applicationsAdmin:regulation.uploading')}
            data-testid="regulation-progress"
          />
        ) : null}
        {problem ? (
          <Text size="sm" c="red.9" role="alert" data-testid="regulation-error">
            {problem}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
