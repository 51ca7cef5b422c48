import { type ClosureRequest, formatDisplayDate } from '@excelencia/domain';
import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { SUCCESS_GREEN } from '../../../ui/colors.ts';
import { confirmAction } from '../../../ui/confirm.tsx';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { ReasonModal, type ReasonRequest } from '../../../ui/reason-modal.tsx';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { approveClosure, refuseClosure } from '../api.ts';
import { companyDataKeys, useClosureRequestsQuery } from '../queries.ts';
import { ClosureEffects } from './closure-effects.tsx';

/** Filled dark shades, so white text stays readable. */
const STATE_COLORS: Record<ClosureRequest['status'], string> = {
  pending: 'blue.9',
  approved: SUCCESS_GREEN,
  refused: 'red.9',
  withdrawn: 'gray.7',
};

/** The pending requests first (the oldest first: they waited longest), then the others, newest first. */
export function closureQueueOrder(requests: readonly ClosureRequest[]): ClosureRequest[] {
  const pending = requests
    .filter((request) => request.status === 'pending')
    .sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));
  const others = requests
    .filter((request) => request.status !== 'pending')
    .sort((a, b) => (b.decidedAt ?? b.requestedAt).localeCompare(a.decidedAt ?? a.requestedAt));
  return [...pending, ...others];
}

/**
 * The admin's queue of requests to close a company's account: approving erases the company's personal data and
 * files (the confirmation names them); refusing keeps the account, with a reason the owners read.
 */
export function AdminClosureRequests() {
  const t = useTranslate();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const requests = useClosureRequestsQuery();
  const refresh = () => queryClient.invalidateQueries({ queryKey: companyDataKeys.closureRequests() });
  const approve = useMutation({ mutationFn: approveClosure, onSettled: refresh });
  const refuse = useMutation({
    mutationFn: (input: { id: string; reason: string }) => refuseClosure(input.id, { reason: input.reason }),
    onSettled: refresh,
  });
  const [asking, setAsking] = useState<ReasonRequest | null>(null);

  const askApprove = (request: ClosureRequest) =>
    confirmAction({
      title: t('teamsWeb:closure.admin.approveTitle', { company: request.companyName }),
      message: t('teamsWeb:closure.admin.approveMessage', { company: request.companyName, nif: request.nif }),
      details: <ClosureEffects />,
      confirmLabel: t('teamsWeb:closure.admin.approve'),
      danger: true,
      onConfirm: () =>
        approve.mutateAsync(request.id).then(
          () => {
            notifySuccess(t('teamsWeb:closure.admin.approved', { company: request.companyName }));
            // The company's lists and profile change with its closure.
            void queryClient.invalidateQueries({ queryKey: ['companies'] });
          },
          (error) => notifyApiError(error),
        ),
    });
  const askRefuse = (request: ClosureRequest) =>
    setAsking({
      title: t('teamsWeb:closure.admin.refuseTitle', { company: request.companyName }),
      message: t('teamsWeb:closure.admin.refuseMessage'),
      reasonLabel: t('teamsWeb:closure.admin.refuseReason'),
      confirmLabel: t('teamsWeb:closure.admin.refuse'),
      required: true,
      testId: 'closure-refuse-dialog',
      onConfirm: (reason) =>
        refuse
          .mutateAsync({ id: request.id, reason })
          .then(() => notifySuccess(t('teamsWeb:closure.admin.refused'))),
    });

  const title = t('teamsWeb:closure.admin.tab');
  const when = (value: string) => formatDisplayDate(value, language, { time: true });
  let body: React.ReactNode;
  if (requests.isError && !requests.data) {
    body = <LoadFailed onRetry={() => void requests.refetch()} />;
  } else if (!requests.data) {
    body = <Skeleton height={120} />;
  } else if (requests.data.length === 0) {
    body = (
      <Text size="sm" c="gray.7" data-testid="closure-requests-empty">
        {t('teamsWeb:closure.admin.empty')}
      </Text>
    );
  } else {
    body = (
      <ScrollRegion label={title}>
        <Table
          miw={760}
          striped
          verticalSpacing={6}
          fz="sm"
          aria-label={title}
          data-testid="closure-requests-table"
        >
          <Table.Thead>
            <Table.Tr>
              {(['company', 'requested', 'reason', 'state'] as const).map((column) => (
                <Table.Th key={column} style={{ whiteSpace: 'nowrap' }}>
                  {t(`teamsWeb:closure.admin.columns.${column}`)}
                </Table.Th>
              ))}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {closureQueueOrder(requests.data).map((request) => (
              <Table.Tr key={request.id} data-testid="closure-request-row">
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {request.companyName}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {t('applicationsAdmin:seals.nifLine', { nif: request.nif })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {t('teamsWeb:closure.requested', {
                      date: when(request.requestedAt),
                      name: request.requestedByName ?? '—',
                    })}
                  </Text>
                </Table.Td>
                <Table.Td style={{ minWidth: '12rem' }}>
                  <Text size="sm" style={{ overflowWrap: 'break-word' }}>
                    {request.reason || '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge
                    variant="filled"
                    color={STATE_COLORS[request.status]}
                    data-testid="closure-request-state"
                  >
                    {t(`teamsWeb:closure.admin.states.${request.status}`)}
                  </Badge>
                  {request.decidedAt ? (
                    <Text size="xs" c="gray.7">
                      {t('teamsWeb:closure.decided', {
                        date: when(request.decidedAt),
                        name: request.decidedByName ?? '—',
                      })}
                    </Text>
                  ) : null}
                  {request.decisionReason ? (
                    <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                      {request.decisionReason}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {request.status === 'pending' ? (
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red.9"
                        leftSection={<IconCheck size={14} aria-hidden="true" />}
                        onClick={() => askApprove(request)}
                        aria-label={t('teamsWeb:closure.admin.actionAria', {
                          action: t('teamsWeb:closure.admin.approve'),
                          company: request.companyName,
                        })}
                        data-testid="closure-approve"
                      >
                        {t('teamsWeb:closure.admin.approve')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        leftSection={<IconX size={14} aria-hidden="true" />}
                        onClick={() => askRefuse(request)}
                        aria-label={t('teamsWeb:closure.admin.actionAria', {
                          action: t('teamsWeb:closure.admin.refuse'),
                          company: request.companyName,
                        })}
                        data-testid="closure-refuse"
                      >
                        {t('teamsWeb:closure.admin.refuse')}
                      </Button>
                    </Group>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    );
  }
  return (
    <Paper withBorder p="md" component="section" data-testid="closure-requests">
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          {t('teamsWeb:closure.admin.intro')}
        </Text>
        {body}
      </Stack>
      <ReasonModal request={asking} onClose={() => setAsking(null)} />
    </Paper>
  );
}
