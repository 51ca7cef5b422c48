import { formatDisplayDate, type NameChange } from '@excelencia/domain';
import { Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { ReasonModal, type ReasonRequest } from '../../../ui/reason-modal.tsx';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { decideNameChange, fetchNameChanges } from '../api.ts';
import { companyKeys } from '../queries.ts';

/**
 * The admin's queue of name changes asked for by companies holding the status: each with the current and the
 * requested names, approved (with an optional note) or refused (with a reason the company reads).
 */
export function AdminNameChanges() {
  const t = useTranslate();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const pending = useQuery({
    queryKey: companyKeys.nameChanges(),
    queryFn: ({ signal }) => fetchNameChanges('pending', signal),
  });
  const decide = useMutation({
    mutationFn: (input: { id: string; approve: boolean; reason: string; version: number }) =>
      decideNameChange(input.id, {
        approve: input.approve,
        version: input.version,
        ...(input.reason ? { reason: input.reason } : {}),
      }),
    // The company's name, its profile and the lists all move with a decision.
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const ask = (change: NameChange, approve: boolean) => {
    const key = approve ? 'approve' : 'refuse';
    setAsking({
      title: t(`companies:admin.nameChanges.${key}Title`, { company: change.fromCompanyName }),
      message: t(`companies:admin.nameChanges.${key}Message`, {
        name: approve ? change.toCompanyName : change.fromCompanyName,
      }),
      reasonLabel: t(
        approve ? 'companies:admin.nameChanges.reasonOptional' : 'companies:admin.nameChanges.reasonLabel',
      ),
      confirmLabel: t(`companies:admin.nameChanges.${key}`),
      required: !approve,
      danger: !approve,
      testId: 'name-change-dialog',
      onConfirm: (reason) =>
        decide
          .mutateAsync({ id: change.id, approve, reason, version: change.version })
          .then(() => notifySuccess(t(`companies:admin.nameChanges.${approve ? 'approved' : 'refused'}`))),
    });
  };
  const title = t('companies:admin.tabNameChanges');

  let body: React.ReactNode;
  if (pending.isError && !pending.data) {
    body = <LoadFailed onRetry={() => void pending.refetch()} />;
  } else if (!pending.data) {
    body = <Skeleton height={120} />;
  } else if (pending.data.length === 0) {
    body = (
      <Text size="sm" c="gray.7" data-testid="name-changes-empty">
        {t('companies:admin.nameChanges.empty')}
      </Text>
    );
  } else {
    body = (
      <ScrollRegion label={title}>
        <Table
          miw={760}
          striped
          verticalSpacing={6}
          fz="sm"
          aria-label={title}
          data-testid="name-changes-table"
        >
          <Table.Thead>
            <Table.Tr>
              {(['from', 'to', 'requested'] as const).map((column) => (
                <Table.Th key={column} style={{ whiteSpace: 'nowrap' }}>
                  {t(`companies:admin.nameChanges.${column}`)}
                </Table.Th>
              ))}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pending.data.map((change) => (
              <Table.Tr key={change.id} data-testid="name-change-row">
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {change.fromCompanyName}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {t('applicationsAdmin:seals.nifLine', { nif: change.nif })}
                  </Text>
                  {change.fromLegalName ? (
                    <Text size="xs" c="gray.7">
                      {t('companies:admin.nameChanges.legalName', { name: change.fromLegalName })}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600} data-testid="name-change-to">
                    {change.toCompanyName}
                  </Text>
                  {change.toLegalName ? (
                    <Text size="xs" c="gray.7">
                      {t('companies:admin.nameChanges.legalName', { name: change.toLegalName })}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {t('companies:admin.nameChanges.requestedOn', {
                      date: formatDisplayDate(change.requestedAt, language),
                      name: change.requestedBy ?? '—',
                    })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    {([true, false] as const).map((approve) => {
                      const action = approve ? 'approve' : 'refuse';
                      const Icon = approve ? IconCheck : IconX;
                      return (
                        <Button
                          key={action}
                          size="compact-sm"
                          variant={approve ? 'light' : 'subtle'}
                          color={approve ? undefined : 'red.9'}
                          c={approve ? undefined : 'red.9'}
                          leftSection={<Icon size={14} aria-hidden="true" />}
                          onClick={() => ask(change, approve)}
                          aria-label={t('companies:admin.nameChanges.actionAria', {
                            action: t(`companies:admin.nameChanges.${action}`),
                            company: change.fromCompanyName,
                          })}
                          data-testid={`name-change-${action}`}
                        >
                          {t(`companies:admin.nameChanges.${action}`)}
                        </Button>
                      );
                    })}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    );
  }
  return (
    <Paper withBorder p="md" component="section" data-testid="name-changes">
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          {t('companies:admin.nameChanges.intro')}
        </Text>
        {body}
      </Stack>
      <ReasonModal request={asking} onClose={() => setAsking(null)} />
    </Paper>
  );
}
