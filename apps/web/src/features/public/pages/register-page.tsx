import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../app/language-context.ts';
import { PageTitle } from '../../../ui/page-title.tsx';

export function RegisterPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Stack gap="md">
      <PageTitle>{t('shell:register.title')}</PageTitle>
      <Text size="lg">{t('shell:register.text')}</Text>
      <Anchor component={Link} to={localePath('/')}>
        {t('shell:nav.backHome')}
      </Anchor>
    </Stack>
  );
}
