import { Alert, Button } from '@mantine/core';
import { DANGER_RED } from './colors.ts';
import { useTranslate } from './use-translate.ts';

/** A read that failed, with its retry: 'The data could not be loaded.' unless the screen names what. */
export function LoadFailed({ onRetry, title }: { onRetry: () => void; title?: string }) {
  const t = useTranslate();
  return (
    <Alert color={DANGER_RED} variant="light" role="alert" title={title ?? t('common:loadFailed')}>
      <Button size="compact-sm" variant="light" color={DANGER_RED} onClick={onRetry}>
        {t('common:retry')}
      </Button>
    </Alert>
  );
}
