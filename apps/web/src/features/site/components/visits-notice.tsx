import { Stack, Text, Title } from '@mantine/core';
import { useLanguage } from '../../../lib/language-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';

/**
 * The privacy page's part on visit counts (docs/adr/0034-counting-visits-without-tracking-people.md): what is
 * counted (page views per day, page and language, sign-outs, a bot flag) and what is not (no cookie, address,
 * user agent or person). Shown below the content manager's text, which cannot change it.
 */
export function VisitsNotice() {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <Stack
      component="section"
      gap="xs"
      aria-labelledby="privacy-visits"
      lang={language}
      data-testid="privacy-visits"
    >
      <Title order={2} size="h3" id="privacy-visits">
        {t('visits:privacy.title')}
      </Title>
      <Text>{t('visits:privacy.text')}</Text>
      <Text>{t('visits:privacy.notKept')}</Text>
    </Stack>
  );
}
