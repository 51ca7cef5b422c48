import { DISCLOSURE_TEXT_PARAMS } from '@excelencia/domain';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';

/**
 * The privacy page's part on statistical use: what of a company goes into the public barometer (aggregates of
 * groups of at least 5 companies, under disclosure control) and how a company withdraws it. Shown below the
 * content manager's text, which cannot change it.
 */
export function StatisticsNotice() {
  const t = useTranslate();
  const language = useLanguage();
  const localePath = useLocalePath();
  return (
    <Stack
      component="section"
      gap="xs"
      aria-labelledby="privacy-statistics"
      lang={language}
      data-testid="privacy-statistics"
    >
      <Title order={2} size="h3" id="privacy-statistics">
        {t('barometerWeb:privacy.title')}
      </Title>
      <Text>{t('barometerWeb:privacy.text', DISCLOSURE_TEXT_PARAMS)}</Text>
      <Anchor component={Link} to={localePath('/public/barometro')} size="sm">
        {t('barometerWeb:position.open')}
      </Anchor>
    </Stack>
  );
}
