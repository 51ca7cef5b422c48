import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../lib/api-client.ts';
import { i18n } from '../lib/i18n.ts';
import { TOAST_AUTO_CLOSE_MS, toastCloseButton } from './notify.ts';

/**
 * 'An Error Occurred' with the server's message under it. A stale edit (409 stale_version) offers
 * a Reload action; a record in use (409 in_use) only says so.
 */
export function notifyApiError(error: unknown, options: { onReload?: () => void } = {}): void {
  const t = i18n.t.bind(i18n);
  const serverMessage = error instanceof ApiError ? error.message : null;
  const isStale = error instanceof ApiError && error.code === 'stale_version';
  const id = `api-error-${Date.now()}`;
  notifications.show({
    id,
    color: 'red.9',
    title: t('common:anErrorOccurred'),
    autoClose: isStale ? false : TOAST_AUTO_CLOSE_MS,
    closeButtonProps: toastCloseButton(),
    message: (
      <Stack gap={6} align="flex-start">
        {serverMessage && serverMessage !== t('common:anErrorOccurred') ? (
          <Text size="sm" data-testid="api-error-message">
            {serverMessage}
          </Text>
        ) : null}
        {isStale && options.onReload ? (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => {
              notifications.hide(id);
              options.onReload?.();
            }}
          >
            {t('reference:actions.reload')}
          </Button>
        ) : null}
      </Stack>
    ),
  });
}
