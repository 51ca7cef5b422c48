import type { CompanyMember } from '@excelencia/domain';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useSignedIn } from '../../../lib/signed-in-context.ts';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { InviteForm } from '../components/invite-form.tsx';
import { TeamInvitations, TeamMembers } from '../components/team-members.tsx';
import { useMembersQuery } from '../queries.ts';
import { useCompanyCan, useCompanyRole } from '../use-company-role.ts';

/**
 * /company/team: the selected company's members and pending invitations. The owner invites, changes roles,
 * removes members and handles the invitations; anyone leaves the company (docs/adr/0028-company-teams.md).
 */
export function TeamPage() {
  const t = useTranslate();
  const { session, selectedCompany } = useSignedIn();
  const role = useCompanyRole();
  const isOwner = useCompanyCan('own');
  const members = useMembersQuery(selectedCompany?.id ?? null);
  if (!selectedCompany) return <Text>{t('teamsWeb:team.noCompany')}</Text>;
  if (members.isError) return <LoadFailed onRetry={() => void members.refetch()} />;
  if (!members.data) {
    return (
      <Stack align="center" py="xl">
        <Loader size="sm" aria-label={t('common:loading')} />
      </Stack>
    );
  }
  const active = members.data.filter((member) => member.status === 'active');
  const invited = members.data.filter((member) => member.status === 'invited');
  const email = session.user.email.toLowerCase();
  const isSelf = (member: CompanyMember) =>
    member.accountId === session.user.id || member.email.toLowerCase() === email;
  return (
    // A new company from the selector starts a new page (the invite form's values do not follow it).
    <Stack gap="md" maw={900} key={selectedCompany.id}>
      {role ? (
        <Text data-testid="team-your-role">
          {t('teamsWeb:role.yours', { role: t(`teams:roles.${role}`) })}
        </Text>
      ) : null}
      {isOwner ? null : (
        <Alert variant="light" color="gray.9" data-testid="team-owner-only">
          {t('teamsWeb:team.ownerOnlyHint')}
        </Alert>
      )}
      <TeamMembers
        companyId={selectedCompany.id}
        companyName={selectedCompany.companyName}
        members={active}
        canManage={isOwner}
        isSelf={isSelf}
      />
      <TeamInvitations companyId={selectedCompany.id} invitations={invited} canManage={isOwner} />
      {isOwner ? <InviteForm companyId={selectedCompany.id} /> : null}
    </Stack>
  );
}
