import { Alert, Button } from '@mantine/core';
import { DANGER_RED } from '../../../ui/colors.ts';
import { useTranslate } from '../../../ui/use-translate.ts';

/** A failed load in the user's language, with a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useTranslate();
  return (
    <Alert color={DANGER_RED} variant="light" role="alert" title={t('applicationsWeb:loadFailed')}>
      <Button size="compact-sm" variant="outline" color={DANGER_RED} onClick={onRetry}>
        {t('applicationsWeb:retry')}
      </Button>
    </Alert>
  );
}
