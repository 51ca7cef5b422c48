import type { Seal } from '@excelencia/domain';
import { Box, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconBan, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { ReasonModal, type ReasonRequest } from '../../../ui/reason-modal.tsx';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useEditionSealsQuery, useSealActionMutation } from '../queries.ts';
import { SealStatusBadge } from './public-seal-status.tsx';
import { type SealAction, sealActions, shortDate } from './results-format.ts';

const ACTION_ICONS = { suspend: IconPlayerPause, reinstate: IconPlayerPlay, withdraw: IconBan } as const;

/** The statuses granted in an edition, each with its state and the actions it allows (with a reason). */
export function SealsPanel({ editionId }: { editionId: string }) {
  const t = useTranslate();
  const language = useLanguage();
  const seals = useEditionSealsQuery(editionId);
  const act = useSealActionMutation(editionId);
  const title = t('applicationsAdmin:seals.title');

  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const ask = (seal: Seal, action: SealAction) =>
    setAsking({
      title: t(`applicationsAdmin:seals.${action}Title`, { company: seal.companyName }),
      message: t(`applicationsAdmin:seals.${action}Message`, { date: shortDate(seal.validUntil, language) }),
      reasonLabel: t('applicationsAdmin:seals.reasonLabel'),
      confirmLabel: t(`applicationsAdmin:seals.${action}`),
      required: true,
      danger: action !== 'reinstate',
      testId: 'seal-action-dialog',
      onConfirm: (reason) =>
        act
          .mutateAsync({ id: seal.id, body: { action, reason, version: seal.version } })
          .then(() => notifySuccess(t(`applicationsAdmin:seals.done.${action}`))),
    });

  let body: React.ReactNode;
  if (seals.isError && !seals.data) {
    body = <LoadFailed onRetry={() => void seals.refetch()} />;
  } else if (!seals.data) {
    body = <Skeleton height={120} />;
  } else if (seals.data.length === 0) {
    body = (
      <Text size="sm" c="gray.7" data-testid="seals-empty">
        {t('applicationsAdmin:seals.empty')}
      </Text>
    );
  } else {
    body = (
      <ScrollRegion label={title}>
        <Table miw={720} striped verticalSpacing={6} fz="sm" aria-label={title} data-testid="seals-table">
          <Table.Thead>
            <Table.Tr>
              {(['company', 'code', 'validity', 'status'] as const).map((column) => (
                <Table.Th key={column} style={{ whiteSpace: 'nowrap' }}>
                  {t(`applicationsAdmin:seals.${column}`)}
                </Table.Th>
              ))}
              <Table.Th style={{ textAlign: 'end' }}>{t('applicationsAdmin:seals.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {seals.data.map((seal) => (
              <Table.Tr key={seal.id} data-testid="seal-row" data-status={seal.status}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {seal.companyName}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {t('applicationsAdmin:seals.nifLine', { nif: seal.nif })}
                  </Text>
                  {seal.currentName ? (
                    <Text size="xs" c="gray.7">
                      {t('applicationsAdmin:seals.nowNamed', { name: seal.currentName })}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td
                  style={{ whiteSpace: 'nowrap', fontFamily: 'var(--mantine-font-family-monospace)' }}
                >
                  {seal.code}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {t('applicationsAdmin:seals.issuedOn', { date: shortDate(seal.issuedAt, language) })}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {t('applicationsAdmin:seals.validUntilOn', {
                      date: shortDate(seal.validUntil, language),
                    })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Box miw="max-content">
                    <SealStatusBadge status={seal.status} />
                  </Box>
                  {seal.reason ? (
                    <Text size="xs" c="gray.7" mt={4} maw={260} style={{ overflowWrap: 'break-word' }}>
                      {seal.reason}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    {sealActions(seal.status).map((action) => {
                      const Icon = ACTION_ICONS[action];
                      return (
                        <Button
                          key={action}
                          size="compact-sm"
                          variant="subtle"
                          color={action === 'reinstate' ? undefined : 'red.9'}
                          // Subtle buttons write their text in shade 6, too light on white: the danger red is set.
                          c={action === 'reinstate' ? undefined : 'red.9'}
                          leftSection={<Icon size={14} aria-hidden="true" />}
                          onClick={() => ask(seal, action)}
                          aria-label={t('applicationsAdmin:seals.actionAria', {
                            action: t(`applicationsAdmin:seals.${action}`),
                            company: seal.companyName,
                          })}
                          data-testid={`seal-${action}`}
                        >
                          {t(`applicationsAdmin:seals.${action}`)}
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
    <Paper withBorder p="md" component="section" data-testid="seals">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {body}
      </Stack>
      <ReasonModal request={asking} onClose={() => setAsking(null)} />
    </Paper>
  );
}
