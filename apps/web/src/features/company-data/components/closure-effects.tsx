import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useLocalePath } from '../../../lib/language-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';

/**
 * What closing a company's account erases and what stays, in the privacy page's own words (its paragraph on
 * closing the account, contentPublic:dataRights.closure): shown to the owner before asking and to the administrator
 * before approving, so the three never say it differently.
 */
export function ClosureEffects({ withPrivacyLink = false }: { withPrivacyLink?: boolean }) {
  const t = useTranslate();
  const localePath = useLocalePath();
  return (
    <Stack gap={4} data-testid="closure-effects">
      <Text size="sm">{t('contentPublic:dataRights.closure.text')}</Text>
      {withPrivacyLink ? (
        <Anchor
          component={Link}
          to={localePath('/public/privacy')}
          size="sm"
          data-testid="closure-privacy-link"
        >
          {t('teamsWeb:closure.privacyLink')}
        </Anchor>
      ) : null}
    </Stack>
  );
}
