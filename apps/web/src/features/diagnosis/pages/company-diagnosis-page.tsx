import { Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useSignedIn } from '../../../lib/signed-in-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { RoleNote, useCompanyCan } from '../../teams/index.ts';
import { OpenDiagnosis } from '../components/open-diagnosis.tsx';
import { RunDiagnosisForm } from '../components/run-diagnosis-form.tsx';
import { SavedDiagnoses } from '../components/saved-diagnoses.tsx';

/** The run form (on the sheet of ?sheet= when given), the open diagnosis (?id=) and the saved diagnoses of one company. */
function DiagnosisWorkspace({ companyId }: { companyId: string }) {
  const t = useTranslate();
  const [params, setParams] = useSearchParams();
  const openId = params.get('id');
  const open = (id: string | null) => setParams(id ? { id } : {}, { replace: false });
  // A viewer reads the diagnoses; running and deleting one are the preparers'.
  const canPrepare = useCompanyCan('prepare');
  return (
    <Stack gap="xl">
      {canPrepare ? (
        <Paper
          withBorder
          radius="md"
          p={{ base: 'sm', sm: 'lg' }}
          component="section"
          aria-labelledby="dg-new"
        >
          <Title order={2} size="h3" mb="md" id="dg-new">
            {t('diagnosisWeb:form.title')}
          </Title>
          <RunDiagnosisForm
            companyId={companyId}
            initialSheetId={params.get('sheet')}
            onCreated={(diagnosis) => open(diagnosis.id)}
          />
        </Paper>
      ) : (
        <RoleNote need="prepare" />
      )}
      {openId ? (
        <OpenDiagnosis
          key={openId}
          companyId={companyId}
          id={openId}
          variant="company"
          onClose={() => open(null)}
        />
      ) : null}
      <section aria-labelledby="dg-saved">
        <Title order={2} size="h3" mb="sm" id="dg-saved">
          {t('diagnosisWeb:list.title')}
        </Title>
        <SavedDiagnoses
          companyId={companyId}
          openId={openId}
          canDelete={canPrepare}
          onOpen={(id) => open(id)}
          onDeleted={(id) => {
            if (id === openId) open(null);
          }}
        />
      </section>
    </Stack>
  );
}

/** /:lang/company/diagnosis: the selected company's self-diagnosis. */
export function DiagnosisPage() {
  const t = useTranslate();
  const companyId = useSignedIn().selectedCompany?.id ?? null;
  if (!companyId) return <Text>{t('diagnosisWeb:noCompany')}</Text>;
  return <DiagnosisWorkspace key={companyId} companyId={companyId} />;
}
