import { Modal } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepFocusOnPage } from './focus-fallback.ts';
import { closeModal, useModalState } from './modal-store.ts';

/**
 * Renders the app's one modal; an outside click, Escape or the close button all run the after-action. It mounts
 * closed and opens after (the app loads it when the first modal is asked for, app/app-root.tsx), so that the
 * modal knows where the focus was and returns it on close; when that control is gone by then (the action removed
 * it), the focus goes to the page's main region rather than to nowhere.
 */
export function ModalHost() {
  const { t } = useTranslation();
  const { opened, request, opener } = useModalState();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Modal
      opened={opened && mounted}
      onClose={closeModal}
      // After the closing transition the content unmounts (the focus may have been in it): then see where it is.
      onExitTransitionEnd={() => window.setTimeout(() => keepFocusOnPage(opener ?? null))}
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
