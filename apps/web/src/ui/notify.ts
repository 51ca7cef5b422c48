import { notifications } from '@mantine/notifications';

/** Toasts close after 5 s (SPEC §9). */
export const TOAST_AUTO_CLOSE_MS = 5000;

export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'green.9', autoClose: TOAST_AUTO_CLOSE_MS });
}

export function notifyError(message: string): void {
  notifications.show({ message, color: 'red.9', autoClose: TOAST_AUTO_CLOSE_MS });
}
