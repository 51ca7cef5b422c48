import { Anchor, Box, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useLocalePath } from '../../../lib/language-context.ts';
import { useSignedIn } from '../../../lib/signed-in-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { ApplicationCard } from '../../applications/components/company-application-card.tsx';
import { SheetsSummaryCard } from '../../balance-sheets/components/sheets-summary-card.tsx';
import { LatestDiagnosisCard } from '../../diagnosis/components/latest-diagnosis-card.tsx';
import { DashboardGreeting } from '../../session/components/dashboard-greeting.tsx';
import { CompaniesOverview } from '../../teams/components/companies-overview.tsx';
import { myCompaniesQueryOptions } from '../queries.ts';

/**
 * The company dashboard: greeting, the table of the user's companies for someone acting for more than one (or an
 * accountant), then (once a company is selected) its balance sheets, latest diagnosis, application and profile.
 */
export function CompanyDashboardPage() {
  const t = useTranslate();
  const localePath = useLocalePath();
  const { selectedCompany } = useSignedIn();
  const mine = useQuery(myCompaniesQueryOptions()).data ?? [];
  const showsOverview = mine.length > 1 || mine.some((company) => company.role === 'accountant');
  return (
    <Stack gap="md">
      <DashboardGreeting area="company" />
      {showsOverview ? (
        <Box maw={1100}>
          <CompaniesOverview selectedId={selectedCompany?.id ?? null} />
        </Box>
      ) : null}
      {selectedCompany ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} maw={1100}>
          <SheetsSummaryCard companyId={selectedCompany.id} />
          <LatestDiagnosisCard companyId={selectedCompany.id} />
          <ApplicationCard companyId={selectedCompany.id} />
          <Paper withBorder p="lg">
            <Stack gap={6}>
              <Anchor
                component={Link}
                to={localePath('/company/profile')}
                fw={700}
                data-testid="company-profile-link"
              >
                <IconBuildingStore
                  size={18}
                  aria-hidden="true"
                  style={{ verticalAlign: 'text-bottom', marginInlineEnd: 6 }}
                />
                {t('companies:profile.open')}
              </Anchor>
              <Text c="gray.7">{t('companies:profile.openText')}</Text>
            </Stack>
          </Paper>
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
