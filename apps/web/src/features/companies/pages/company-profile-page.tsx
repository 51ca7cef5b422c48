import { hasRole } from '@excelencia/domain';
import { Alert, Button, Fieldset, Paper, Stack, Text } from '@mantine/core';
import { useSignedIn } from '../../../lib/signed-in-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { CompanyPartnerSharing } from '../../partners/components/company-partner-sharing.tsx';
import { RoleNote, useCompanyCan } from '../../teams/index.ts';
import { CompanyProfileForm } from '../components/company-form.tsx';
import { StatisticsConsentSwitch } from '../components/statistics-consent.tsx';
import { useCompanyQuery } from '../queries.ts';

/** /:lang/company/profile: the selected company's own profile. */
export function CompanyProfilePage() {
  const t = useTranslate();
  const { selectedCompany, session } = useSignedIn();
  const id = selectedCompany?.id ?? null;
  const company = useCompanyQuery(id);
  // The profile, its names and the consents are an owner's: the others read them.
  const isOwner = useCompanyCan('own');
  if (!id) return <Alert variant="light">{t('companies:profile.chooseCompany')}</Alert>;
  if (company.isError) {
    return (
      <Alert color="red.9" variant="light" role="alert" title={t('companies:common.loadFailed')}>
        <Button size="compact-sm" variant="light" color="red.9" onClick={() => void company.refetch()}>
          {t('companies:common.retry')}
        </Button>
      </Alert>
    );
  }
  if (!company.data) return <Text c="gray.7">{t('companies:common.loading')}</Text>;
  return (
    <Stack maw={960}>
      <RoleNote need="own" />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Fieldset variant="unstyled" disabled={!isOwner} p={0} m={0} data-testid="company-profile-fields">
          <CompanyProfileForm key={company.data.id} company={company.data} canEditNif={false} />
        </Fieldset>
      </Paper>
      <CompanyPartnerSharing
        companyId={company.data.id}
        canChange={isOwner && hasRole(session.roles, 'company')}
      />
      <StatisticsConsentSwitch
        company={company.data}
        canChange={isOwner && hasRole(session.roles, 'company')}
      />
    </Stack>
  );
}
