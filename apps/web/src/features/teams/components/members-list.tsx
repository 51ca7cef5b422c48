import { formatDisplayDate } from '@excelencia/domain';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useLanguage } from '../../../lib/language-context.ts';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useMembersQuery } from '../queries.ts';

/**
 * A company's members and their roles, read only (the admin's company drawer): name, e-mail, role, since when,
 * and the invitations not yet accepted.
 */
export function CompanyMembersList({ companyId }: { companyId: string }) {
  const t = useTranslate();
  const language = useLanguage();
  const members = useMembersQuery(companyId);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="company-members-title">
      <Stack gap="sm">
        <Title order={4} size="h5" id="company-members-title">
          {t('teamsWeb:admin.members')}
        </Title>
        {members.isError ? (
          <LoadFailed onRetry={() => void members.refetch()} />
        ) : !members.data ? (
          <Text c="gray.7">{t('common:loading')}</Text>
        ) : members.data.length === 0 ? (
          <Text c="gray.7">{t('teamsWeb:admin.noMembers')}</Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {members.data.map((member) => (
              <Group
                component="li"
                key={member.accountId ?? member.invitationId ?? member.email}
                justify="space-between"
                gap="xs"
                wrap="wrap"
                data-testid="company-member"
              >
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {member.name || member.email}
                  </Text>
                  <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                    {member.email} · {t('teamsWeb:team.since')}
                    {t('common:colon')} {formatDisplayDate(member.since, language)}
                  </Text>
                </Stack>
                <Group gap={4}>
                  <Badge variant="light" color="blue.9">
                    {t(`teams:roles.${member.role}`)}
                  </Badge>
                  {member.status === 'invited' ? (
                    <Badge variant="light" color="gray.9">
                      {t('teamsWeb:admin.invited')}
                    </Badge>
                  ) : null}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
