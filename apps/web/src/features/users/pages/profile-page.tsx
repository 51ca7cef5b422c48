import { ROLES } from '@excelencia/domain';
import { Alert, Paper, Stack, Table } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../../app/signed-in-context.ts';

/** /users/profile: who is signed in; editing the profile arrives with user profiles. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { session } = useSignedIn();
  const roleLabels = session.roles
    .filter((role) => role !== 'uma_authorization' && (ROLES as readonly string[]).includes(role))
    .map((role) => t(`shell:roles.${role}`))
    .join(', ');
  return (
    <Stack gap="lg" maw={720}>
      <Paper withBorder p="md">
        <Table variant="vertical" layout="fixed" withRowBorders>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>{t('shell:profile.name')}</Table.Th>
              <Table.Td>{session.user.name}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('shell:profile.email')}</Table.Th>
              <Table.Td>{session.user.email}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('shell:profile.roles')}</Table.Th>
              <Table.Td>{roleLabels}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
      <Alert variant="light" color="brand" icon={<IconInfoCircle aria-hidden="true" />}>
        {t('shell:pending.text', { area: t('shell:pending.areas.profile') })}
      </Alert>
    </Stack>
  );
}
