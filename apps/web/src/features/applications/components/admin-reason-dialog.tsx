import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeModal, openModal } from '../../../ui/modal-store.ts';

export interface ReasonRequest {
  title: string;
  message: ReactNode;
  reasonLabel: string;
  confirmLabel: string;
  /** A reason must be given (suspend, withdraw, send back); else it may stay empty. */
  required: boolean;
  danger?: boolean;
  /** Runs with the trimmed reason; the dialog stays open with the server's message when it rejects. */
  onConfirm: (reason: string) => Promise<unknown>;
  testId?: string;
}

const REASON_MAX = 2000;

function ReasonBody({ request }: { request: ReasonRequest }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (request.required && text === '') {
      setFieldError(t('validation:required'));
      return;
    }
    setBusy(true);
    setFailure(null);
    request.onConfirm(text).then(closeModal, (error: unknown) => {
      setBusy(false);
      setFailure(error instanceof Error ? error.message : String(error));
    });
  };
  return (
    <form onSubmit={submit} noValidate data-testid={request.testId ?? 'reason-dialog'}>
      <Stack gap="md">
        <Text size="sm">{request.message}</Text>
        <Textarea
          label={request.reasonLabel}
          withAsterisk={request.required}
          aria-required={request.required || undefined}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={REASON_MAX}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setFieldError(null);
          }}
          error={fieldError}
          data-autofocus
          data-testid="reason-input"
        />
        {failure ? (
          <Alert color="red.9" variant="light" role="alert" data-testid="reason-failure">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={closeModal} disabled={busy}>
            {t('common:cancel')}
          </Button>
          <Button
            type="submit"
            color={request.danger ? 'red.9' : undefined}
            loading={busy}
            data-testid="reason-confirm"
          >
            {request.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A confirmation that asks for a reason (in the app's one modal). */
export function confirmWithReason(request: ReasonRequest): void {
  openModal({ title: request.title, content: <ReasonBody request={request} />, size: 'md' });
}
