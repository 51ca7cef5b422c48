import { APPLICATION_STATUSES, type ApplicationHistoryEntry, documentLabelKey } from '@excelencia/domain';
import { Alert, Button, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { useLanguage } from '../../../lib/language-context.ts';
import type { Translate } from '../../../ui/form/zod-resolver.ts';
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
  // The thread's messages and the appeal's steps are named by their own areas' texts.
  const keys = [
    `applications:history.${entry.action}`,
    `applicationMessages:history.${entry.action}`,
    `appeals:history.${entry.action}`,
  ];
  // A missing text comes back as its key, with or without its namespace.
  const found = (key: string, text: string) => text !== key && text !== key.slice(key.indexOf(':') + 1);
  const action =
    keys.map((key) => [key, t(key)] as const).find(([key, text]) => found(key, text))?.[1] ?? entry.action;
  if (entry.fileType === null) return action;
  return t('applicationsAdmin:history.withDocument', {
    action,
    document: t(documentLabelKey(entry.fileType)),
  });
}

/** Who did what and when on an application, newest first: status changes, documents, decisions, reasons. */
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
    // Newest first: the evaluator looks for what happened last.
    const entries = [...history.data].reverse();
    body = (
      <Timeline bulletSize={14} lineWidth={2} active={-1} data-testid="history-list">
        {entries.map((entry, index) => {
          const changed = entry.fromStatus !== entry.toStatus;
          return (
            <Timeline.Item
              // biome-ignore lint/suspicious/noArrayIndexKey: history rows have no id; their order never changes
              key={index}
              title={
                <Text size="sm" fw={600} component="span">
                  {actionName(entry, t)}
                </Text>
              }
              data-testid="history-row"
              data-action={entry.action}
            >
              <Text size="xs" c="gray.7">
                {[
                  entry.actor ?? t('applicationsAdmin:history.system'),
                  shortDateTime(entry.at, language),
                ].join(' · ')}
              </Text>
              {changed ? (
                <Text size="sm" data-testid="history-change">
                  {`${statusName(entry.fromStatus, t) || t('applicationsAdmin:dash')} → ${statusName(entry.toStatus, t) || t('applicationsAdmin:dash')}`}
                </Text>
              ) : null}
              {entry.reason ? (
                <Text
                  size="sm"
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  data-testid="history-reason"
                >
                  {t('applicationsAdmin:decision.reasonText', { reason: entry.reason })}
                </Text>
              ) : null}
            </Timeline.Item>
          );
        })}
      </Timeline>
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
