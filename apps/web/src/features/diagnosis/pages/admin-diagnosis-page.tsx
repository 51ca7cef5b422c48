import type { DiagnosisSummary } from '@excelencia/domain';
import { diagnosisTypeLabel, formatDisplayDate, periodLabel, taggedPeriodLabel } from '@excelencia/domain';
import { Accordion, Button, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLanguage } from '../../../lib/language-context.ts';
import { DataTable, type DataTableColumn } from '../../../ui/data-table/data-table.tsx';
import { initialListState, type ListState, listQueryString } from '../../../ui/data-table/list-state.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { CompanyPicker } from '../../companies/components/company-picker.tsx';
import { OpenDiagnosis } from '../components/open-diagnosis.tsx';
import { RunDiagnosisForm } from '../components/run-diagnosis-form.tsx';
import { useAdminDiagnosesQuery } from '../queries.ts';

/** An admin runs a diagnosis on a company's behalf: the company, then its sheets. */
function RunForCompany({
  initial,
  onCreated,
}: {
  /** The company and sheet chosen at first (the link shown after a sheet is saved for a company). */
  initial: { companyId: string; sheetId: string | null } | null;
  onCreated: (companyId: string, id: string) => void;
}) {
  const t = useTranslate();
  const [companyId, setCompanyId] = useState(initial?.companyId ?? '');
  return (
    <Stack gap="md">
      <CompanyPicker
        label={t('diagnosisWeb:admin.runFor')}
        value={companyId}
        onChange={setCompanyId}
        testId="dg-run-company"
      />
      {companyId ? (
        <RunDiagnosisForm
          key={companyId}
          companyId={companyId}
          initialSheetId={companyId === initial?.companyId ? initial.sheetId : null}
          onCreated={(diagnosis) => onCreated(companyId, diagnosis.id)}
        />
      ) : (
        <Text c="gray.7">{t('diagnosisWeb:admin.chooseCompany')}</Text>
      )}
    </Stack>
  );
}

/** /:lang/admin/diagnosis: every company's diagnoses (search, company filter), open one, run one for a company. */
export function AdminDiagnosisPage() {
  const t = useTranslate();
  const language = useLanguage();
  const [state, setState] = useState<ListState>(() => initialListState());
  const onStateChange = useCallback((next: ListState) => setState(next), []);
  const list = useAdminDiagnosesQuery(listQueryString(state));
  const [params, setParams] = useSearchParams();
  const openCompany = params.get('company');
  const openId = params.get('id');
  // ?run=<company>&sheet=<sheet> (the link after a sheet is saved for a company), read once: the run form keeps
  // them while the address changes.
  const [initialRun] = useState(() => {
    const companyId = params.get('run');
    return companyId ? { companyId, sheetId: params.get('sheet') } : null;
  });
  const open = (companyId: string | null, id: string | null) =>
    setParams(companyId && id ? { company: companyId, id } : {});
  const columns: DataTableColumn<DiagnosisSummary>[] = [
    { key: 'company', label: t('diagnosisWeb:list.company'), render: (row) => row.companyName },
    {
      key: 'type',
      label: t('diagnosisWeb:list.type'),
      render: (row) => diagnosisTypeLabel(row, t, language),
    },
    {
      key: 'sheet',
      label: t('diagnosisWeb:list.sheet'),
      render: (row) => taggedPeriodLabel(row.balanceSheet, language),
    },
    {
      key: 'createdAt',
      label: t('diagnosisWeb:list.createdAt'),
      render: (row) => formatDisplayDate(row.createdAt, language, { time: true }),
    },
    {
      key: 'result',
      label: t('diagnosisWeb:list.result'),
      render: (row) =>
        t('diagnosisWeb:list.resultValue', { passed: row.passedCount, computable: row.computableCount }),
    },
  ];
  return (
    <Stack gap="xl">
      <Accordion variant="contained" defaultValue={initialRun ? 'run' : null}>
        <Accordion.Item value="run">
          <Accordion.Control
            icon={<IconPlayerPlay size={16} aria-hidden="true" />}
            data-testid="dg-admin-run"
          >
            {t('diagnosisWeb:admin.run')}
          </Accordion.Control>
          <Accordion.Panel>
            <RunForCompany initial={initialRun} onCreated={open} />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      {openCompany && openId ? (
        <OpenDiagnosis
          key={openId}
          companyId={openCompany}
          id={openId}
          variant="admin"
          onClose={() => open(null, null)}
        />
      ) : null}
      <DataTable
        label={t('diagnosisWeb:admin.title')}
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        data={list.data}
        isFetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        searchPlaceholder={t('diagnosisWeb:admin.searchPlaceholder')}
        rowActions={(row) => (
          <Button
            size="compact-sm"
            variant="light"
            aria-label={t('diagnosisWeb:list.openNamed', {
              name: `${row.companyName} ${periodLabel(row.balanceSheet, language)}`,
            })}
            onClick={() => open(row.companyId, row.id)}
            data-testid="dg-admin-open"
          >
            {t('diagnosisWeb:list.open')}
          </Button>
        )}
        toolbar={
          <CompanyPicker
            label={t('diagnosisWeb:admin.company')}
            value={state.filters.companyId ?? ''}
            onChange={(companyId) =>
              setState({ ...state, page: 1, filters: { ...state.filters, companyId } })
            }
            clearable
            testId="dg-company-filter"
          />
        }
      />
    </Stack>
  );
}
