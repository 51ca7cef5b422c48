import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The full-page loading screen; with `failed`, the translated loadingError text instead. */
export function LoadingScreen({ failed = false }: { failed?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" data-testid="loading-screen">
      <Stack align="center" gap="md">
        {failed ? null : <Loader aria-hidden="true" />}
        <Text
          role={failed ? 'alert' : 'status'}
          c={failed ? 'red.9' : undefined}
          fw={failed ? 600 : undefined}
        >
          {failed ? t('common:loadingError') : t('common:loading')}
        </Text>
      </Stack>
    </Center>
  );
}
