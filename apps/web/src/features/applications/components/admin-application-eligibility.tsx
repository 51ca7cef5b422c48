import { type Application, indicatorValueText, targetText } from '@excelencia/domain';
import { Alert, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useLanguage } from '../../../lib/language-context.ts';
import { SUCCESS_GREEN, WARNING_ORANGE } from '../../../ui/colors.ts';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { yearsText } from './company-application-format.ts';
import { criterionName } from './company-eligibility.tsx';
import { signedGapText } from './results-format.ts';

const NUMERIC = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function ResultBadge({ passed }: { passed: boolean | null }) {
  const t = useTranslate();
  const [color, key] =
    passed === null ? ['gray.7', 'notComputable'] : passed ? [SUCCESS_GREEN, 'passed'] : ['red.9', 'failed'];
  return (
    <Badge color={color} variant="filled" miw="max-content" data-testid="criterion-result" data-result={key}>
      {t(`applicationsAdmin:eligibility.${key}`)}
    </Badge>
  );
}

/** The 8 criteria in their fixed order: value, threshold, met or not, and the signed distance to the threshold. */
export function EligibilitySection({ application }: { application: Application }) {
  const t = useTranslate();
  const language = useLanguage();
  const rows = application.applicationFinancialIndicators;
  const passed = rows.filter((row) => row.passed === true).length;
  const title = t('applicationsAdmin:eligibility.title', { year: application.indicatorYear });
  return (
    <Stack gap="xs" component="section" data-testid="eligibility">
      <Group justify="space-between" gap="xs" align="baseline">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Badge
          color={application.eligible ? SUCCESS_GREEN : 'red.9'}
          variant="filled"
          data-testid="eligibility-verdict"
          data-eligible={application.eligible}
        >
          {t(
            application.eligible
              ? 'applicationsAdmin:detail.eligible'
              : 'applicationsAdmin:detail.notEligible',
          )}
        </Badge>
      </Group>
      {application.missingYears.length > 0 ? (
        <Alert color={WARNING_ORANGE} variant="light" data-testid="eligibility-missing">
          {t('applications:missingSheets', { years: yearsText(application.missingYears, language) })}
        </Alert>
      ) : null}
      {rows.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('applicationsAdmin:eligibility.empty')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="gray.7" data-testid="eligibility-summary">
            {t('applicationsAdmin:eligibility.summary', { count: passed, passed, total: rows.length })}
          </Text>
          <ScrollRegion label={title}>
            <Table
              miw={640}
              striped
              verticalSpacing={6}
              fz="sm"
              aria-label={title}
              data-testid="eligibility-table"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th style={NUMERIC}>{t('applicationsAdmin:eligibility.order')}</Table.Th>
                  <Table.Th>{t('applicationsAdmin:eligibility.criterion')}</Table.Th>
                  <Table.Th style={NUMERIC}>{t('applicationsAdmin:eligibility.value')}</Table.Th>
                  <Table.Th style={NUMERIC}>{t('applicationsAdmin:eligibility.threshold')}</Table.Th>
                  <Table.Th>{t('applicationsAdmin:eligibility.result')}</Table.Th>
                  <Table.Th style={NUMERIC} title={t('applicationsAdmin:eligibility.gapHint')}>
                    {t('applicationsAdmin:eligibility.gap')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => {
                  const gap = signedGapText(row);
                  return (
                    <Table.Tr
                      key={row.criterionRatioDetails.code}
                      data-testid="criterion-row"
                      data-code={row.criterionRatioDetails.code}
                    >
                      <Table.Td style={NUMERIC}>{index + 1}</Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {criterionName(row, language)}
                        </Text>
                        {row.reason ? (
                          <Text size="xs" c="gray.7">
                            {t(`formula:reasons.${row.reason.key}`, { name: row.reason.name ?? '' })}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td style={NUMERIC} data-testid="criterion-value">
                        {row.value === null
                          ? t('applicationsAdmin:dash')
                          : indicatorValueText(row.value, row.target)}
                      </Table.Td>
                      <Table.Td style={NUMERIC} data-testid="criterion-threshold">
                        {targetText(row.target)}
                      </Table.Td>
                      <Table.Td>
                        <ResultBadge passed={row.passed} />
                      </Table.Td>
                      <Table.Td
                        style={{
                          ...NUMERIC,
                          color: gap.startsWith('-') ? 'var(--mantine-color-red-9)' : undefined,
                        }}
                        data-testid="criterion-gap"
                      >
                        {gap || t('applicationsAdmin:dash')}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
          <Text size="xs" c="gray.7">
            {t('applicationsAdmin:eligibility.gapHint')}
          </Text>
        </>
      )}
    </Stack>
  );
}
