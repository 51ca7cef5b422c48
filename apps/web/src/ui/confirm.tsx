import { Button, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeModal, openModal } from './modal-store.ts';

export interface ConfirmRequest {
  title: string;
  message: string;
  /** What the action touches, named under the message (a list of the records it changes). */
  details?: ReactNode;
  confirmLabel: string;
  /** Red confirm button (delete, deactivate). */
  danger?: boolean;
  /** Runs on confirm; the modal stays open (button loading) until it settles, then closes. */
  onConfirm: () => Promise<unknown>;
}

function ConfirmBody({ request }: { request: ConfirmRequest }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Stack gap="lg">
      <Text>{request.message}</Text>
      {request.details ?? null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={closeModal} disabled={busy}>
          {t('common:cancel')}
        </Button>
        <Button
          color={request.danger ? 'red.9' : undefined}
          loading={busy}
          data-testid="confirm-button"
          onClick={() => {
            setBusy(true);
            request.onConfirm().then(closeModal, closeModal);
          }}
        >
          {request.confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/** A confirmation in the app's one modal (delete, activate, deactivate). */
export function confirmAction(request: ConfirmRequest): void {
  openModal({ title: request.title, content: <ConfirmBody request={request} />, size: 'md' });
}
