import { type DataExport, EXPORT_LINK_DAYS, formatByteSize, formatDisplayDate } from '@excelencia/domain';
import { Badge, Button, Group, List, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPackageExport } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { SUCCESS_GREEN } from '../../../ui/colors.ts';
import { DownloadButton } from '../../../ui/download-button.tsx';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { requestExport } from '../api.ts';
import { companyDataKeys, isExportWorking, useExportsQuery } from '../queries.ts';
import { WRAPPING_LABEL } from './wrapping-label.ts';

/** What one export holds, in the order the zip's folders have them. */
export const EXPORT_CONTENTS = [
  'profile',
  'members',
  'sheets',
  'diagnoses',
  'applications',
  'seals',
  'esg',
  'consents',
  'partnerReads',
  'activity',
  'files',
] as const;

/** Filled dark shades, so white text stays readable. */
const STATE_COLORS: Record<DataExport['state'], string> = {
  queued: 'blue.9',
  running: 'blue.9',
  ready: SUCCESS_GREEN,
  failed: 'red.9',
  expired: 'gray.7',
};

function ExportRow({ item }: { item: DataExport }) {
  const t = useTranslate();
  const language = useLanguage();
  const asked = formatDisplayDate(item.createdAt, language, { time: true });
  return (
    <Paper component="li" withBorder p="sm" data-testid="export-row">
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text size="sm">
            {t('teamsWeb:data.exports.requested', { date: asked, name: item.requestedByName ?? '—' })}
          </Text>
          <Badge variant="filled" color={STATE_COLORS[item.state]} data-testid="export-state">
            {t(`teamsWeb:data.exports.states.${item.state}`)}
          </Badge>
        </Group>
        {isExportWorking(item) ? (
          <Group gap="xs" wrap="nowrap">
            <Progress
              value={item.progress}
              animated
              style={{ flex: 1 }}
              aria-label={t('teamsWeb:data.exports.progressLabel', { date: asked })}
              data-testid="export-progress"
            />
            <Text size="sm" c="gray.7" style={{ whiteSpace: 'nowrap' }} aria-hidden="true">
              {t('teamsWeb:data.exports.percent', { percent: item.progress })}
            </Text>
          </Group>
        ) : null}
        {item.state === 'failed' ? (
          <Text size="sm" c="red.9">
            {t('teamsWeb:data.exports.failedNote')}
          </Text>
        ) : null}
        <Group gap="md" wrap="wrap">
          {item.sizeBytes !== null ? (
            <Text size="sm" c="gray.7" data-testid="export-size">
              {t('teamsWeb:data.exports.size', { size: formatByteSize(item.sizeBytes, language) })}
            </Text>
          ) : null}
          {item.expiresAt ? (
            <Text size="sm" c="gray.7" data-testid="export-expiry">
              {t(
                item.state === 'expired' ? 'teamsWeb:data.exports.expired' : 'teamsWeb:data.exports.expires',
                {
                  date: formatDisplayDate(item.expiresAt, language, { time: true }),
                },
              )}
            </Text>
          ) : null}
        </Group>
        {item.state === 'ready' && item.downloadUrl ? (
          <DownloadButton
            href={item.downloadUrl}
            fallbackName={`export-${item.createdAt.slice(0, 10)}.zip`}
            label={t('teamsWeb:data.exports.download')}
            icon={<IconDownload size={16} aria-hidden="true" />}
            testId="export-download"
            progressText={({ percent, received }) =>
              t('teamsWeb:data.exports.downloading', {
                progress: percent !== null ? t('teamsWeb:data.exports.percent', { percent }) : received,
              })
            }
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The owner's exports of all the company's data: what one holds, the button that asks for a new one, and the
 * list (state, a progress bar read again while it is being built, size, expiry, download).
 */
export function ExportsSection({ companyId }: { companyId: string }) {
  const t = useTranslate();
  const queryClient = useQueryClient();
  const exports = useExportsQuery(companyId, true);
  const prepare = useMutation({
    mutationFn: () => requestExport(companyId),
    onSuccess: () => notifySuccess(t('teamsWeb:data.exports.prepared')),
    onError: (error) => notifyApiError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyDataKeys.exports(companyId) }),
  });
  const isWorking = exports.data?.some(isExportWorking) ?? false;
  let list: React.ReactNode;
  if (exports.isError && !exports.data) list = <LoadFailed onRetry={() => void exports.refetch()} />;
  else if (!exports.data) list = <Skeleton height={80} />;
  else if (exports.data.length === 0) {
    list = (
      <Text size="sm" c="gray.7" data-testid="exports-empty">
        {t('teamsWeb:data.exports.empty')}
      </Text>
    );
  } else {
    list = (
      <Stack
        component="ul"
        gap="xs"
        aria-label={t('teamsWeb:data.exports.listLabel')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        data-testid="exports-list"
      >
        {exports.data.map((item) => (
          <ExportRow key={item.id} item={item} />
        ))}
      </Stack>
    );
  }
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby="data-exports"
      data-testid="data-exports"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="data-exports">
          {t('teamsWeb:data.exports.title')}
        </Title>
        <Text size="sm">{t('teamsWeb:data.exports.intro')}</Text>
        <List size="sm" spacing={2} data-testid="export-contents">
          {EXPORT_CONTENTS.map((part) => (
            <List.Item key={part}>{t(`teamsWeb:data.exports.contents.${part}`)}</List.Item>
          ))}
        </List>
        <Text size="sm" c="gray.7">
          {t('teamsWeb:data.exports.linkNote', { days: EXPORT_LINK_DAYS })}
        </Text>
        <Group>
          <Button
            leftSection={<IconPackageExport size={16} aria-hidden="true" />}
            loading={prepare.isPending}
            disabled={isWorking}
            onClick={() => prepare.mutate()}
            {...WRAPPING_LABEL}
            data-testid="export-prepare"
          >
            {t('teamsWeb:data.exports.prepare')}
          </Button>
          {isWorking ? (
            <Text size="sm" c="gray.7" data-testid="export-working-note">
              {t('teamsWeb:data.exports.workingNote')}
            </Text>
          ) : null}
        </Group>
        {list}
      </Stack>
    </Paper>
  );
}
