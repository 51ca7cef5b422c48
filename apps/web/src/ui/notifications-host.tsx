import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from './notify.ts';

/** The toasts' host (app/providers.tsx loads it in a chunk of its own). */
export function NotificationsHost() {
  return <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" />;
}
