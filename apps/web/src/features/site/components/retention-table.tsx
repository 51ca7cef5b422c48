import { NEWSLETTER_CONFIRM_LINK_DAYS, RETENTION, RETENTION_KINDS } from '@excelencia/domain';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useLanguage } from '../../../lib/language-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';

/**
 * The privacy page's retention table: one row per kind of personal data, its period read from the domain rules
 * the server's retention sweep enforces (packages/domain/src/retention.ts), so the page and the sweep cannot
 * disagree. Shown below the content manager's text, which cannot change it.
 */
export function RetentionTable() {
  const t = useTranslate();
  // In the page's language even when the content manager's text above it fell back to another one.
  const language = useLanguage();
  return (
    <Stack component="section" gap="xs" aria-labelledby="privacy-retention" lang={language}>
      <Title order={2} size="h3" id="privacy-retention">
        {t('contentPublic:retention.title')}
      </Title>
      <Text>{t('contentPublic:retention.intro')}</Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder verticalSpacing="xs" data-testid="privacy-retention">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('contentPublic:retention.columns.data')}</Table.Th>
              <Table.Th scope="col">{t('contentPublic:retention.columns.period')}</Table.Th>
              <Table.Th scope="col">{t('contentPublic:retention.columns.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {RETENTION_KINDS.map((kind) => {
              const rule = RETENTION[kind];
              const period = t(`contentPublic:retention.units.${rule.unit}`, { count: rule.count });
              return (
                <Table.Tr key={kind} data-kind={kind}>
                  <Table.Th scope="row" fw={500}>
                    {t(`contentPublic:retention.kinds.${kind}.label`)}
                  </Table.Th>
                  <Table.Td>
                    {t(`contentPublic:retention.kinds.${kind}.period`, {
                      period,
                      linkDays: NEWSLETTER_CONFIRM_LINK_DAYS,
                    })}
                  </Table.Td>
                  <Table.Td>{t(`contentPublic:retention.kinds.${kind}.after`)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
