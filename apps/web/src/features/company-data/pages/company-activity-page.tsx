import { type ActivityItem, formatDisplayDate } from '@excelencia/domain';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useLanguage } from '../../../lib/language-context.ts';
import { useSignedIn } from '../../../lib/signed-in-context.ts';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { activityWhat, activityWho } from '../activity-text.ts';
import { useActivityQuery } from '../queries.ts';

function ActivityRow({ item }: { item: ActivityItem }) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <Paper component="li" withBorder p="sm" data-testid="activity-item">
      <Stack gap={2}>
        <Text size="sm" fw={600} data-testid="activity-what" style={{ overflowWrap: 'anywhere' }}>
          {item.summary ?? activityWhat(item, t)}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="gray.7" data-testid="activity-who">
            {activityWho(item, t)}
          </Text>
          {item.actorKind !== 'member' ? (
            <Badge size="sm" variant="outline" color="gray.8">
              {t(`teamsWeb:activity.kinds.${item.actorKind}`)}
            </Badge>
          ) : null}
          <Text size="sm" c="gray.7" component="time" dateTime={item.at} data-testid="activity-when">
            {formatDisplayDate(item.at, language, { time: true })}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

function ActivityList({ companyId }: { companyId: string }) {
  const t = useTranslate();
  const activity = useActivityQuery(companyId);
  if (activity.isError && !activity.data) return <LoadFailed onRetry={() => void activity.refetch()} />;
  if (!activity.data) return <Skeleton height={160} />;
  const items = activity.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Paper withBorder p="lg" data-testid="activity-empty">
        <Group gap="sm" wrap="nowrap">
          <IconHistory size={24} aria-hidden="true" />
          <Text>{t('teamsWeb:activity.empty')}</Text>
        </Group>
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      <Stack
        component="ul"
        gap="xs"
        aria-label={t('teamsWeb:activity.listLabel')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        data-testid="activity-list"
      >
        {items.map((item) => (
          <ActivityRow key={item.id} item={item} />
        ))}
      </Stack>
      {activity.isFetchNextPageError ? (
        <LoadFailed onRetry={() => void activity.fetchNextPage()} />
      ) : activity.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="default"
            loading={activity.isFetchingNextPage}
            onClick={() => void activity.fetchNextPage()}
            data-testid="activity-more"
          >
            {t('teamsWeb:activity.loadMore')}
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="gray.7" ta="center" data-testid="activity-end">
          {t('teamsWeb:activity.end')}
        </Text>
      )}
    </Stack>
  );
}

/** /company/activity: who did what and when in the selected company, newest first, a page at a time. */
export function CompanyActivityPage() {
  const t = useTranslate();
  const companyId = useSignedIn().selectedCompany?.id ?? null;
  return (
    <Stack gap="md" maw={820}>
      <Text c="gray.7">{t('teamsWeb:activity.intro')}</Text>
      {companyId ? (
        <ActivityList key={companyId} companyId={companyId} />
      ) : (
        <Text>{t('teamsWeb:activity.noCompany')}</Text>
      )}
    </Stack>
  );
}
