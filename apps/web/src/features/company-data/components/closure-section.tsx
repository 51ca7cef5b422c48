import { type ClosureRequest, FIELD_LENGTHS, formatDisplayDate } from '@excelencia/domain';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconDoorExit } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { confirmAction } from '../../../ui/confirm.tsx';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { requestClosure, withdrawClosure } from '../api.ts';
import { companyDataKeys, useClosureQuery } from '../queries.ts';
import { ClosureEffects } from './closure-effects.tsx';
import { WRAPPING_LABEL } from './wrapping-label.ts';

/** Dark shades: the light alert writes its title in this colour. */
const STATE_COLORS: Record<ClosureRequest['status'], string> = {
  pending: 'blue.9',
  approved: 'green.9',
  refused: 'red.9',
  withdrawn: 'gray.9',
};

/** The latest request's state: who asked when and why, and the administrator's decision. */
function RequestState({
  request,
  canWithdraw,
  onWithdraw,
  isWithdrawing,
}: {
  request: ClosureRequest;
  canWithdraw: boolean;
  onWithdraw: () => void;
  isWithdrawing: boolean;
}) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <Alert
      color={STATE_COLORS[request.status]}
      variant="light"
      title={t(`teamsWeb:closure.states.${request.status}`)}
      data-testid="closure-state"
    >
      <Stack gap={4}>
        <Text size="sm">
          {t('teamsWeb:closure.requested', {
            date: formatDisplayDate(request.requestedAt, language, { time: true }),
            name: request.requestedByName ?? '—',
          })}
        </Text>
        {request.reason ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('teamsWeb:closure.reasonGiven', { reason: request.reason })}
          </Text>
        ) : null}
        {request.decidedAt ? (
          <Text size="sm">
            {t('teamsWeb:closure.decided', {
              date: formatDisplayDate(request.decidedAt, language, { time: true }),
              name: request.decidedByName ?? '—',
            })}
          </Text>
        ) : null}
        {request.decisionReason ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="closure-decision-reason">
            {t('teamsWeb:closure.decisionReason', { reason: request.decisionReason })}
          </Text>
        ) : null}
        {request.status === 'pending' && canWithdraw ? (
          <Group mt="xs">
            <Button
              variant="default"
              loading={isWithdrawing}
              onClick={onWithdraw}
              data-testid="closure-withdraw"
            >
              {t('teamsWeb:closure.withdraw')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}

/**
 * Closing the company's account: what it erases and what stays, the latest request's state and, for an owner, the
 * request (a reason, then a confirmation) or its withdrawal while it waits for an administrator.
 */
export function ClosureSection({
  companyId,
  companyName,
  isOwner,
}: {
  companyId: string;
  companyName: string;
  isOwner: boolean;
}) {
  const t = useTranslate();
  const queryClient = useQueryClient();
  const closure = useClosureQuery(companyId);
  const [reason, setReason] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: companyDataKeys.closure(companyId) });
  const ask = useMutation({
    mutationFn: (text: string) => requestClosure(companyId, { reason: text }),
    onSettled: refresh,
  });
  const withdraw = useMutation({ mutationFn: () => withdrawClosure(companyId), onSettled: refresh });

  const confirmAsk = () =>
    confirmAction({
      title: t('teamsWeb:closure.confirmTitle', { company: companyName }),
      message: t('teamsWeb:closure.confirmMessage'),
      details: <ClosureEffects />,
      confirmLabel: t('teamsWeb:closure.confirm'),
      danger: true,
      onConfirm: () =>
        ask.mutateAsync(reason.trim()).then(
          () => {
            setReason('');
            notifySuccess(t('teamsWeb:closure.asked'));
          },
          (error) => notifyApiError(error),
        ),
    });
  const confirmWithdraw = () =>
    confirmAction({
      title: t('teamsWeb:closure.withdrawTitle'),
      message: t('teamsWeb:closure.withdrawMessage'),
      confirmLabel: t('teamsWeb:closure.withdraw'),
      onConfirm: () =>
        withdraw.mutateAsync().then(
          () => notifySuccess(t('teamsWeb:closure.withdrawn')),
          (error) => notifyApiError(error),
        ),
    });

  let body: React.ReactNode;
  if (closure.isError && closure.data === undefined) {
    body = <LoadFailed onRetry={() => void closure.refetch()} />;
  } else if (closure.data === undefined) {
    body = <Skeleton height={80} />;
  } else {
    const latest = closure.data;
    const isPending = latest?.status === 'pending';
    body = (
      <Stack gap="sm">
        {latest ? (
          <RequestState
            request={latest}
            canWithdraw={isOwner}
            onWithdraw={confirmWithdraw}
            isWithdrawing={withdraw.isPending}
          />
        ) : null}
        {isOwner && !isPending && latest?.status !== 'approved' ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              confirmAsk();
            }}
            data-testid="closure-form"
          >
            <Stack gap="sm">
              <Text size="sm" c="gray.7">
                {t('teamsWeb:closure.exportFirst')}
              </Text>
              <Textarea
                label={t('teamsWeb:closure.reason')}
                autosize
                minRows={2}
                maxRows={6}
                maxLength={FIELD_LENGTHS.reason}
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                data-testid="closure-reason"
              />
              <Group>
                <Button
                  type="submit"
                  color="red.9"
                  variant="outline"
                  leftSection={<IconDoorExit size={16} aria-hidden="true" />}
                  loading={ask.isPending}
                  {...WRAPPING_LABEL}
                  data-testid="closure-ask"
                >
                  {t('teamsWeb:closure.ask')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
        {!isOwner && !latest ? (
          <Text size="sm" c="gray.7" data-testid="closure-none">
            {t('teamsWeb:closure.none')}
          </Text>
        ) : null}
      </Stack>
    );
  }
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby="data-closure"
      data-testid="data-closure"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="data-closure">
          {t('teamsWeb:closure.title')}
        </Title>
        <Text size="sm">{t('teamsWeb:closure.intro')}</Text>
        <ClosureEffects withPrivacyLink />
        {body}
      </Stack>
    </Paper>
  );
}
