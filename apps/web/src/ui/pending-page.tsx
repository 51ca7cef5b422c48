import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePageDef } from '../lib/page-def.ts';

/** A page whose content belongs to a later issue: it says so, in the user's language. */
export function PendingPage() {
  const { t } = useTranslation();
  const page = usePageDef();
  const area = t(`shell:pending.areas.${page?.pending ?? 'referenceData'}`);
  return (
    <Alert variant="light" color="brand" icon={<IconInfoCircle aria-hidden="true" />} maw={720}>
      {t('shell:pending.text', { area })}
    </Alert>
  );
}
