import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { closeModal, useModalState } from './modal-store.ts';

/** Renders the app's one modal; an outside click, Escape or the close button all run the after-action. */
export function ModalHost() {
  const { t } = useTranslation();
  const { opened, request } = useModalState();
  return (
    <Modal
      opened={opened}
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
