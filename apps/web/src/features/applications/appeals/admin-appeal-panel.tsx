import {
  type Appeal,
  AppealDecisionRequest,
  type AppealOutcome,
  type Application,
  FIELD_LENGTHS,
} from '@excelencia/domain';
import { Button, Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconGavel } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/language-context.ts';
import { useSignedIn } from '../../../lib/signed-in-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { zodResolver } from '../../../ui/form/zod-resolver.ts';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { adminApplicationFilePath } from '../api.ts';
import { dateText } from '../components/company-application-format.ts';
import { shortDateTime } from '../components/results-format.ts';
import { SecondAdminConfirmation } from '../components/second-admin-confirmation.tsx';
import { AppealFileList, AppealStatusBadge } from './appeal-parts.tsx';
import {
  useAdminAppealQuery,
  useConfirmAppealMutation,
  useProposeAppealMutation,
  useRefreshAppeals,
} from './queries.ts';

/**
 * The appeal of a refused application in the evaluation drawer (docs/adr/0031-appeals.md): the company's reason
 * and documents; one admin proposes the outcome with its grounds, a second one confirms it or sends it back.
 */

type ProposalValues = { outcome: AppealOutcome | ''; reason: string };

function ProposalForm({ appeal, onProposed }: { appeal: Appeal; onProposed: () => void }) {
  const t = useTranslate();
  const propose = useProposeAppealMutation(appeal.id);
  const refresh = useRefreshAppeals();
  const toBody = (values: ProposalValues) => ({
    outcome: values.outcome,
    reason: values.reason.trim(),
    version: appeal.version,
  });
  const form = useForm<ProposalValues>({
    mode: 'controlled',
    initialValues: { outcome: '', reason: '' },
    validate: zodResolver<ProposalValues>(AppealDecisionRequest, t, toBody),
  });
  const submit = form.onSubmit((values) => {
    propose.mutate(toBody(values) as AppealDecisionRequest, {
      onSuccess: onProposed,
      onError: (error) => {
        notifyApiError(error);
        if (error instanceof ApiError && error.status === 409) void refresh();
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate data-testid="appeal-proposal-form">
      <Stack gap="sm">
        <Radio.Group
          label={t('appeals:admin.outcome')}
          withAsterisk
          {...form.getInputProps('outcome')}
          data-testid="appeal-outcome"
        >
          <Stack gap={6} mt={6}>
            <Radio value="upheld" label={t('appeals:outcomes.upheld')} data-testid="appeal-outcome-upheld" />
            <Radio
              value="dismissed"
              label={t('appeals:outcomes.dismissed')}
              data-testid="appeal-outcome-dismissed"
            />
          </Stack>
        </Radio.Group>
        <Textarea
          label={t('appeals:admin.reason')}
          withAsterisk
          aria-required
          autosize
          minRows={2}
          maxRows={8}
          maxLength={FIELD_LENGTHS.reason}
          {...form.getInputProps('reason')}
          data-testid="appeal-decision-reason"
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconGavel size={16} aria-hidden="true" />}
            loading={propose.isPending}
            data-testid="appeal-propose"
          >
            {t('appeals:admin.propose')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The proposal waiting for a second admin. `focusOnMount`: it replaces the form the admin just sent (its button
 * gone with it), so the keyboard goes on at the proposal rather than at the page.
 */
function Confirmation({
  appeal,
  focusOnMount,
  onDecided,
}: {
  appeal: Appeal;
  focusOnMount: boolean;
  onDecided: () => void;
}) {
  const line = useRef<HTMLParagraphElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only
  useEffect(() => {
    if (focusOnMount) line.current?.focus();
  }, []);
  const t = useTranslate();
  const language = useLanguage();
  const { session } = useSignedIn();
  const confirm = useConfirmAppealMutation(appeal.id);
  const refresh = useRefreshAppeals();
  const isOwn = appeal.decidedBy !== null && appeal.decidedBy === session.user.name;
  const proposed = t('appeals:admin.proposed', {
    name: appeal.decidedBy ?? '—',
    date: shortDateTime(appeal.decidedAt, language),
    outcome: t(`appeals:outcomes.${appeal.proposedOutcome ?? 'upheld'}`),
  });
  return (
    <Stack gap="xs" data-testid="appeal-proposal">
      <Text fw={600} data-testid="appeal-proposal-line" ref={line} tabIndex={-1}>
        {proposed}
      </Text>
      {appeal.decisionReason ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {appeal.decisionReason}
        </Text>
      ) : null}
      <Text size="sm" fw={600}>
        {t('appeals:admin.waitingConfirmation')}
      </Text>
      <SecondAdminConfirmation
        isOwn={isOwn}
        ownNotice={t('appeals:admin.ownProposal')}
        confirmLabel={t('appeals:admin.confirm')}
        sendBackLabel={t('appeals:admin.sendBack')}
        sendBack={{
          title: t('appeals:admin.sendBack'),
          message: proposed,
          reasonLabel: t('appeals:admin.reason'),
          confirmLabel: t('appeals:admin.sendBack'),
          testId: 'appeal-send-back-dialog',
        }}
        onConfirm={() =>
          confirm.mutateAsync({ version: appeal.version, approve: true }).then(() => {
            onDecided();
            notifySuccess(t(`appeals:statuses.${appeal.proposedOutcome ?? 'pending'}`));
          })
        }
        onSendBack={(reason) => confirm.mutateAsync({ version: appeal.version, approve: false, reason })}
        onConflict={() => void refresh()}
        pending={confirm.isPending}
        testIds={{
          own: 'appeal-own',
          refused: 'appeal-refused',
          confirm: 'appeal-confirm',
          sendBack: 'appeal-send-back',
        }}
      />
    </Stack>
  );
}

function AppealBody({ appeal }: { appeal: Appeal }) {
  const t = useTranslate();
  const language = useLanguage();
  // What this admin just did replaced the controls they used: the keyboard goes on at what replaced them.
  const [proposedHere, setProposedHere] = useState(false);
  const [decidedHere, setDecidedHere] = useState(false);
  const decided = useRef<HTMLDivElement>(null);
  const isDecided = appeal.status !== 'pending';
  useEffect(() => {
    if (decidedHere && isDecided) decided.current?.focus();
  }, [decidedHere, isDecided]);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t('appeals:admin.submitted', { date: shortDateTime(appeal.createdAt, language) })}
        </Text>
        <AppealStatusBadge appeal={appeal} />
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="appeal-reason">
        {appeal.reason}
      </Text>
      <Text size="sm" fw={600}>
        {t('appeals:admin.documents')}
      </Text>
      {appeal.files.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('appeals:admin.noDocuments')}
        </Text>
      ) : (
        <AppealFileList
          files={appeal.files}
          href={(fileId) => adminApplicationFilePath(appeal.applicationId, fileId)}
          testId="appeal-documents"
        />
      )}
      {appeal.status === 'pending' ? (
        appeal.proposedOutcome ? (
          <Confirmation appeal={appeal} focusOnMount={proposedHere} onDecided={() => setDecidedHere(true)} />
        ) : (
          <ProposalForm key={appeal.version} appeal={appeal} onProposed={() => setProposedHere(true)} />
        )
      ) : (
        <Stack gap={4} data-testid="appeal-decided" ref={decided} tabIndex={-1}>
          <Text size="sm">
            {t('appeals:admin.confirmed', {
              decidedBy: appeal.decidedBy ?? '—',
              confirmedBy: appeal.confirmedBy ?? '—',
              date: shortDateTime(appeal.confirmedAt, language),
            })}
          </Text>
          {appeal.decisionReason ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {appeal.decisionReason}
            </Text>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}

/** The appeal section of a refused application's drawer; nothing for an application that cannot be appealed. */
export function AdminAppealPanel({ application }: { application: Application }) {
  const t = useTranslate();
  const language = useLanguage();
  const state = useAdminAppealQuery(application.id);
  const data = state.data;
  if (!data?.appealable) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="appeal-title" data-testid="appeal">
      <Stack gap="sm">
        <Title order={3} size="h4" id="appeal-title">
          {t('appeals:admin.title')}
        </Title>
        {data.appeal ? (
          <AppealBody appeal={data.appeal} />
        ) : (
          <Text size="sm" c="gray.7" data-testid="appeal-none">
            {t('appeals:admin.none')}{' '}
            {data.open && data.lastDay
              ? t('appeals:admin.openUntil', { date: dateText(data.lastDay, language) })
              : null}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
