import { formatNumber, type PartnerEditionCounts } from '@excelencia/domain';
import { Alert, Anchor, Box, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useLocalePath } from '../../../lib/language-context.ts';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { editionLabel } from '../../applications/edition-label.ts';
import { DashboardGreeting } from '../../session/components/dashboard-greeting.tsx';
import { EditionsChart } from '../components/editions-chart.tsx';
import { usePartnerDashboardQuery } from '../queries.ts';

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
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
    </Paper>
  );
}

/** '40 %' of a whole (whole percents), '—' when there is no whole. */
function share(part: number, whole: number): string {
  return whole > 0 ? formatNumber((part / whole) * 100, { decimals: 0, percent: true }) : '—';
}

function EditionsTable({ editions }: { editions: readonly PartnerEditionCounts[] }) {
  const t = useTranslate();
  const k = (key: string) => t(`partners:dashboard.${key}`);
  return (
    <ScrollRegion label={k('byEdition')}>
      <Table striped withTableBorder miw={760} data-testid="partner-editions-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{k('edition')}</Table.Th>
            <Table.Th ta="right">{k('assisted')}</Table.Th>
            <Table.Th ta="right">{k('registered')}</Table.Th>
            <Table.Th ta="right">{k('applied')}</Table.Th>
            <Table.Th ta="right">{k('distinguished')}</Table.Th>
            <Table.Th ta="right">{k('applicants')}</Table.Th>
            <Table.Th ta="right">{k('appliedShare')}</Table.Th>
            <Table.Th ta="right">{k('distinguishedShare')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={{ fontVariantNumeric: 'tabular-nums' }}>
          {editions.map((e) => (
            <Table.Tr key={e.editionId} data-testid="partner-edition-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{editionLabel(e, t)}</Table.Td>
              <Table.Td ta="right">{formatNumber(e.assisted)}</Table.Td>
              <Table.Td ta="right">{formatNumber(e.registered)}</Table.Td>
              <Table.Td ta="right">{formatNumber(e.applied)}</Table.Td>
              <Table.Td ta="right">
                {e.resultsPublished ? formatNumber(e.distinguished) : k('notPublished')}
              </Table.Td>
              <Table.Td ta="right">{formatNumber(e.applicants)}</Table.Td>
              <Table.Td ta="right">{share(e.applied, e.applicants)}</Table.Td>
              <Table.Td ta="right">
                {e.resultsPublished ? share(e.distinguished, e.distinguishedTotal) : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** /:lang/partner/dashboard: the entity's assisted companies, then their progress by edition (chart and table). */
export function PartnerDashboardPage() {
  const t = useTranslate();
  const localePath = useLocalePath();
  const query = usePartnerDashboardQuery();
  const data = query.data;
  const k = (key: string) => t(`partners:dashboard.${key}`);
  return (
    <Stack gap="md">
      <DashboardGreeting area="partner" />
      {query.isError && !data ? <LoadFailed onRetry={() => void query.refetch()} /> : null}
      {!data && !query.isError ? <Skeleton height={120} /> : null}
      {data ? (
        <>
          <Text data-testid="partner-entity">
            {t('partners:dashboard.intro', { entity: data.entity.name })}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} maw={600}>
            <Figure label={k('assisted')} value={data.assisted} testId="partner-assisted" />
            <Figure label={k('registered')} value={data.registered} testId="partner-registered" />
          </SimpleGrid>
          <Anchor component={Link} to={localePath('/partner/register')} fw={600}>
            {k('goRegister')}
          </Anchor>
          <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
            <Stack gap="sm">
              <Title order={2} size="h4">
                {k('byEdition')}
              </Title>
              {data.editions.length === 0 ? (
                <Alert variant="light">{k('none')}</Alert>
              ) : (
                <>
                  <Box role="img" aria-label={k('chartLabel')}>
                    <EditionsChart
                      editions={data.editions.map((e) => ({ ...e, label: editionLabel(e, t) }))}
                      labels={{
                        assisted: k('assisted'),
                        registered: k('registered'),
                        applied: k('applied'),
                        distinguished: k('distinguished'),
                      }}
                    />
                  </Box>
                  <EditionsTable editions={data.editions} />
                  <Text size="sm" c="gray.7">
                    {k('consentNote')}
                  </Text>
                </>
              )}
            </Stack>
          </Paper>
        </>
      ) : null}
    </Stack>
  );
}
