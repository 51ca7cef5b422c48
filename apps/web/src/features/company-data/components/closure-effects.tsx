import { Stack, Text, Title } from '@mantine/core';
import { useTranslate } from '../../../ui/use-translate.ts';

/**
 * What closing a company's account erases and what stays, in the privacy page's words: shown to the owner
 * before asking and to the administrator before approving.
 */
export function ClosureEffects({ headingOrder = 3 }: { headingOrder?: 3 | 4 }) {
  const t = useTranslate();
  return (
    <Stack gap="xs" data-testid="closure-effects">
      <div>
        <Title order={headingOrder} size="h5">
          {t('teamsWeb:closure.erasesTitle')}
        </Title>
        <Text size="sm" data-testid="closure-erases">
          {t('teamsWeb:closure.erases')}
        </Text>
      </div>
      <div>
        <Title order={headingOrder} size="h5">
          {t('teamsWeb:closure.keepsTitle')}
        </Title>
        <Text size="sm" data-testid="closure-keeps">
          {t('teamsWeb:closure.keeps')}
        </Text>
      </div>
    </Stack>
  );
}
