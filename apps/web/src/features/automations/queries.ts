import type { AutomationKind } from '@excelencia/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchAutomations, fetchReminders, putAutomation, putReminders } from './api.ts';

export const automationKeys = {
  all: ['automations'] as const,
  edition: (editionId: string) => [...automationKeys.all, 'edition', editionId] as const,
  reminders: () => [...automationKeys.all, 'reminders'] as const,
};

export function useAutomationsQuery(editionId: string) {
  return useQuery({
    queryKey: automationKeys.edition(editionId),
    queryFn: ({ signal }) => fetchAutomations(editionId, signal),
  });
}

/** Switches one item; the edition's schedule is read again (its state and audience follow). */
export function useSetAutomationMutation(editionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: AutomationKind; enabled: boolean }) =>
      putAutomation(editionId, input.kind, input.enabled),
    onSettled: () => client.invalidateQueries({ queryKey: automationKeys.edition(editionId) }),
  });
}

export function useRemindersQuery() {
  return useQuery({ queryKey: automationKeys.reminders(), queryFn: ({ signal }) => fetchReminders(signal) });
}

export function useSetRemindersMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => putReminders(enabled),
    onSuccess: (saved) => client.setQueryData(automationKeys.reminders(), saved),
  });
}
