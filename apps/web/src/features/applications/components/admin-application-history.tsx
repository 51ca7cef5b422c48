import { APPLICATION_STATUSES, type ApplicationHistoryEntry, documentLabelKey } from '@excelencia/domain';
import { Alert, Button, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useLanguage } from '../../../app/language-context.ts';
import type { Translate } from '../../../ui/form/zod-resolver.ts';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useApplicationHistoryQuery } from '../queries.ts';
import { shortDateTime } from './results-format.ts';

function statusName(status: string | null, t: Translate): string {
  if (status === null) return '';
  return (APPLICATION_STATUSES as readonly string[]).includes(status)
    ? t(`applications:statuses.${status}`)
    : status;
}

function actionName(entry: ApplicationHistoryEntry, t: Translate): string {
  const key = `applications:history.${entry.action}`;
  const text = t(key);
  const action = text === key ? entry.action : text;
  return entry.fileType === null ? action : `${action}: ${t(documentLabelKey(entry.fileType))}`;
}

/** Who did what and when on an application, oldest first: status changes, documents, decisions, reasons. */
export function HistorySection({ id }: { id: string }) {
  const t = useTranslate();
  const language = useLanguage();
  const history = useApplicationHistoryQuery(id);
  const title = t('applicationsAdmin:history.title');
  let body: React.ReactNode;
  if (history.isError && !history.data) {
    body = (
      <Alert color="red.9" variant="light" role="alert" title={t('applicationsAdmin:loadFailed')}>
        <Button size="compact-sm" variant="light" color="red.9" onClick={() => void history.refetch()}>
          {t('applicationsAdmin:retry')}
        </Button>
      </Alert>
    );
  } else if (!history.data) {
    body = <Skeleton height={80} radius="sm" />;
  } else if (history.data.length === 0) {
    body = (
      <Text size="sm" c="gray.7">
        {t('applicationsAdmin:history.empty')}
      </Text>
    );
  } else {
    body = (
      <ScrollRegion label={title}>
        <Table miw={640} striped verticalSpacing={6} fz="sm" aria-label={title} data-testid="history-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('applicationsAdmin:history.at')}</Table.Th>
              <Table.Th>{t('applicationsAdmin:history.actor')}</Table.Th>
              <Table.Th>{t('applicationsAdmin:history.action')}</Table.Th>
              <Table.Th>{t('applicationsAdmin:history.change')}</Table.Th>
              <Table.Th>{t('applicationsAdmin:history.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.data.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: history rows have no id; their order never changes
              <Table.Tr key={index} data-testid="history-row" data-action={entry.action}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{shortDateTime(entry.at, language)}</Table.Td>
                <Table.Td>{entry.actor ?? t('applicationsAdmin:history.system')}</Table.Td>
                <Table.Td>{actionName(entry, t)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {entry.fromStatus || entry.toStatus
                    ? `${statusName(entry.fromStatus, t) || t('applicationsAdmin:dash')} → ${statusName(entry.toStatus, t) || t('applicationsAdmin:dash')}`
                    : ''}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {entry.reason ?? ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    );
  }
  return (
    <Stack gap="xs" component="section" aria-labelledby="history-title" data-testid="history">
      <Title order={3} size="h4" id="history-title">
        {title}
      </Title>
      {body}
    </Stack>
  );
}
