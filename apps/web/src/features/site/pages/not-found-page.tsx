import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../lib/language-context.ts';
import { definePage } from '../../../lib/page-data.ts';
import { PageTitle } from '../../../ui/page-title.tsx';

function NotFound() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Stack gap="md" align="flex-start">
      <Text size="4rem" fw={800} c="brand.8" aria-hidden="true" lh={1}>
        404
      </Text>
      <PageTitle>{t('shell:notFound.title')}</PageTitle>
      <Anchor component={Link} to={localePath('/')}>
        {t('shell:nav.backHome')}
      </Anchor>
    </Stack>
  );
}

export const NotFoundPage = definePage(NotFound, {
  meta: ({ t }) => ({
    title: t('shell:notFound.title'),
    description: t('shell:notFound.title'),
    noindex: true,
  }),
});
