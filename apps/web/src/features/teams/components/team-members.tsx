import { COMPANY_ROLES, type CompanyMember, type CompanyRole, formatDisplayDate } from '@excelencia/domain';
import { Alert, Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { DANGER_RED } from '../../../ui/colors.ts';
import { confirmAction } from '../../../ui/confirm.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { companyKeys } from '../../companies/queries.ts';
import { cancelInvitation, removeMember, resendInvitation, updateMemberRole } from '../api.ts';
import { teamKeys } from '../queries.ts';

interface TeamListProps {
  companyId: string;
  companyName: string;
  members: readonly CompanyMember[];
  /** The owner's controls (change a role, remove, the invitations' resend and cancel). */
  canManage: boolean;
  /** Whether a member is the signed-in user. */
  isSelf: (member: CompanyMember) => boolean;
}

/** A refused change, with the server's message (the last owner's 409, a role's 403). */
function Refusal({ error, testId }: { error: unknown; testId: string }) {
  if (!error) return null;
  return (
    <Alert color={DANGER_RED} variant="light" role="alert" data-testid={testId}>
      {error instanceof Error ? error.message : String(error)}
    </Alert>
  );
}

/**
 * The team's members, each with its role and since when; the owner changes a role or removes a member, and
 * anyone leaves the company from its own row.
 */
export function TeamMembers({ companyId, companyName, members, canManage, isSelf }: TeamListProps) {
  const t = useTranslate();
  const language = useLanguage();
  const localePath = useLocalePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamKeys.members(companyId) });

  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: CompanyMember; role: CompanyRole }) =>
      updateMemberRole(companyId, member.accountId ?? '', { role }),
    onMutate: () => setError(null),
    onSuccess: (row, { member }) => {
      notifySuccess(
        t('teamsWeb:team.roleChanged', { name: member.name, role: t(`teams:roles.${row.role}`) }),
      );
      void refresh();
      // An owner who hands its own role down: the pages follow the new role at once.
      if (isSelf(member)) void queryClient.invalidateQueries({ queryKey: companyKeys.mine() });
    },
    onError: (cause) => {
      setError(cause);
      void refresh();
    },
  });

  const remove = (member: CompanyMember, self: boolean) =>
    confirmAction({
      title: self
        ? t('teamsWeb:team.leaveTitle', { company: companyName })
        : t('teamsWeb:team.removeTitle', { name: member.name }),
      message: self
        ? t('teamsWeb:team.leaveText', { company: companyName })
        : t('teamsWeb:team.removeText', { name: member.name, company: companyName }),
      confirmLabel: self ? t('teamsWeb:team.leave') : t('teamsWeb:team.remove'),
      danger: true,
      onConfirm: async () => {
        setError(null);
        try {
          await removeMember(companyId, member.accountId ?? '');
        } catch (cause) {
          setError(cause);
          return;
        }
        if (self) {
          // The company leaves the selector; the dashboard shows what remains.
          await queryClient.invalidateQueries({ queryKey: companyKeys.mine() });
          void queryClient.invalidateQueries({ queryKey: teamKeys.overview() });
          void navigate(localePath('/company/dashboard'));
          return;
        }
        notifySuccess(t('teamsWeb:team.removed', { name: member.name }));
        await refresh();
      },
    });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="team-members-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="team-members-title">
          {t('teamsWeb:team.members')}
        </Title>
        <Refusal error={error} testId="team-error" />
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {members.map((member) => {
            const self = isSelf(member);
            return (
              <Paper
                component="li"
                key={member.accountId ?? member.email}
                withBorder
                p="sm"
                data-testid="team-member"
              >
                <Group justify="space-between" align="flex-start" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {member.name}{' '}
                      {self ? (
                        <Text span c="gray.7">
                          {t('teamsWeb:team.you')}
                        </Text>
                      ) : null}
                    </Text>
                    <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                      {member.email}
                    </Text>
                    <Text size="sm" c="gray.7">
                      {t('teamsWeb:team.since')}
                      {t('common:colon')} {formatDisplayDate(member.since, language)}
                    </Text>
                  </Stack>
                  <Group gap="xs" align="flex-end" wrap="wrap">
                    {canManage && member.accountId ? (
                      <NativeSelect
                        aria-label={t('teamsWeb:team.roleOf', { name: member.name })}
                        data={COMPANY_ROLES.map((role) => ({ value: role, label: t(`teams:roles.${role}`) }))}
                        value={member.role}
                        disabled={changeRole.isPending}
                        onChange={(event) =>
                          changeRole.mutate({ member, role: event.currentTarget.value as CompanyRole })
                        }
                        data-testid="member-role-select"
                        w={170}
                      />
                    ) : (
                      <Badge variant="light" color="blue.9" data-testid="member-role">
                        {t(`teams:roles.${member.role}`)}
                      </Badge>
                    )}
                    {self ? (
                      <Button
                        variant="default"
                        color={DANGER_RED}
                        onClick={() => remove(member, true)}
                        data-testid="team-leave"
                      >
                        {t('teamsWeb:team.leave')}
                      </Button>
                    ) : canManage && member.accountId ? (
                      <Button
                        variant="light"
                        color={DANGER_RED}
                        onClick={() => remove(member, false)}
                        aria-label={`${t('teamsWeb:team.remove')}: ${member.name}`}
                        data-testid="member-remove"
                      >
                        {t('teamsWeb:team.remove')}
                      </Button>
                    ) : null}
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The invitations not yet accepted, with when each expires; the owner sends one again or cancels it. */
export function TeamInvitations({
  companyId,
  invitations,
  canManage,
}: {
  companyId: string;
  invitations: readonly CompanyMember[];
  canManage: boolean;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamKeys.members(companyId) });
  const resend = useMutation({
    mutationFn: (invitation: CompanyMember) => resendInvitation(companyId, invitation.invitationId ?? ''),
    onMutate: () => setError(null),
    onSuccess: (row) => {
      notifySuccess(t('teamsWeb:team.resent', { email: row.email }));
      void refresh();
    },
    onError: setError,
  });
  const cancel = (invitation: CompanyMember) =>
    confirmAction({
      title: t('teamsWeb:team.cancelTitle', { email: invitation.email }),
      message: t('teamsWeb:team.cancelText'),
      confirmLabel: t('teamsWeb:team.cancel'),
      danger: true,
      onConfirm: async () => {
        setError(null);
        try {
          await cancelInvitation(companyId, invitation.invitationId ?? '');
        } catch (cause) {
          setError(cause);
          return;
        }
        notifySuccess(t('teamsWeb:team.cancelled', { email: invitation.email }));
        await refresh();
      },
    });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="team-invitations-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="team-invitations-title">
          {t('teamsWeb:team.invitations')}
        </Title>
        <Refusal error={error} testId="invitations-error" />
        {invitations.length === 0 ? (
          <Text c="gray.7" data-testid="invitations-empty">
            {t('teamsWeb:team.noInvitations')}
          </Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {invitations.map((invitation) => (
              <Paper
                component="li"
                key={invitation.invitationId ?? invitation.email}
                withBorder
                p="sm"
                data-testid="team-invitation"
              >
                <Group justify="space-between" align="flex-start" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {invitation.email}
                    </Text>
                    <Text size="sm">{t(`teams:roles.${invitation.role}`)}</Text>
                    <Text size="sm" c="gray.7">
                      {t('teamsWeb:team.invitedOn', { date: formatDisplayDate(invitation.since, language) })}
                    </Text>
                    {invitation.expiresAt ? (
                      <Text size="sm" c="gray.7" data-testid="invitation-expires">
                        {t('teamsWeb:team.expires', {
                          date: formatDisplayDate(invitation.expiresAt, language, { time: true }),
                        })}
                      </Text>
                    ) : null}
                  </Stack>
                  {canManage ? (
                    <Group gap="xs">
                      <Button
                        variant="default"
                        loading={
                          resend.isPending && resend.variables?.invitationId === invitation.invitationId
                        }
                        onClick={() => resend.mutate(invitation)}
                        aria-label={`${t('teamsWeb:team.resend')}: ${invitation.email}`}
                        data-testid="invitation-resend"
                      >
                        {t('teamsWeb:team.resend')}
                      </Button>
                      <Button
                        variant="light"
                        color={DANGER_RED}
                        onClick={() => cancel(invitation)}
                        aria-label={`${t('teamsWeb:team.cancel')}: ${invitation.email}`}
                        data-testid="invitation-cancel"
                      >
                        {t('teamsWeb:team.cancel')}
                      </Button>
                    </Group>
                  ) : null}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
