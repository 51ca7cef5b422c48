import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../download-button.tsx';
import { notifySuccess } from '../notify.ts';

/** Downloads `<res>/export?<current filter>` with its progress and saves it under the server's file name. */
export function ExportButton({ href, fallbackName }: { href: string; fallbackName: string }) {
  const { t } = useTranslation();
  return (
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
}
