import { type Application, type Decision, EvaluationRequest, FIELD_LENGTHS } from '@excelencia/domain';
import { Alert, Button, Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconGavel } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/language-context.ts';
import { useSignedIn } from '../../../lib/signed-in-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { zodResolver } from '../../../ui/form/zod-resolver.ts';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { applicationKeys, useConfirmDecisionMutation, useEvaluateMutation } from '../queries.ts';
import { shortDateTime } from './results-format.ts';
import { SecondAdminConfirmation } from './second-admin-confirmation.tsx';

type EvaluationValues = { decision: Decision | ''; reason: string };

/** Reads the application and its history again (after a conflict: someone else changed it meanwhile). */
function useReloadApplication(id: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: applicationKeys.adminOne(id) }),
      client.invalidateQueries({ queryKey: applicationKeys.history(id) }),
      client.invalidateQueries({ queryKey: applicationKeys.adminLists() }),
    ]);
}

function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** The first admin's decision: qualified ('evaluated') or unqualified with its mandatory reason. */
function EvaluationForm({
  application,
  onConflict,
  onDecided,
}: {
  application: Application;
  onConflict: (message: string) => void;
  /** The decision is recorded (the form gives way to it). */
  onDecided: () => void;
}) {
  const t = useTranslate();
  const evaluate = useEvaluateMutation(application.id);
  const reload = useReloadApplication(application.id);
  const toBody = (values: EvaluationValues) => ({
    decision: values.decision,
    reason: values.reason.trim() || undefined,
    version: application.version,
  });
  const form = useForm<EvaluationValues>({
    mode: 'controlled',
    initialValues: { decision: '', reason: '' },
    validate: zodResolver<EvaluationValues>(EvaluationRequest, t, toBody),
  });
  const submit = form.onSubmit((values) => {
    evaluate.mutate(toBody(values) as EvaluationRequest, {
      onSuccess: () => {
        onDecided();
        notifySuccess(t('applications:evaluationComplete'));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'already_evaluated') {
          // Someone decided meanwhile: say so above their decision, which the reload shows.
          onConflict(t('applications:alreadyEvaluated'));
          void reload();
          return;
        }
        notifyApiError(error);
        if (isConflict(error)) void reload();
      },
    });
  });
  const unqualified = form.values.decision === 'unqualified';
  return (
    <form onSubmit={submit} noValidate data-testid="evaluation-form">
      <Stack gap="sm">
        <Radio.Group
          label={t('applicationsAdmin:decision.choice')}
          withAsterisk
          {...form.getInputProps('decision')}
          data-testid="evaluation-decision"
        >
          <Group gap="lg" mt={6}>
            <Radio
              value="evaluated"
              label={t('applicationsAdmin:decision.evaluated')}
              data-testid="decision-evaluated"
            />
            <Radio
              value="unqualified"
              label={t('applicationsAdmin:decision.unqualified')}
              data-testid="decision-unqualified"
            />
          </Group>
        </Radio.Group>
        <Textarea
          label={t('applicationsAdmin:decision.reason')}
          description={t('applicationsAdmin:decision.reasonHint')}
          withAsterisk={unqualified}
          aria-required={unqualified || undefined}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={FIELD_LENGTHS.reason}
          {...form.getInputProps('reason')}
          data-testid="evaluation-reason"
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconGavel size={16} aria-hidden="true" />}
            loading={evaluate.isPending}
            data-testid="evaluation-submit"
          >
            {t('applicationsAdmin:decision.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The recorded decision, and for a second admin the confirmation (or sending it back to evaluation). With
 * `focused`, its first line takes the focus when it shows: the decision just made replaced the form, whose button
 * had it, and a keyboard user goes on from there inside the drawer.
 */
function DecisionSummary({ application, focused = false }: { application: Application; focused?: boolean }) {
  const t = useTranslate();
  const line = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focused) line.current?.focus();
  }, [focused]);
  const language = useLanguage();
  const { session } = useSignedIn();
  const confirm = useConfirmDecisionMutation(application.id);
  const reload = useReloadApplication(application.id);
  const decision = application.decision;
  if (!decision) return null;
  const decisionName = t(`applications:statuses.${decision.decision}`);
  const isOwn = decision.decidedBy !== null && decision.decidedBy === session.user.name;
  const awaiting = decision.confirmedBy === null && decision.confirmedAt === null;

  const decidedAt = shortDateTime(decision.decidedAt, language);
  return (
    <Stack gap="xs" data-testid="decision-summary" data-confirmed={!awaiting}>
      <Text fw={600} ref={line} tabIndex={-1} data-testid="decision-line">
        {decision.decidedBy
          ? t('applicationsAdmin:decision.decided', {
              decision: decisionName,
              name: decision.decidedBy,
              date: decidedAt,
            })
          : t('applicationsAdmin:decision.decidedUnknown', { decision: decisionName, date: decidedAt })}
      </Text>
      {decision.reason ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="decision-reason">
          {t('applicationsAdmin:decision.reasonText', { reason: decision.reason })}
        </Text>
      ) : null}
      {awaiting ? (
        <>
          <Text size="sm" fw={600} data-testid="decision-awaiting">
            {t('applicationsAdmin:decision.awaiting')}
          </Text>
          <SecondAdminConfirmation
            isOwn={isOwn}
            ownNotice={t('applicationsAdmin:decision.ownDecision')}
            confirmLabel={t('applicationsAdmin:decision.confirm')}
            sendBackLabel={t('applicationsAdmin:decision.reject')}
            sendBack={{
              title: t('applicationsAdmin:decision.rejectTitle'),
              message: t('applicationsAdmin:decision.rejectMessage'),
              reasonLabel: t('applicationsAdmin:decision.reason'),
              confirmLabel: t('applicationsAdmin:decision.reject'),
              testId: 'reject-dialog',
            }}
            onConfirm={() =>
              confirm
                .mutateAsync({ version: application.version, approve: true })
                .then(() => notifySuccess(t('applicationsAdmin:decision.confirmDone')))
            }
            onSendBack={(reason) =>
              confirm
                .mutateAsync({ version: application.version, approve: false, reason })
                .then(() => notifySuccess(t('applicationsAdmin:decision.rejectDone')))
            }
            onConflict={() => void reload()}
            pending={confirm.isPending}
            actions={!application.resultsPublished}
            testIds={{
              own: 'decision-own',
              refused: 'decision-refused',
              confirm: 'decision-confirm',
              sendBack: 'decision-reject',
            }}
          />
        </>
      ) : (
        <Text size="sm" data-testid="decision-confirmed">
          {decision.confirmedBy
            ? t('applicationsAdmin:decision.confirmed', {
                name: decision.confirmedBy,
                date: shortDateTime(decision.confirmedAt, language),
              })
            : t('applicationsAdmin:decision.confirmedUnknown', {
                date: shortDateTime(decision.confirmedAt, language),
              })}
        </Text>
      )}
    </Stack>
  );
}

/** The decision card: not yet possible (draft), the form (pending), or the decision and its confirmation. */
export function DecisionSection({ application }: { application: Application }) {
  const t = useTranslate();
  const [conflict, setConflict] = useState<string | null>(null);
  const [decided, setDecided] = useState(false);
  let body: React.ReactNode;
  if (application.decision) {
    body = <DecisionSummary application={application} focused={decided} />;
  } else if (application.status === 'pending') {
    body = (
      <EvaluationForm
        key={application.version}
        application={application}
        onConflict={setConflict}
        onDecided={() => setDecided(true)}
      />
    );
  } else {
    body = (
      <Text size="sm" c="gray.7" data-testid="decision-draft">
        {t('applicationsAdmin:decision.draft')}
      </Text>
    );
  }
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="decision-title" data-testid="decision">
      <Stack gap="sm">
        <Title order={3} size="h4" id="decision-title">
          {t('applicationsAdmin:decision.title')}
        </Title>
        {application.resultsPublished ? (
          <Text size="sm" c="gray.7">
            {t('applicationsAdmin:decision.published')}
          </Text>
        ) : null}
        {conflict ? (
          <Alert color="red.9" variant="light" role="alert" data-testid="evaluation-conflict">
            {conflict}
          </Alert>
        ) : null}
        {body}
      </Stack>
    </Paper>
  );
}
