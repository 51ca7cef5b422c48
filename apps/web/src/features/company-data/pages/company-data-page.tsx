import { Alert, Stack, Text } from '@mantine/core';
import { useSignedIn } from '../../../lib/signed-in-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useCompanyRole } from '../../teams/index.ts';
import { ClosureSection } from '../components/closure-section.tsx';
import { ExportsSection } from '../components/exports-section.tsx';

/**
 * /company/data: the company's data is its own. An owner prepares an export of all of it and may ask to close the
 * company's account; the other members read what closing means and the request's state, without the controls.
 */
export function CompanyDataPage() {
  const t = useTranslate();
  const company = useSignedIn().selectedCompany;
  const role = useCompanyRole();
  if (!company) return <Text>{t('teamsWeb:data.noCompany')}</Text>;
  const isOwner = role === 'owner';
  return (
    <Stack gap="lg" maw={820} key={company.id}>
      {role !== null && !isOwner ? (
        <Alert color="gray" variant="light" data-testid="data-owner-only">
          {t('teamsWeb:data.ownerOnly', { role: t(`teams:roles.${role}`) })}
        </Alert>
      ) : null}
      {isOwner ? <ExportsSection companyId={company.id} /> : null}
      <ClosureSection companyId={company.id} companyName={company.companyName} isOwner={isOwner} />
    </Stack>
  );
}
