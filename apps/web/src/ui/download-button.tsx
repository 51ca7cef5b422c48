import { formatByteSize } from '@excelencia/domain';
import { Button, Group, Progress, Text } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { useLanguage } from '../lib/language-context.ts';
import { notifyApiError } from './api-feedback.tsx';
import { type DownloadProgress, downloadWithProgress } from './download.ts';

/**
 * A file download (an export, a report) with its progress beside the button: bytes received, or a percentage
 * when the server sends content-length. A failure shows the API error toast; the file is saved under the
 * server's content-disposition name.
 */
export function DownloadButton({
  href,
  fallbackName,
  label,
  icon,
  testId,
  progressTestId,
  progressText,
  onDone,
}: {
  href: string;
  fallbackName: string;
  label: string;
  icon: ReactNode;
  testId: string;
  progressTestId?: string;
  /** The progress line: a percentage when known, else the bytes received (already formatted). */
  progressText: (progress: { percent: number | null; received: string }) => string;
  onDone?: () => void;
}) {
  const language = useLanguage();
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
      .then(() => onDone?.())
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
        <Group gap={6} wrap="nowrap" role="status" aria-live="polite" data-testid={progressTestId}>
          {percent !== null ? <Progress value={percent} w={80} aria-hidden="true" /> : null}
          <Text size="sm" c="gray.7">
            {progressText({ percent, received: formatByteSize(progress.received, language) })}
          </Text>
        </Group>
      ) : null}
    </Group>
  );
}
