import { formatDisplayDate, type NifClaim, type NifConflict } from '@excelencia/domain';
import { Alert, Badge, Button, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { confirmAction } from '../../../ui/confirm.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { fetchNifConflicts, settleNifConflict } from '../api.ts';
import { companyKeys } from '../queries.ts';

/** Filled dark shades, so white text stays readable. */
const KIND_COLORS = { registration: 'blue.9', preRegistration: 'violet.9', company: 'green.9' } as const;

/**
 * The NIFs claimed twice or more while a claim is not confirmed: for each, every claim (company, responsible person,
 * e-mail, dates, who pre-registered it) and a button that keeps it, cancelling the other unconfirmed claims (their
 * claimants are mailed). A confirmed company can only be kept, so the other claims of its NIF offer no button.
 */
export function AdminNifConflicts() {
  const t = useTranslate();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const conflicts = useQuery({
    queryKey: companyKeys.nifConflicts(),
    queryFn: ({ signal }) => fetchNifConflicts(signal),
  });
  const settle = useMutation({
    mutationFn: settleNifConflict,
    // A cancelled pre-registration leaves the pre-registrations and the companies lists too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.admin() }),
  });
  const when = (value: string | null) => (value ? formatDisplayDate(value, language, { time: true }) : '—');

  const keep = (conflict: NifConflict, claim: NifClaim) =>
    confirmAction({
      title: t('companies:admin.conflicts.confirmTitle'),
      message: t('companies:admin.conflicts.confirmText', {
        company: claim.companyName,
        email: claim.email,
        nif: conflict.nif,
      }),
      confirmLabel: t('companies:admin.conflicts.keep'),
      onConfirm: () =>
        settle.mutateAsync({ nif: conflict.nif, keep: { kind: claim.kind, id: claim.id } }).then(
          (settled) =>
            notifySuccess(t('companies:admin.conflicts.settled', { count: settled.cancelled.length })),
          (error: unknown) => notifyApiError(error, { onReload: () => void conflicts.refetch() }),
        ),
    });

  let body: React.ReactNode;
  if (conflicts.isError && !conflicts.data) {
    body = (
      <Alert color="red.9" variant="light" role="alert" title={t('companies:common.loadFailed')}>
        <Button size="compact-sm" variant="light" color="red.9" onClick={() => void conflicts.refetch()}>
          {t('companies:common.retry')}
        </Button>
      </Alert>
    );
  } else if (!conflicts.data) {
    body = <Skeleton height={120} />;
  } else if (conflicts.data.length === 0) {
    body = (
      <Text size="sm" c="gray.7" data-testid="nif-conflicts-empty">
        {t('companies:admin.conflicts.none')}
      </Text>
    );
  } else {
    body = conflicts.data.map((conflict) => {
      const title = t('companies:admin.conflicts.nif', { nif: conflict.nif });
      const hasCompany = conflict.claims.some((claim) => claim.kind === 'company');
      return (
        <Stack key={conflict.nif} gap="xs" component="section" aria-label={title} data-testid="nif-conflict">
          <Title order={3} size="h5">
            {title}
          </Title>
          <ScrollRegion label={title}>
            <Table miw={860} striped verticalSpacing={6} fz="sm" aria-label={title}>
              <Table.Thead>
                <Table.Tr>
                  {(['kind', 'responsible', 'createdAt', 'expiresAt'] as const).map((column) => (
                    <Table.Th key={column} style={{ whiteSpace: 'nowrap' }}>
                      {t(`companies:admin.conflicts.${column}`)}
                    </Table.Th>
                  ))}
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {conflict.claims.map((claim) => (
                  <Table.Tr key={`${claim.kind}:${claim.id}`} data-testid="nif-claim">
                    <Table.Td>
                      <Badge variant="filled" color={KIND_COLORS[claim.kind]}>
                        {t(`companies:admin.conflicts.kinds.${claim.kind}`)}
                      </Badge>
                      <Text size="sm" fw={600} mt={4}>
                        {claim.companyName}
                      </Text>
                      {claim.createdBy ? (
                        <Text size="xs" c="gray.7">
                          {t('companies:admin.conflicts.createdBy', { name: claim.createdBy })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{claim.name}</Text>
                      <Text size="xs" c="gray.7">
                        {claim.email}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(claim.createdAt)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(claim.expiresAt)}</Table.Td>
                    <Table.Td>
                      {hasCompany && claim.kind !== 'company' ? null : (
                        <Button
                          size="compact-sm"
                          variant="light"
                          leftSection={<IconCheck size={14} aria-hidden="true" />}
                          onClick={() => keep(conflict, claim)}
                          aria-label={t('companies:admin.conflicts.keepLabel', {
                            company: claim.companyName,
                            email: claim.email,
                          })}
                          data-testid="nif-claim-keep"
                        >
                          {t('companies:admin.conflicts.keep')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        </Stack>
      );
    });
  }
  return (
    <Paper withBorder p="md" component="section" data-testid="nif-conflicts">
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t('companies:admin.conflicts.intro')}
        </Text>
        {body}
      </Stack>
    </Paper>
  );
}
