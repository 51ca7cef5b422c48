import { Anchor, Breadcrumbs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../lib/language-context.ts';
import { usePageDef } from '../../lib/page-def.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';

/** Breadcrumbs (Area › Group › Page), the page's h1 and the document title, from the route's page. */
export function PageHeading() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const page = usePageDef();
  const title = page ? t(page.titleKey) : '';
  useDocumentTitle(title);
  if (!page) return null;
  const crumbs = page.crumbKeys.map((key, index) => {
    const last = index === page.crumbKeys.length - 1;
    if (index === 0 && page.area !== 'users' && !last) {
      return (
        <Anchor key={key} component={Link} to={localePath(`/${page.area}/dashboard`)} size="sm">
          {t(key)}
        </Anchor>
      );
    }
    return (
      <Text key={key} size="sm" c={last ? 'dark.7' : 'gray.7'} aria-current={last ? 'page' : undefined}>
        {t(key)}
      </Text>
    );
  });
  return (
    <>
      <nav aria-label={t('shell:nav.breadcrumbs')}>
        <Breadcrumbs separator="›" mb="xs">
          {crumbs}
        </Breadcrumbs>
      </nav>
      <Title order={1} mb="lg">
        {title}
      </Title>
    </>
  );
}
