import {
  type CompanyEsg,
  ESG_PILLARS,
  type EsgResponse,
  type EsgResponseSummary,
  formatDisplayDate,
  localized,
} from '@excelencia/domain';
import { Alert, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { useSignedIn } from '../../../lib/signed-in-context.ts';
import { DownloadButton } from '../../../ui/download-button.tsx';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { RoleNote, useCompanyCan } from '../../teams/index.ts';
import { responsePdfPath } from '../api.ts';
import { EsgAnswerForm } from '../components/esg-answer-form.tsx';
import { EsgAnswersView } from '../components/esg-answers-view.tsx';
import { percentText } from '../components/esg-format.ts';
import { EsgScoresView } from '../components/esg-scores.tsx';
import { useCompanyEsgQuery } from '../queries.ts';

const NUMERIC = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby={id}
      data-testid={id}
    >
      <Title order={2} size="h3" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function PdfButton({
  companyId,
  response,
}: {
  companyId: string;
  response: Pick<EsgResponse, 'id' | 'period'>;
}) {
  const t = useTranslate();
  return (
    <DownloadButton
      href={responsePdfPath(companyId, response.id)}
      fallbackName={`esg-${response.period}.pdf`}
      label={t('esg:pdf.download')}
      icon={<IconFileTypePdf size={18} />}
      testId="esg-pdf"
      progressText={({ percent, received }) => (percent !== null ? `${percent} %` : received)}
    />
  );
}

/** The submitted answers of the current form: when, the scores with the sector medians, the PDF, the answers. */
function Submitted({ companyId, response }: { companyId: string; response: EsgResponse }) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <Stack gap="md">
      <Alert color="gray" variant="light" data-testid="esg-locked">
        {t('esg:company.locked', {
          date: formatDisplayDate(response.submittedAt ?? response.updatedAt, language),
        })}
      </Alert>
      {response.scores ? <EsgScoresView scores={response.scores} sector={response.sector} /> : null}
      <Group>
        <PdfButton companyId={companyId} response={response} />
      </Group>
      <EsgAnswersView response={response} />
    </Stack>
  );
}

/** The submitted periods side by side: each pillar's score and the overall score per period. */
function Comparison({ companyId, responses }: { companyId: string; responses: EsgResponseSummary[] }) {
  const t = useTranslate();
  const language = useLanguage();
  const submitted = responses.filter((response) => response.status === 'submitted' && response.scores);
  if (submitted.length === 0) return <Text c="gray.7">{t('esg:company.noHistory')}</Text>;
  const ordered = [...submitted].sort((a, b) => a.period - b.period);
  const rows = [
    ...ESG_PILLARS.map((pillar) => ({
      key: pillar,
      label: t(`esg:pillars.${pillar}`),
      value: (r: EsgResponseSummary) => r.scores?.pillars.find((p) => p.pillar === pillar)?.percent ?? null,
    })),
    {
      key: 'overall',
      label: t('esg:scores.overall'),
      value: (r: EsgResponseSummary) => r.scores?.overall.percent ?? null,
    },
  ];
  return (
    <Stack gap="sm">
      <ScrollRegion label={t('esg:company.compare')}>
        <Table striped withTableBorder data-testid="esg-compare">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('esg:scores.pillar')}</Table.Th>
              {ordered.map((response) => (
                <Table.Th key={response.id} style={NUMERIC} title={localized(response.formTitle, language)}>
                  {response.period}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Th scope="row" fw={row.key === 'overall' ? 700 : 400}>
                  {row.label}
                </Table.Th>
                {ordered.map((response) => (
                  <Table.Td key={response.id} style={NUMERIC}>
                    {percentText(row.value(response))}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      <Group gap="sm">
        {ordered.map((response) => (
          <Group key={response.id} gap={6}>
            <Text size="sm">{response.period}:</Text>
            <PdfButton companyId={companyId} response={response} />
          </Group>
        ))}
      </Group>
    </Stack>
  );
}

function Workspace({ companyId, data }: { companyId: string; data: CompanyEsg }) {
  const t = useTranslate();
  const language = useLanguage();
  const current = data.current;
  // Answering is an owner's: an accountant or a viewer reads the draft, with the note saying why.
  const canAnswer = useCompanyCan('own');
  return (
    <Stack gap="lg">
      {current ? (
        <Section id="esg-current" title={localized(current.form.title, language)}>
          <Stack gap="sm">
            <Text c="gray.7">{t('esg:company.period', { period: current.form.period })}</Text>
            {localized(current.form.description, language) ? (
              <Text style={{ whiteSpace: 'pre-wrap' }}>{localized(current.form.description, language)}</Text>
            ) : null}
            {current.response?.status === 'submitted' ? (
              <Submitted companyId={companyId} response={current.response} />
            ) : !canAnswer ? (
              <Stack gap="sm">
                <RoleNote need="own" />
                {current.response ? <EsgAnswersView response={current.response} /> : null}
              </Stack>
            ) : (
              <EsgAnswerForm
                key={current.form.id}
                companyId={companyId}
                formId={current.form.id}
                definition={current.definition}
                initial={current.response?.answers ?? {}}
              />
            )}
          </Stack>
        </Section>
      ) : (
        <Alert color="gray" variant="light" data-testid="esg-none">
          {t('esg:company.none')}
        </Alert>
      )}
      <Section id="esg-history" title={t('esg:company.compare')}>
        <Comparison companyId={companyId} responses={data.responses} />
      </Section>
    </Stack>
  );
}

function CompanyEsgLoader({ companyId }: { companyId: string }) {
  const t = useTranslate();
  const query = useCompanyEsgQuery(companyId);
  if (query.isPending) return <Loader aria-label={t('esg:company.loading')} />;
  if (query.isError) {
    return (
      <Alert color="red.9" variant="light">
        <Stack gap="xs" align="flex-start">
          <Text>{t('esg:company.loadFailed')}</Text>
          <Button variant="default" size="compact-sm" onClick={() => void query.refetch()}>
            {t('esg:company.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <Workspace companyId={companyId} data={query.data} />;
}

/** /company/esg: the current ESG survey to answer (drafts saved as one types), its scores, and past periods. */
export function CompanyEsgPage() {
  const t = useTranslate();
  const companyId = useSignedIn().selectedCompany?.id ?? null;
  return (
    <>
      {companyId ? (
        <CompanyEsgLoader key={companyId} companyId={companyId} />
      ) : (
        <Text>{t('esg:company.noCompany')}</Text>
      )}
    </>
  );
}
