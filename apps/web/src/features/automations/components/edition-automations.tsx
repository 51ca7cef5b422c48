import { type AutomationItem, type AutomationState, formatDisplayDate } from '@excelencia/domain';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useAutomationsQuery, useSetAutomationMutation } from '../queries.ts';

/** Dark shades that keep the state badges readable (contrast) on the light variant. */
const STATE_COLOR: Record<AutomationState, string> = {
  scheduled: 'blue.9',
  sent: 'green.9',
  skipped: 'orange.9',
  disabled: 'gray.8',
  past: 'gray.8',
};

function AutomationRow({ item, editionId }: { item: AutomationItem; editionId: string }) {
  const t = useTranslate();
  const language = useLanguage();
  const setAutomation = useSetAutomationMutation(editionId);
  const kindLabel = t(`automationsWeb:kinds.${item.kind}`);
  const pending = setAutomation.isPending;
  return (
    <Paper
      withBorder
      p="sm"
      component="li"
      data-testid="automation"
      data-kind={item.kind}
      data-state={item.state}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Text fw={700} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {kindLabel}
          </Text>
          {item.switchable ? (
            // Busy while it saves, not disabled (that dropped the keyboard's focus to the page); a press then is
            // ignored.
            <Switch
              checked={pending && setAutomation.variables ? setAutomation.variables.enabled : item.enabled}
              aria-busy={pending || undefined}
              onChange={(event) => {
                if (pending) return;
                setAutomation.mutate(
                  { kind: item.kind, enabled: event.currentTarget.checked },
                  {
                    onSuccess: () => notifySuccess(t('automationsWeb:schedule.saved')),
                    onError: (error) => notifyApiError(error),
                  },
                );
              }}
              aria-label={t('automationsWeb:schedule.switchLabel', { kind: kindLabel })}
              data-testid="automation-switch"
            />
          ) : null}
        </Group>
        <Group gap="xs" wrap="wrap">
          <Badge color={STATE_COLOR[item.state]} variant="light" data-testid="automation-state">
            {t(`automationsWeb:states.${item.state}`)}
          </Badge>
          <Text size="sm" data-testid="automation-date">
            <Text span c="gray.7" size="sm">
              {t('automationsWeb:schedule.date')}:{' '}
            </Text>
            {formatDisplayDate(item.sendAt, language, { time: true })}
          </Text>
        </Group>
        <Group gap="md" wrap="wrap">
          <Text size="sm" data-testid="automation-audience">
            <Text span c="gray.7" size="sm">
              {t('automationsWeb:schedule.audience')}:{' '}
            </Text>
            {t('automationsWeb:schedule.companies', { count: item.audience })}
          </Text>
          <Text size="sm" data-testid="automation-sent">
            <Text span c="gray.7" size="sm">
              {t('automationsWeb:schedule.sent')}:{' '}
            </Text>
            {t('automationsWeb:schedule.companies', { count: item.sent })}
          </Text>
        </Group>
        {item.switchable ? null : (
          <Text size="xs" c="gray.7">
            {t('automationsWeb:schedule.byPublication')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * An edition's automatic mail in the editions drawer: each item with its date, how many companies it reaches now,
 * its state and how many it was sent to, and a switch per reminder (the results mail is the publication's own).
 * One column of cards, so it reads at 390 px; each switch is a labelled checkbox for the keyboard.
 */
export function EditionAutomations({ editionId }: { editionId: string }) {
  const t = useTranslate();
  const automations = useAutomationsQuery(editionId);
  let body: React.ReactNode;
  if (automations.isError && !automations.data) {
    body = (
      <Alert color="red.9" variant="light" role="alert" title={t('automationsWeb:schedule.loadFailed')}>
        <Button size="compact-sm" variant="light" color="red.9" onClick={() => void automations.refetch()}>
          {t('applicationsAdmin:retry')}
        </Button>
      </Alert>
    );
  } else if (!automations.data) {
    body = (
      <Stack gap="xs" data-testid="automations-loading">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={28} radius="sm" />
        ))}
      </Stack>
    );
  } else {
    body = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="automations">
        {automations.data.map((item) => (
          <AutomationRow key={item.kind} item={item} editionId={editionId} />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby={`automations-${editionId}`}>
      <Title order={3} size="h5" id={`automations-${editionId}`}>
        {t('automationsWeb:schedule.title')}
      </Title>
      <Text size="sm" c="gray.7">
        {t('automationsWeb:schedule.intro')}
      </Text>
      {body}
    </Stack>
  );
}
