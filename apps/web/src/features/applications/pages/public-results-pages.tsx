import { formatDisplayTime, localized } from '@excelencia/domain';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { definePage } from '../../../lib/page-data.ts';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { dateText } from '../components/company-application-format.ts';
import { SealStatusBadge, sealStatusCss } from '../components/public-seal-status.tsx';
import { editionLabel } from '../edition-label.ts';
import {
  distinguishedQuery,
  publishedEditionsQuery,
  sealVerificationQuery,
  useDistinguishedQuery,
  usePublishedEditionsQuery,
  useSealVerificationQuery,
} from '../queries.ts';

function DistinguishedTable({ editionId, label }: { editionId: string; label: string }) {
  const t = useTranslate();
  const language = useLanguage();
  const localePath = useLocalePath();
  const list = useDistinguishedQuery(editionId);
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  const rows = list.data;
  return (
    <ScrollRegion label={label}>
      <Table
        miw={760}
        striped
        aria-label={label}
        aria-busy={list.isFetching || undefined}
        data-testid="distinguished-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('applicationsWeb:distinguished.company')}</Table.Th>
            <Table.Th>{t('applicationsWeb:distinguished.nif')}</Table.Th>
            <Table.Th>{t('applicationsWeb:distinguished.island')}</Table.Th>
            <Table.Th>{t('applicationsWeb:distinguished.sector')}</Table.Th>
            <Table.Th>{t('applicationsWeb:distinguished.validUntil')}</Table.Th>
            <Table.Th>{t('applicationsWeb:distinguished.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {!rows ? (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="gray.7" ta="center" py="lg">
                  {t('applicationsWeb:loading')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="gray.7" ta="center" py="lg" data-testid="distinguished-empty">
                  {t('applicationsWeb:distinguished.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={row.sealCode} data-testid="distinguished-row">
                <Table.Td>
                  <Text fw={600} size="sm">
                    {row.companyName}
                  </Text>
                  {row.currentName ? (
                    <Text size="xs" c="gray.7" data-testid="distinguished-renamed">
                      {row.renamedAt
                        ? t('applicationsWeb:distinguished.renamed', {
                            name: row.currentName,
                            date: dateText(row.renamedAt, language),
                          })
                        : t('applicationsWeb:distinguished.renamedUndated', { name: row.currentName })}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{row.nif}</Table.Td>
                <Table.Td>{localized(row.island, language)}</Table.Td>
                <Table.Td>
                  {row.section ? `${row.section.code} — ${localized(row.section.description, language)}` : ''}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateText(row.validUntil, language)}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <SealStatusBadge status={row.status} />
                    <Tooltip label={t('applicationsWeb:distinguished.verify', { company: row.companyName })}>
                      <ActionIcon
                        component={Link}
                        to={localePath(`/public/selo/${encodeURIComponent(row.sealCode)}`)}
                        variant="subtle"
                        aria-label={t('applicationsWeb:distinguished.verify', { company: row.companyName })}
                      >
                        <IconRosetteDiscountCheck size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** /:lang/public/distinguidas: the editions with published results and the distinguished companies of one. */
function Distinguished() {
  const t = useTranslate();
  const [params, setParams] = useSearchParams();
  const editions = usePublishedEditionsQuery();
  const list = editions.data ?? [];
  const chosen = list.find((edition) => edition.id === params.get('edition')) ?? list[0] ?? null;
  const name = (edition: { number: number; year: number }) => editionLabel(edition, t);
  return (
    <Stack gap="md">
      <PageTitle>{t('applicationsWeb:distinguished.title')}</PageTitle>
      <Text c="gray.7">{t('applicationsWeb:distinguished.intro')}</Text>
      {editions.isPending ? <Text c="gray.7">{t('applicationsWeb:loading')}</Text> : null}
      {editions.isError ? <LoadFailed onRetry={() => void editions.refetch()} /> : null}
      {editions.data && !chosen ? (
        <Text data-testid="distinguished-none">{t('applicationsWeb:distinguished.none')}</Text>
      ) : null}
      {chosen ? (
        <>
          {/* A form, so that the edition can be chosen on the page the server rendered; the app follows the choice. */}
          <form method="get" onSubmit={(event) => event.preventDefault()}>
            <Group align="flex-end" gap="xs">
              <NativeSelect
                name="edition"
                label={t('applicationsWeb:distinguished.edition')}
                data={list.map((edition) => ({ value: edition.id, label: name(edition) }))}
                value={chosen.id}
                onChange={(event) => setParams({ edition: event.currentTarget.value }, { replace: true })}
                maw={320}
                data-testid="distinguished-edition"
              />
              <Button type="submit" variant="default">
                {t('applicationsWeb:distinguished.show')}
              </Button>
            </Group>
          </form>
          <DistinguishedTable
            key={chosen.id}
            editionId={chosen.id}
            label={`${t('applicationsWeb:distinguished.title')} — ${name(chosen)}`}
          />
        </>
      ) : null}
    </Stack>
  );
}

/** /:lang/public/selo/:code: the seal's verdict as of now (where the certificate's QR code points). */
function SealVerification() {
  const t = useTranslate();
  const language = useLanguage();
  const localePath = useLocalePath();
  const code = useParams().code ?? '';
  const check = useSealVerificationQuery(code);
  const seal = check.data;
  return (
    <Stack gap="md" maw={760}>
      <PageTitle>{t('applicationsWeb:seal.title')}</PageTitle>
      <Text c="gray.7" style={{ overflowWrap: 'anywhere' }}>
        {t('applicationsWeb:seal.codeLabel', { code })}
      </Text>
      {check.isPending ? <Text c="gray.7">{t('applicationsWeb:loading')}</Text> : null}
      {check.isError ? <LoadFailed onRetry={() => void check.refetch()} /> : null}
      {seal === null ? (
        <Paper withBorder p="lg" data-testid="seal-unknown">
          <Text style={{ overflowWrap: 'anywhere' }}>{t('applicationsWeb:seal.unknown', { code })}</Text>
        </Paper>
      ) : null}
      {seal ? (
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          style={{ borderColor: sealStatusCss(seal.status), borderWidth: 3 }}
          data-testid="seal-verdict"
          data-status={seal.status}
        >
          <Stack gap="md">
            <Group gap="sm" align="center">
              <SealStatusBadge status={seal.status} />
              <Text fw={700} size="xl" component="h2" m={0}>
                {t(`applicationsWeb:seal.${seal.status}`)}
              </Text>
            </Group>
            <Text>{t(`applicationsWeb:seal.${seal.status}Text`)}</Text>
            <Text fw={600} data-testid="seal-since">
              {t(`applicationsWeb:seal.since.${seal.status}`, { date: dateText(seal.statusSince, language) })}
            </Text>
            <Stack gap={6} component="dl" m={0}>
              {(
                [
                  // The name and NIF the status was granted to; a later approved rename shows beside them.
                  ['company', seal.companyName],
                  ['nif', seal.nif],
                  ['edition', editionLabel({ number: seal.editionNumber, year: seal.editionYear }, t)],
                  ['issuedAt', dateText(seal.issuedAt, language)],
                  ['validUntil', dateText(seal.validUntil, language)],
                ] as const
              ).map(([key, value]) => (
                <Group key={key} gap="xs" wrap="wrap" align="flex-start">
                  <Text component="dt" c="gray.7" size="sm" miw={110}>
                    {t(`applicationsWeb:seal.${key}`)}
                  </Text>
                  <Stack component="dd" m={0} gap={2}>
                    <Text fw={600} data-testid={`seal-${key}`}>
                      {value}
                    </Text>
                    {key === 'company' && seal.currentName ? (
                      <Text size="sm" data-testid="seal-renamed">
                        {seal.renamedAt
                          ? t('applicationsWeb:seal.renamed', {
                              name: seal.currentName,
                              date: dateText(seal.renamedAt, language),
                            })
                          : t('applicationsWeb:seal.renamedUndated', { name: seal.currentName })}
                      </Text>
                    ) : null}
                  </Stack>
                </Group>
              ))}
            </Stack>
            <Text size="sm" c="gray.7" data-testid="seal-checked">
              {t('applicationsWeb:seal.checkedAt', {
                time: formatDisplayTime(check.dataUpdatedAt),
              })}
            </Text>
          </Stack>
        </Paper>
      ) : null}
      <Anchor component={Link} to={localePath('/public/distinguidas')} size="sm">
        {t('applicationsWeb:seal.seeList')}
      </Anchor>
    </Stack>
  );
}

export const DistinguishedPage = definePage(Distinguished, {
  prefetch: async ({ queryClient, searchParams }) => {
    const editions = await queryClient.fetchQuery(publishedEditionsQuery()).catch(() => []);
    const chosen = editions.find((edition) => edition.id === searchParams.get('edition')) ?? editions[0];
    if (chosen) await queryClient.prefetchQuery(distinguishedQuery(chosen.id));
  },
  meta: ({ t }) => ({
    title: t('applicationsWeb:distinguished.title'),
    description: t('applicationsWeb:distinguished.intro'),
  }),
});

export const SealVerificationPage = definePage(SealVerification, {
  prefetch: ({ queryClient, params }) => queryClient.prefetchQuery(sealVerificationQuery(params.code ?? '')),
  meta: ({ t, params }) => ({
    title: t('applicationsWeb:seal.title'),
    description: t('applicationsWeb:seal.codeLabel', { code: params.code ?? '' }),
    noindex: true,
  }),
});
