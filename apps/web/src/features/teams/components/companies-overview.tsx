import {
  APPLICATION_STATUSES,
  formatDisplayDate,
  formatDisplayPeriod,
  type MyCompanyOverview,
} from '@excelencia/domain';
import { Badge, Button, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useLanguage } from '../../../lib/language-context.ts';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { setSelectedCompanyId } from '../../companies/queries.ts';
import { useCompaniesOverviewQuery } from '../queries.ts';

const isApplicationStatus = (status: string): status is (typeof APPLICATION_STATUSES)[number] =>
  (APPLICATION_STATUSES as readonly string[]).includes(status);

/**
 * The table of the user's companies (an accountant's clients): each one's role, latest trial balance, latest
 * diagnosis and application, and a button that works on it, as the company selector does.
 */
export function CompaniesOverview({ selectedId }: { selectedId: string | null }) {
  const t = useTranslate();
  const language = useLanguage();
  const overview = useCompaniesOverviewQuery(true);
  const none = t('teamsWeb:overview.none');
  const frequency = (value: string) => t(`balanceSheets:frequencies.${value}`);
  const sheetText = (row: MyCompanyOverview) =>
    row.latestSheet
      ? `${formatDisplayPeriod(row.latestSheet.startDate, row.latestSheet.endDate, language)} (${frequency(row.latestSheet.frequency)})`
      : none;
  const diagnosisText = (row: MyCompanyOverview) =>
    row.latestDiagnosis
      ? `${formatDisplayDate(row.latestDiagnosis.endDate, language)} (${frequency(row.latestDiagnosis.frequency)})`
      : none;
  const applicationText = (row: MyCompanyOverview) => {
    const application = row.latestApplication;
    if (!application) return none;
    const status = isApplicationStatus(application.status)
      ? t(`applications:statuses.${application.status}`)
      : application.status;
    return t('teamsWeb:overview.edition', { edition: application.editionNumber, status });
  };
  return (
    // Not a section landmark: the scrolling table is the region named after this title (axe: landmark-unique).
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} size="h4" id="companies-overview-title">
          {t('teamsWeb:overview.title')}
        </Title>
        {overview.isError ? (
          <LoadFailed onRetry={() => void overview.refetch()} />
        ) : !overview.data ? (
          <Text c="gray.7">{t('common:loading')}</Text>
        ) : (
          <ScrollRegion label={t('teamsWeb:overview.title')}>
            <Table striped verticalSpacing="xs" miw={760} data-testid="companies-overview">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('teamsWeb:overview.company')}</Table.Th>
                  <Table.Th>{t('teamsWeb:overview.role')}</Table.Th>
                  <Table.Th>{t('teamsWeb:overview.latestSheet')}</Table.Th>
                  <Table.Th>{t('teamsWeb:overview.latestDiagnosis')}</Table.Th>
                  <Table.Th>{t('teamsWeb:overview.application')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('teamsWeb:team.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {overview.data.map((row) => (
                  <Table.Tr key={row.companyId} data-testid="overview-row">
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {row.companyName}
                      </Text>
                      <Text size="xs" c="gray.7">
                        NIF {row.nif}
                      </Text>
                    </Table.Td>
                    <Table.Td>{t(`teams:roles.${row.role}`)}</Table.Td>
                    <Table.Td>{sheetText(row)}</Table.Td>
                    <Table.Td>{diagnosisText(row)}</Table.Td>
                    <Table.Td>{applicationText(row)}</Table.Td>
                    <Table.Td>
                      {row.companyId === selectedId ? (
                        <Badge variant="light" color="blue.9" data-testid="overview-current">
                          {t('teamsWeb:overview.current')}
                        </Badge>
                      ) : (
                        <Button
                          size="compact-sm"
                          variant="light"
                          onClick={() => setSelectedCompanyId(row.companyId)}
                          aria-label={t('teamsWeb:overview.switchLabel', { company: row.companyName })}
                          data-testid="overview-switch"
                        >
                          {t('teamsWeb:overview.switch')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </Stack>
    </Paper>
  );
}
