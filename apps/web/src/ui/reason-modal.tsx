import { FIELD_LENGTHS } from '@excelencia/domain';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

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

function ReasonBody({ request, onClose }: { request: ReasonRequest; onClose: () => void }) {
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
    request.onConfirm(text).then(onClose, (error: unknown) => {
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
          maxLength={FIELD_LENGTHS.reason}
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
          <Button variant="default" onClick={onClose} disabled={busy}>
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

/** Above the drawers (200), where these questions are asked from. */
export const OVER_DRAWER_Z_INDEX = 300;

/**
 * A confirmation that asks for a reason, shown while `request` is set. It is its own modal (not the app's one)
 * so that it opens above the drawer it is asked from.
 */
export function ReasonModal({ request, onClose }: { request: ReasonRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title={request?.title}
      size="md"
      centered
      zIndex={OVER_DRAWER_Z_INDEX}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {request ? <ReasonBody request={request} onClose={onClose} /> : null}
    </Modal>
  );
}
