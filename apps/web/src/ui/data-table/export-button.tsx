import { EXPORT_LIMIT_PARAMS, MAX_EXPORT_ROWS } from '@excelencia/domain';
import { Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../download-button.tsx';
import { notifySuccess } from '../notify.ts';

/**
 * Downloads `<res>/export?<current filter>` with its progress and saves it under the server's file name. With
 * `total` above the export's row limit, says beforehand that only the first rows are exported.
 */
export function ExportButton({
  href,
  fallbackName,
  total,
}: {
  href: string;
  fallbackName: string;
  total?: number;
}) {
  const { t } = useTranslation();
  const limited = total !== undefined && total > MAX_EXPORT_ROWS;
  const button = (
    <DownloadButton
      href={href}
      fallbackName={fallbackName}
      label={t('reference:table.export')}
      icon={<IconFileSpreadsheet size={18} aria-hidden="true" />}
      testId="export-button"
      progressTestId="export-progress"
      progressText={({ percent, received }) =>
        percent !== null
          ? t('reference:table.exportingPercent', { percent })
          : t('reference:table.exporting', { received })
      }
      onDone={() => notifySuccess(t('reference:table.exported'))}
    />
  );
  if (!limited) return button;
  return (
    <Stack gap={4} align="flex-end">
      {button}
      <Text size="xs" c="gray.7" maw={280} ta="right" data-testid="export-limited">
        {t('reference:table.exportLimited', EXPORT_LIMIT_PARAMS)}
      </Text>
    </Stack>
  );
}
