import { Button, Group, Progress, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiError } from '../api-feedback.tsx';
import { type DownloadProgress, downloadWithProgress, formatBytes } from '../download.ts';
import { notifySuccess } from '../notify.ts';

/**
 * Downloads `<res>/export?<current filter>` with a progress indicator (bytes received, or a percentage when
 * the server sends content-length) and saves it under the server's file name.
 */
export function ExportButton({ href, fallbackName }: { href: string; fallbackName: string }) {
  const { t } = useTranslation();
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
      .then(() => notifySuccess(t('reference:table.exported')))
      .catch((error: unknown) => {
        if (!controller.current?.signal.aborted) notifyApiError(error);
      })
      .finally(() => setProgress(null));
  };

  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={18} aria-hidden="true" />}
        onClick={start}
        loading={progress !== null}
        data-testid="export-button"
      >
        {t('reference:table.export')}
      </Button>
      {progress ? (
        <Group gap={6} wrap="nowrap" role="status" aria-live="polite" data-testid="export-progress">
          {percent !== null ? <Progress value={percent} w={80} aria-hidden="true" /> : null}
          <Text size="sm" c="gray.7">
            {percent !== null
              ? t('reference:table.exportingPercent', { percent })
              : t('reference:table.exporting', { received: formatBytes(progress.received) })}
          </Text>
        </Group>
      ) : null}
    </Group>
  );
}
