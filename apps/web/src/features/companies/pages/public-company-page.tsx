import { Alert, Anchor, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useLocalePath } from '../../../lib/language-context.ts';
import { definePage } from '../../../lib/page-data.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { publicCompanyQuery, usePublicCompanyQuery } from '../queries.ts';
import { websiteHref } from '../website.ts';

/** /:lang/public/companies/:id: the public page of a listed company. */
function PublicCompany() {
  const t = useTranslate();
  const localePath = useLocalePath();
  const { id = '' } = useParams();
  const company = usePublicCompanyQuery(id);
  const back = (
    <Anchor component={Link} to={localePath('/public/companies')}>
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden="true" />
        {t('directory:back')}
      </Group>
    </Anchor>
  );
  if (company.isLoading) {
    return (
      <Group justify="center" py="xl" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('companies:common.loading')}</Text>
      </Group>
    );
  }
  if (!company.data) {
    const missing = company.error instanceof ApiError && company.error.status === 404;
    return (
      <Stack gap="md">
        <PageTitle>{missing ? t('directory:notFound') : t('common:anErrorOccurred')}</PageTitle>
        {missing ? null : (
          <Alert color="red.9">{String((company.error as Error | null)?.message ?? '')}</Alert>
        )}
        {back}
      </Stack>
    );
  }
  const data = company.data;
  const href = websiteHref(data.website);
  const rows: Array<[string, ReactNode]> = [
    [t('companies:form.legalName'), data.legalName],
    [t('companies:form.nif'), data.nif],
    [t('directory:columns.year'), data.year],
    [t('companies:form.companyType'), data.companyType],
    [t('companies:form.caeSection'), data.caeSection],
    [t('companies:form.caeDivision'), data.caeDivision],
    [t('companies:form.island'), data.island],
    [t('companies:form.city'), data.city],
    [t('directory:columns.contact'), data.contact],
    [
      t('companies:form.website'),
      href ? (
        <Anchor key="website" href={href} target="_blank" rel="noopener noreferrer">
          {data.website}
        </Anchor>
      ) : null,
    ],
  ];
  return (
    <Stack gap="md" maw={760}>
      {back}
      <PageTitle>{data.companyName}</PageTitle>
      <Paper withBorder p="md">
        <Table variant="vertical" layout="fixed" data-testid="public-company">
          <Table.Tbody>
            {rows
              .filter(([, value]) => value !== null && value !== undefined && value !== '')
              .map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={160}>{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}

export const PublicCompanyPage = definePage(PublicCompany, {
  prefetch: ({ queryClient, params }) => queryClient.prefetchQuery(publicCompanyQuery(params.id ?? '')),
  meta: ({ queryClient, params, t }) => {
    const company = queryClient.getQueryData(publicCompanyQuery(params.id ?? '').queryKey);
    if (!company) {
      const error = queryClient.getQueryState(publicCompanyQuery(params.id ?? '').queryKey)?.error;
      const missing = error instanceof ApiError && error.status === 404;
      return {
        title: t('directory:notFound'),
        description: t('directory:intro'),
        noindex: true,
        notFound: missing,
      };
    }
    return {
      title: company.companyName,
      description: [company.companyName, company.city, company.island].filter(Boolean).join(' · '),
    };
  },
});
