import { notifications } from '@mantine/notifications';
import { i18n } from '../lib/i18n.ts';

/** Toasts close by themselves after 5 s. */
export const TOAST_AUTO_CLOSE_MS = 5000;

/** The toast's close button, named in the user's language (an icon-only button needs a name). */
export function toastCloseButton(): { 'aria-label': string } {
  return { 'aria-label': i18n.t('common:close') };
}

export function notifySuccess(message: string): void {
  notifications.show({
    message,
    color: 'green.9',
    autoClose: TOAST_AUTO_CLOSE_MS,
    closeButtonProps: toastCloseButton(),
  });
}

export function notifyError(message: string): void {
  notifications.show({
    message,
    color: 'red.9',
    autoClose: TOAST_AUTO_CLOSE_MS,
    closeButtonProps: toastCloseButton(),
  });
}
