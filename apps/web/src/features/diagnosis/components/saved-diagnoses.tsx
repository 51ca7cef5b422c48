import { diagnosisTypeLabel, formatDisplayDate, taggedPeriodLabel } from '@excelencia/domain';
import { ActionIcon, Alert, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconEye, IconTrash } from '@tabler/icons-react';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { confirmAction } from '../../../ui/confirm.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useDeleteDiagnosisMutation, useDiagnosesQuery } from '../queries.ts';

/** A company's saved diagnoses, newest first: type, sheet, date, indicators meeting the target; open, delete. */
export function SavedDiagnoses({
  companyId,
  openId,
  canDelete = true,
  onOpen,
  onDeleted,
}: {
  companyId: string;
  openId: string | null;
  /** False for a role that reads only (a viewer). */
  canDelete?: boolean;
  onOpen: (id: string) => void;
  onDeleted: (id: string) => void;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const list = useDiagnosesQuery(companyId);
  const remove = useDeleteDiagnosisMutation(companyId);
  if (list.isError) return <Alert color="red.9">{t('diagnosisWeb:loadFailed')}</Alert>;
  if (!list.data) return <Text c="gray.7">{t('diagnosisWeb:loading')}</Text>;
  if (list.data.length === 0) return <Text c="gray.7">{t('diagnosisWeb:list.empty')}</Text>;
  return (
    <ScrollRegion label={t('diagnosisWeb:list.title')}>
      <Table striped verticalSpacing="xs" miw={640} data-testid="dg-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('diagnosisWeb:list.type')}</Table.Th>
            <Table.Th>{t('diagnosisWeb:list.sheet')}</Table.Th>
            <Table.Th>{t('diagnosisWeb:list.createdAt')}</Table.Th>
            <Table.Th style={{ textAlign: 'end' }}>{t('diagnosisWeb:list.result')}</Table.Th>
            <Table.Th style={{ textAlign: 'end' }}>{t('diagnosisWeb:list.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.map((summary) => {
            const name = `${taggedPeriodLabel(summary.balanceSheet, language)} (${diagnosisTypeLabel(summary, t, language)})`;
            return (
              <Table.Tr
                key={summary.id}
                data-testid="dg-row"
                aria-current={summary.id === openId ? 'true' : undefined}
                style={summary.id === openId ? { fontWeight: 700 } : undefined}
              >
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {diagnosisTypeLabel(summary, t, language)}
                </Table.Td>
                <Table.Td>{taggedPeriodLabel(summary.balanceSheet, language)}</Table.Td>
                <Table.Td>{formatDisplayDate(summary.createdAt, language, { time: true })}</Table.Td>
                <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
                  {t('diagnosisWeb:list.resultValue', {
                    passed: summary.passedCount,
                    computable: summary.computableCount,
                  })}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label={t('diagnosisWeb:list.open')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('diagnosisWeb:list.openNamed', { name })}
                        onClick={() => onOpen(summary.id)}
                        data-testid="dg-open"
                      >
                        <IconEye size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                    {canDelete ? (
                      <Tooltip label={t('diagnosisWeb:list.delete')}>
                        <ActionIcon
                          variant="subtle"
                          color="red.9"
                          aria-label={t('diagnosisWeb:list.deleteNamed', { name })}
                          data-testid="dg-delete"
                          onClick={() =>
                            confirmAction({
                              title: t('diagnosisWeb:list.deleteTitle'),
                              message: t('diagnosisWeb:list.deleteMessage', { name }),
                              confirmLabel: t('diagnosisWeb:list.delete'),
                              danger: true,
                              onConfirm: () =>
                                remove
                                  .mutateAsync(summary.id)
                                  .then(() => {
                                    notifySuccess(t('common:deleted'));
                                    onDeleted(summary.id);
                                  })
                                  .catch((error: unknown) => notifyApiError(error)),
                            })
                          }
                        >
                          <IconTrash size={18} aria-hidden="true" />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
