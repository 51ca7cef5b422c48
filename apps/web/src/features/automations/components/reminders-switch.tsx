import { Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useRemindersQuery, useSetRemindersMutation } from '../queries.ts';

/**
 * The profile's reminders switch: off after a reminder's one-click opt-out, back on here. Mail about the
 * applications and the account always comes, whatever it says.
 */
export function RemindersSwitch() {
  const t = useTranslate();
  const reminders = useRemindersQuery();
  const save = useSetRemindersMutation();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="reminders-title" data-testid="reminders">
      <Stack gap="xs">
        <Title order={2} size="h4" id="reminders-title">
          {t('automationsWeb:profile.title')}
        </Title>
        {reminders.data ? (
          <Switch
            checked={save.isPending && save.variables !== undefined ? save.variables : reminders.data.enabled}
            disabled={save.isPending}
            onChange={(event) =>
              save.mutate(event.currentTarget.checked, {
                onSuccess: () => notifySuccess(t('automationsWeb:profile.saved')),
                onError: (error) => notifyApiError(error),
              })
            }
            label={t('automationsWeb:profile.label')}
            data-testid="reminders-switch"
          />
        ) : (
          <Skeleton height={24} radius="sm" />
        )}
        <Text size="sm" c="gray.7">
          {t('automationsWeb:profile.hint')}
        </Text>
      </Stack>
    </Paper>
  );
}
