import { Button, Group, Progress, Text } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { type DownloadProgress, downloadWithProgress, formatBytes } from '../../../ui/download.ts';
import { useTranslate } from '../../../ui/use-translate.ts';

/**
 * A file download (the diagnosis PDF or XLSX) with its progress beside the button; a failure shows the API
 * error toast. The file is saved under the server's content-disposition name.
 */
export function DownloadButton({
  href,
  fallbackName,
  label,
  icon,
  testId,
}: {
  href: string;
  fallbackName: string;
  label: string;
  icon: ReactNode;
  testId: string;
}) {
  const t = useTranslate();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const percent =
    progress?.total && progress.total > 0
      ? Math.min(100, Math.round((progress.received / progress.total) * 100))
      : null;
  const start = () => {
    controller.current = new AbortController();
    setProgress({ received: 0, total: null });
    downloadWithProgress(href, fallbackName, setProgress, controller.current.signal)
      .catch((error: unknown) => {
        if (!controller.current?.signal.aborted) notifyApiError(error);
      })
      .finally(() => setProgress(null));
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        variant="default"
        leftSection={icon}
        onClick={start}
        loading={progress !== null}
        data-testid={testId}
      >
        {label}
      </Button>
      {progress ? (
        <Group gap={6} wrap="nowrap" role="status" aria-live="polite">
          {percent !== null ? <Progress value={percent} w={60} aria-hidden="true" /> : null}
          <Text size="sm" c="gray.7">
            {percent !== null
              ? t('diagnosisWeb:view.downloadingPercent', { percent })
              : t('diagnosisWeb:view.downloading', { received: formatBytes(progress.received) })}
          </Text>
        </Group>
      ) : null}
    </Group>
  );
}
