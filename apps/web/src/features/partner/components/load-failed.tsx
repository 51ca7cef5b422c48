import { Alert, Button } from '@mantine/core';
import { useTranslate } from '../../../ui/use-translate.ts';

/** A read that failed, with its retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useTranslate();
  return (
    <Alert color="red.9" variant="light" role="alert" title={t('partners:loadFailed')}>
      <Button size="compact-sm" variant="light" color="red.9" onClick={onRetry}>
        {t('partners:retry')}
      </Button>
    </Alert>
  );
}
