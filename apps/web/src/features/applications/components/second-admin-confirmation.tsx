import { Alert, Button, Group } from '@mantine/core';
import { IconArrowBackUp, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { ReasonModal, type ReasonRequest } from '../../../ui/reason-modal.tsx';

/**
 * The second admin's step on a decision another admin made (an application's evaluation, an appeal's outcome):
 * confirm it, or send it back with a reason. Its author reads that they cannot confirm it themselves, and the
 * server's refusal shows in place.
 */
export function SecondAdminConfirmation({
  isOwn,
  ownNotice,
  confirmLabel,
  sendBackLabel,
  sendBack,
  onConfirm,
  onSendBack,
  onConflict,
  pending,
  actions = true,
  testIds,
}: {
  /** The signed-in admin made the decision. */
  isOwn: boolean;
  ownNotice: string;
  confirmLabel: string;
  sendBackLabel: string;
  /** The send-back dialog's texts. */
  sendBack: Pick<ReasonRequest, 'title' | 'message' | 'reasonLabel' | 'confirmLabel' | 'testId'>;
  /** Confirms; resolves once done (a rejection is shown here). */
  onConfirm: () => Promise<unknown>;
  /** Sends back with the reason; a rejection stays in the dialog. */
  onSendBack: (reason: string) => Promise<unknown>;
  /** The decision changed meanwhile (409): read it again. */
  onConflict: () => void;
  pending: boolean;
  /** Without the buttons (the decision can no longer change), the notices stay. */
  actions?: boolean;
  testIds: { own: string; refused: string; confirm: string; sendBack: string };
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const onFailure = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'own_decision') {
      setRefusal(error.message);
      return;
    }
    notifyApiError(error);
    if (error instanceof ApiError && error.status === 409) onConflict();
  };
  // Confirming is the second admin's deliberate act on the decision shown right above: no extra dialog.
  const confirm = () => onConfirm().catch(onFailure);
  const askReason = () => setAsking({ ...sendBack, required: true, danger: true, onConfirm: onSendBack });
  return (
    <>
      {isOwn ? (
        <Alert color="brand" variant="light" data-testid={testIds.own}>
          {ownNotice}
        </Alert>
      ) : null}
      {refusal ? (
        <Alert color="red.9" variant="light" role="alert" data-testid={testIds.refused}>
          {refusal}
        </Alert>
      ) : null}
      {actions ? (
        <Group gap="sm">
          <Button
            leftSection={<IconCheck size={16} aria-hidden="true" />}
            onClick={() => void confirm()}
            disabled={isOwn}
            loading={pending}
            data-testid={testIds.confirm}
          >
            {confirmLabel}
          </Button>
          <Button
            variant="default"
            leftSection={<IconArrowBackUp size={16} aria-hidden="true" />}
            onClick={askReason}
            disabled={isOwn || pending}
            data-testid={testIds.sendBack}
          >
            {sendBackLabel}
          </Button>
        </Group>
      ) : null}
      <ReasonModal request={asking} onClose={() => setAsking(null)} />
    </>
  );
}
