import { hasRole, primaryRole } from '@excelencia/domain';
import { Avatar, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAccountQuery, useProfilePictureUrl } from '../../features/accounts/queries.ts';
import type { AuthenticatedSession } from '../../features/session/queries.ts';

/** Avatar size in the top bar: at most 44 px. */
const AVATAR_SIZE = 40;

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase() || '?';
}

/** Admins see their name and role label instead of a picture; the others their picture, or initials when none. */
export function UserBadge({ session }: { session: AuthenticatedSession }) {
  const { t } = useTranslation();
  const isAdmin = hasRole(session.roles, 'admin');
  const account = useAccountQuery(isAdmin ? null : session.user.email);
  const pictureUrl = useProfilePictureUrl(account.data?.id ?? null, Boolean(account.data?.profilePicture));
  const name = account.data?.name ?? session.user.name;
  if (isAdmin) {
    return (
      <Stack gap={0} visibleFrom="sm" maw={200}>
        <Text size="sm" fw={600} truncate="end">
          {session.user.name}
        </Text>
        <Text size="xs" c="gray.7">
          {t(`shell:roles.${primaryRole(session.roles) ?? 'user'}`)}
        </Text>
      </Stack>
    );
  }
  return (
    <Avatar
      src={pictureUrl}
      alt={t('shell:topBar.avatarOf', { name })}
      title={name}
      size={AVATAR_SIZE}
      radius="xl"
      color="brand"
    >
      {initials(name)}
    </Avatar>
  );
}
