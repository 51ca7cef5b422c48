import { Modal } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeModal, useModalState } from './modal-store.ts';

/**
 * Renders the app's one modal; an outside click, Escape or the close button all run the after-action. It mounts
 * closed and opens after (the app loads it when the first modal is asked for, app/app-root.tsx), so that the
 * modal knows where the focus was and returns it on close.
 */
export function ModalHost() {
  const { t } = useTranslation();
  const { opened, request } = useModalState();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Modal
      opened={opened && mounted}
      onClose={closeModal}
      title={request?.title}
      size={request?.size ?? 'md'}
      closeOnClickOutside
      closeButtonProps={{ 'aria-label': t('common:close') }}
      centered
    >
      {request?.content}
    </Modal>
  );
}
