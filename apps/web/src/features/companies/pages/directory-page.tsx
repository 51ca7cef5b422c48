import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconExternalLink, IconEye, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useLocalePath } from '../../../lib/language-context.ts';
import { definePage } from '../../../lib/page-data.ts';
import { pageRange } from '../../../ui/data-table/list-state.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { directoryQuery, useDirectoryQuery } from '../queries.ts';
import { websiteHref } from '../website.ts';

const PAGE_SIZE = 20;

/** The page each of the pagination's arrows leads to, from the current page of so many. */
const CONTROL_PAGE: Record<'first' | 'previous' | 'next' | 'last', (page: number, pages: number) => number> =
  {
    first: () => 1,
    previous: (page) => Math.max(1, page - 1),
    next: (page, pages) => Math.min(pages, page + 1),
    last: (_page, pages) => pages,
  };

/** The public company directory: search by name or NIF, listed companies only, paginated. */
function Directory() {
  const t = useTranslate();
  const localePath = useLocalePath();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('search') ?? '');
  const [typed] = useDebouncedValue(text.trim(), 350);
  // The button (or Enter) searches at once, without waiting for the typing to settle.
  const [submitted, setSubmitted] = useState<string | null>(null);
  const search = submitted ?? typed;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useDirectoryQuery(search, page, PAGE_SIZE);
  /** The address of a page of the list: a link, so paging works on the page the server rendered too. */
  const pageHref = (next: number) => {
    const nextParams = new URLSearchParams(params);
    if (search) nextParams.set('search', search);
    else nextParams.delete('search');
    nextParams.set('page', String(next));
    return `?${nextParams.toString()}`;
  };
  const onSearch = (value: string) => {
    setText(value);
    setSubmitted(null);
    const nextParams = new URLSearchParams(params);
    nextParams.delete('page');
    if (value.trim()) nextParams.set('search', value.trim());
    else nextParams.delete('search');
    setParams(nextParams, { replace: true });
  };
  const data = list.data;
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const range = pageRange(page, PAGE_SIZE, total);

  return (
    <Stack gap="md">
      <PageTitle>{t('directory:title')}</PageTitle>
      <Text c="gray.7">{t('directory:intro')}</Text>
      {/*
        A GET form with its button, so that the page the server rendered (no script runs there) searches by the
        button or Enter; in the app the list follows typing, and the button or Enter searches at once.
      */}
      <search>
        <form
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(text.trim());
          }}
        >
          <Group align="flex-end" gap="xs" wrap="nowrap" maw={520}>
            <TextInput
              type="search"
              name="search"
              label={t('directory:search')}
              placeholder={t('directory:searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={text}
              onChange={(event) => onSearch(event.currentTarget.value)}
              style={{ flex: 1 }}
              data-testid="directory-search"
            />
            <Button type="submit" variant="default" data-testid="directory-search-button">
              {t('directory:searchButton')}
            </Button>
          </Group>
        </form>
      </search>
      {list.isError && !data ? (
        <Alert color="red.9" variant="light" role="alert" title={t('companies:common.loadFailed')}>
          <Button size="compact-sm" variant="light" color="red.9" onClick={() => void list.refetch()}>
            {t('companies:common.retry')}
          </Button>
        </Alert>
      ) : (
        <ScrollRegion label={t('directory:title')}>
          <Table
            miw={720}
            striped
            highlightOnHover
            aria-label={t('directory:title')}
            aria-busy={list.isFetching || undefined}
            data-testid="directory-table"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('directory:columns.company')}</Table.Th>
                <Table.Th>{t('directory:columns.year')}</Table.Th>
                <Table.Th>{t('directory:columns.island')}</Table.Th>
                <Table.Th>{t('directory:columns.city')}</Table.Th>
                <Table.Th>{t('directory:columns.contact')}</Table.Th>
                <Table.Th>{t('directory:columns.website')}</Table.Th>
                <Table.Th style={{ textAlign: 'end' }}>{t('directory:columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {!data ? (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text c="gray.7" ta="center" py="lg">
                      {t('companies:common.loading')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : data.items.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text c="gray.7" ta="center" py="lg" data-testid="directory-empty">
                      {search ? t('directory:emptySearch') : t('directory:empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                data.items.map((company) => {
                  const href = websiteHref(company.website);
                  return (
                    <Table.Tr key={company.id} data-testid="directory-row">
                      <Table.Td>
                        <Text fw={600} size="sm">
                          {company.companyName}
                        </Text>
                        <Text size="xs" c="gray.7">
                          {t('companies:form.nif')} {company.nif}
                        </Text>
                      </Table.Td>
                      <Table.Td>{company.year ?? ''}</Table.Td>
                      <Table.Td>{company.island ?? ''}</Table.Td>
                      <Table.Td>{company.city ?? ''}</Table.Td>
                      <Table.Td>{company.contact ?? ''}</Table.Td>
                      <Table.Td>
                        {href ? (
                          <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
                            {company.website}
                            <IconExternalLink size={12} aria-hidden="true" style={{ marginInlineStart: 4 }} />
                          </Anchor>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Group justify="flex-end">
                          <Tooltip label={t('directory:open')}>
                            <ActionIcon
                              component={Link}
                              to={localePath(`/public/companies/${company.id}`)}
                              variant="subtle"
                              aria-label={t('directory:openCompany', {
                                company: company.companyName,
                              })}
                            >
                              <IconEye size={18} aria-hidden="true" />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })
              )}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
      {data ? (
        <Group justify="space-between">
          <Text size="sm" c="gray.7" aria-live="polite" data-testid="directory-range">
            {t('reference:table.range', { from: range.from, to: range.to, total })}
          </Text>
          {pages > 1 ? (
            <nav aria-label={t('reference:table.pagination')}>
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                size="sm"
                getControlProps={(control) => ({
                  component: Link,
                  to: pageHref(CONTROL_PAGE[control](page, pages)),
                  'aria-label': t(`reference:table.${control}Page`),
                })}
                getItemProps={(item) => ({
                  component: Link,
                  to: pageHref(item),
                  'aria-label': t('reference:table.goToPage', { page: item }),
                  'aria-current': item === page ? 'page' : undefined,
                })}
              />
            </nav>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

export const DirectoryPage = definePage(Directory, {
  prefetch: ({ queryClient, searchParams }) =>
    queryClient.prefetchQuery(
      directoryQuery(
        (searchParams.get('search') ?? '').trim(),
        Math.max(1, Number(searchParams.get('page')) || 1),
        PAGE_SIZE,
      ),
    ),
  meta: ({ t }) => ({ title: t('directory:title'), description: t('directory:intro') }),
});
