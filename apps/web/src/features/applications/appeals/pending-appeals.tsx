import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { shortDateTime } from '../components/results-format.ts';
import { useAppealsQuery } from './queries.ts';

/**
 * The appeals of a published edition still waiting for their decision (docs/adr/0031-appeals.md), on the results
 * page: how many and which, each opening its application in the evaluation drawer.
 */
export function PendingAppeals({ editionId }: { editionId: string }) {
  const t = useTranslate();
  const language = useLanguage();
  const localePath = useLocalePath();
  const pending = useAppealsQuery({ editionId, status: 'pending' });
  const appeals = pending.data;
  if (!appeals) return null;
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="pending-appeals-title"
      data-testid="pending-appeals"
    >
      <Stack gap="xs">
        <Title order={2} size="h4" id="pending-appeals-title" data-testid="pending-appeals-title">
          {t('appeals:admin.pendingTitle', { count: appeals.length })}
        </Title>
        {appeals.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('appeals:admin.pendingNone')}
          </Text>
        ) : (
          <List size="sm" spacing={4}>
            {appeals.map((appeal) => (
              <List.Item key={appeal.id} data-testid="pending-appeal">
                <Anchor
                  component={Link}
                  to={`${localePath('/admin/application')}?edition=${encodeURIComponent(editionId)}&application=${encodeURIComponent(appeal.applicationId)}`}
                >
                  {appeal.companyName}
                </Anchor>{' '}
                <Text component="span" size="sm" c="gray.7">
                  ({appeal.nif}, {shortDateTime(appeal.createdAt, language)}
                  {appeal.proposedOutcome ? `, ${t('appeals:admin.waitingConfirmation')}` : ''})
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
