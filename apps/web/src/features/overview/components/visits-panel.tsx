import {
  formatNumber,
  LANGUAGES,
  type Language,
  SIGN_OUT_EVENT,
  type VisitsReport,
} from '@excelencia/domain';
import { Box, Stack, Table, Text } from '@mantine/core';
import { Fragment, lazy, Suspense } from 'react';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useVisitsQuery } from '../queries.ts';
import { OverviewPanel } from './overview-panel.tsx';

const VisitsChart = lazy(() =>
  import('./visits-chart.tsx').then((module) => ({ default: module.VisitsChart })),
);

const NUMERIC = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const DAY = 86_400_000;
const key = (name: string) => `insightsWeb:visits.${name}`;

type ByLanguage = Record<Language, number>;
const none = (): ByLanguage => ({ pt: 0, en: 0, fr: 0 });

/** A page's key as its address reads: '/', '/public/sobre', '/public/news/:slug'. */
export function pageAddress(page: string): string {
  return page === 'home' ? '/' : `/${page}`;
}

/**
 * A page's address that a narrow column breaks after its slashes ('/public/' then 'barometro'), never inside a
 * word ('/public/barometr' then 'o').
 */
function BreakableAddress({ address }: { address: string }) {
  const parts = address.split(/(?<=\/)/);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed address, in order
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  );
}

/**
 * The report summed for the screen: people's views per day by language (every day of the period, the empty ones
 * too), per page by language with the bots apart, and the sign-outs.
 */
export function summarizeVisits(report: VisitsReport) {
  const days = new Map<string, ByLanguage>();
  for (let at = Date.parse(report.from); at <= Date.parse(report.to); at += DAY) {
    days.set(new Date(at).toISOString().slice(0, 10), none());
  }
  const pages = new Map<string, ByLanguage & { bots: number }>();
  let signOuts = 0;
  for (const row of report.rows) {
    if (row.page === SIGN_OUT_EVENT) {
      signOuts += row.views;
      continue;
    }
    if (row.page.startsWith('event:')) continue;
    const day = days.get(row.day);
    if (day) day[row.language] += row.views;
    const page = pages.get(row.page) ?? { ...none(), bots: 0 };
    page[row.language] += row.views;
    page.bots += row.bots;
    pages.set(row.page, page);
  }
  const pageRows = [...pages.entries()]
    .map(([page, counts]) => ({ page, ...counts, total: counts.pt + counts.en + counts.fr }))
    .sort((a, b) => b.total - a.total || a.page.localeCompare(b.page));
  return {
    days: [...days.entries()].map(([day, counts]) => ({ day, ...counts })),
    pages: pageRows,
    signOuts,
  };
}

/** The page views of the last 30 days for admins: per day by language (lazy chart) and per page (table). */
export function VisitsPanel() {
  const t = useTranslate();
  const visits = useVisitsQuery();
  const languages = Object.fromEntries(
    LANGUAGES.map((language) => [language, t(key(`languages.${language}`))]),
  ) as Record<Language, string>;

  return (
    <OverviewPanel
      name="visits"
      title={t(key('title'))}
      intro={t(key('intro'))}
      query={visits}
      failed={t(key('loadFailed'))}
    >
      {(report) => {
        const summary = summarizeVisits(report);
        return (
          <Stack gap="sm">
            <Box aria-hidden="true">
              <Suspense fallback={<Box h={220} />}>
                <VisitsChart
                  days={summary.days.map((row) => ({
                    ...row,
                    label: `${row.day.slice(8, 10)}/${row.day.slice(5, 7)}`,
                  }))}
                  labels={languages}
                />
              </Suspense>
            </Box>
            {summary.pages.length === 0 ? (
              <Text size="sm" data-testid="visits-empty">
                {t(key('empty'))}
              </Text>
            ) : (
              <ScrollRegion label={t(key('title'))}>
                <Table
                  miw={520}
                  striped
                  verticalSpacing={4}
                  fz="sm"
                  aria-label={t(key('title'))}
                  data-testid="visits-pages"
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t(key('page'))}</Table.Th>
                      {LANGUAGES.map((language) => (
                        <Table.Th key={language} style={NUMERIC}>
                          {languages[language]}
                        </Table.Th>
                      ))}
                      <Table.Th style={NUMERIC}>{t(key('total'))}</Table.Th>
                      <Table.Th style={NUMERIC}>{t(key('bots'))}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {summary.pages.map((row) => (
                      <Table.Tr key={row.page} data-page={row.page}>
                        <Table.Th scope="row" fw={400} data-testid="visits-page">
                          <BreakableAddress address={pageAddress(row.page)} />
                        </Table.Th>
                        {LANGUAGES.map((language) => (
                          <Table.Td key={language} style={NUMERIC}>
                            {formatNumber(row[language])}
                          </Table.Td>
                        ))}
                        <Table.Td style={NUMERIC}>{formatNumber(row.total)}</Table.Td>
                        <Table.Td style={NUMERIC}>{formatNumber(row.bots)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollRegion>
            )}
            <Text size="sm" data-testid="visits-sign-outs">
              {t(key('signOuts'), { count: formatNumber(summary.signOuts) })}
            </Text>
          </Stack>
        );
      }}
    </OverviewPanel>
  );
}
