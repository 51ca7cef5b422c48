import { Alert, Button, Paper, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useDiagnosisQuery } from '../queries.ts';
import { DiagnosisView } from './diagnosis-view.tsx';

/** Loads one diagnosis and shows it; the panel scrolls into view when another diagnosis is opened. */
export function OpenDiagnosis({
  companyId,
  id,
  variant,
  onClose,
}: {
  companyId: string;
  id: string;
  variant: 'company' | 'admin';
  onClose: () => void;
}) {
  const t = useTranslate();
  const diagnosis = useDiagnosisQuery(companyId, id);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (id) panel.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [id]);
  let body: ReactNode;
  if (diagnosis.isError) {
    body = (
      <Alert color="red.9" variant="light" role="alert" title={t('diagnosisWeb:loadFailed')}>
        <Button size="compact-sm" variant="light" color="red.9" onClick={() => void diagnosis.refetch()}>
          {t('diagnosisWeb:retry')}
        </Button>
      </Alert>
    );
  } else if (!diagnosis.data) {
    // A screen's height is kept while it loads: what follows the panel does not move when it arrives.
    body = (
      <Text c="gray.7" mih="100vh" data-testid="diagnosis-loading">
        {t('diagnosisWeb:loading')}
      </Text>
    );
  } else {
    body = <DiagnosisView diagnosis={diagnosis.data} variant={variant} onClose={onClose} />;
  }
  return (
    <Paper ref={panel} withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} style={{ scrollMarginTop: 72 }}>
      {body}
    </Paper>
  );
}
