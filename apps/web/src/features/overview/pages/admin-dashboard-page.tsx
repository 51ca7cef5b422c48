import { formatDisplayMonth, formatNumber } from '@excelencia/domain';
import { Alert, Anchor, Box, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useCurrentEditionQuery, useEditionsQuery } from '../../applications/queries.ts';
import { DashboardGreeting } from '../../session/components/dashboard-greeting.tsx';
import { EditionFunnelPanel } from '../components/edition-funnel.tsx';
import { VisitsPanel } from '../components/visits-panel.tsx';
import { useAdminOverviewQuery } from '../queries.ts';

const ActivityChart = lazy(() =>
  import('../components/activity-chart.tsx').then((module) => ({ default: module.ActivityChart })),
);

const NUMERIC = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** 'YYYY-MM' as every date is written (formatDisplayMonth): 'novembro - 2026', 'November 2026'. */
function monthLabel(month: string, language: string): string {
  return formatDisplayMonth(month, language);
}

/** One figure of the overview: its label, the number, an optional hint, and the page that deals with it. */
function Figure({
  label,
  value,
  hint,
  to,
  testId,
}: {
  label: string;
  value: number;
  hint?: ReactNode;
  /** The page that deals with it, when there is one. */
  to?: string;
  testId: string;
}) {
  const t = useTranslate();
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Stack gap={2}>
        <Text c="gray.7" size="sm">
          {label}
        </Text>
        <Text
          fz={28}
          fw={700}
          lh={1.2}
          style={{ fontVariantNumeric: 'tabular-nums' }}
          data-testid={`${testId}-value`}
        >
          {formatNumber(value)}
        </Text>
        {hint ? (
          <Text c="gray.7" size="xs">
            {hint}
          </Text>
        ) : null}
        {to ? (
          <Anchor
            component={Link}
            to={to}
            size="sm"
            aria-label={t('shell:dashboard.overview.openItem', { name: label })}
          >
            {t('shell:dashboard.overview.open')}
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The funnel of the edition under way (the current one, else the latest). */
function DashboardFunnel() {
  const current = useCurrentEditionQuery();
  const editions = useEditionsQuery();
  const editionId = current.data?.id ?? editions.data?.[0]?.id;
  return editionId ? <EditionFunnelPanel editionId={editionId} /> : null;
}

/**
 * The admin dashboard: greeting, what needs attention (with links), the last 12 months of activity, the funnel of
 * the edition under way and the visits of the last 30 days.
 */
export function AdminDashboardPage() {
  const t = useTranslate();
  const language = useLanguage();
  const localePath = useLocalePath();
  const overview = useAdminOverviewQuery();
  const data = overview.data;
  const key = (name: string) => `shell:dashboard.overview.${name}`;
  return (
    <Stack gap="md">
      <DashboardGreeting area="admin" />
      <Title order={2} size="h3">
        {t(key('title'))}
      </Title>
      {overview.isError ? <Alert color="red.9">{t(key('loadFailed'))}</Alert> : null}
      {data ? (
        <>
          <SimpleGrid cols={{ base: 2, md: 3, xl: 5 }} maw={1400}>
            <Figure
              label={t(key('companies'))}
              value={data.companies}
              hint={t(key('listed'), { count: data.listedCompanies })}
              to={localePath('/admin/company')}
              testId="overview-companies"
            />
            <Figure
              label={t(key('pendingRegistrations'))}
              value={data.pendingRegistrations}
              hint={t(key('pendingRegistrationsHint'))}
              testId="overview-registrations"
            />
            <Figure
              label={t(key('invitations'))}
              value={data.invitations.pending + data.invitations.expired}
              hint={t(key('invitationsHint'), { expired: data.invitations.expired })}
              to={localePath('/admin/company?tab=pre')}
              testId="overview-invitations"
            />
            <Figure
              label={t(key('balanceSheets'))}
              value={data.balanceSheets}
              to={localePath('/admin/balance-sheets')}
              testId="overview-sheets"
            />
            <Figure
              label={t(key('diagnoses'))}
              value={data.diagnoses}
              to={localePath('/admin/diagnosis')}
              testId="overview-diagnoses"
            />
          </SimpleGrid>
          <Paper withBorder p="md" maw={1400}>
            <Stack gap="sm">
              <Title order={3} size="h4">
                {t(key('activity'))}
              </Title>
              <Box aria-hidden="true">
                <Suspense fallback={<Box h={240} />}>
                  <ActivityChart
                    months={data.months.map((row) => ({ ...row, label: monthLabel(row.month, language) }))}
                    labels={{
                      companies: t(key('activityCompanies')),
                      balanceSheets: t(key('activitySheets')),
                      diagnoses: t(key('activityDiagnoses')),
                    }}
                  />
                </Suspense>
              </Box>
              <ScrollRegion label={t(key('activity'))}>
                <Table
                  miw={560}
                  striped
                  verticalSpacing={4}
                  fz="sm"
                  aria-label={t(key('activity'))}
                  data-testid="overview-activity"
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th />
                      {data.months.map((row) => (
                        <Table.Th key={row.month} style={NUMERIC}>
                          {monthLabel(row.month, language)}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {(
                      [
                        ['companies', 'activityCompanies'],
                        ['balanceSheets', 'activitySheets'],
                        ['diagnoses', 'activityDiagnoses'],
                      ] as const
                    ).map(([field, label]) => (
                      <Table.Tr key={field}>
                        <Table.Th scope="row">{t(key(label))}</Table.Th>
                        {data.months.map((row) => (
                          <Table.Td key={row.month} style={NUMERIC}>
                            {row[field]}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollRegion>
            </Stack>
          </Paper>
        </>
      ) : null}
      <DashboardFunnel />
      <VisitsPanel />
    </Stack>
  );
}
