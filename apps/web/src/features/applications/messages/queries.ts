import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applicationKeys } from '../queries.ts';
import { fetchMessages, postMessage, type ThreadScope } from './api.ts';

/** The thread's cache key, under the applications area's keys (the company's or the admin's branch). */
export function messagesKey(scope: ThreadScope) {
  return scope.kind === 'company'
    ? ([...applicationKeys.one(scope.companyId, scope.id), 'messages'] as const)
    : ([...applicationKeys.adminOne(scope.id), 'messages'] as const);
}

/** The thread, read again every minute while the page is open, so the other side's answer shows up. */
export function useMessagesQuery(scope: ThreadScope) {
  return useQuery({
    queryKey: messagesKey(scope),
    queryFn: ({ signal }) => fetchMessages(scope, signal),
    refetchInterval: 60_000,
  });
}

/** Sends a message; the thread (and, for the evaluators, the application's history) is read again. */
export function usePostMessageMutation(scope: ThreadScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => postMessage(scope, body),
    onSuccess: (message) => {
      client.setQueryData(messagesKey(scope), (old: unknown) =>
        Array.isArray(old) && !old.some((m: { id: string }) => m.id === message.id) ? [...old, message] : old,
      );
      void client.invalidateQueries({ queryKey: messagesKey(scope) });
      if (scope.kind === 'admin')
        void client.invalidateQueries({ queryKey: applicationKeys.history(scope.id) });
    },
  });
}
