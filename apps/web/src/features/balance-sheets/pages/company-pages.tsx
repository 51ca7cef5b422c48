import { taggedPeriodLabel } from '@excelencia/domain';
import { Alert, NativeSelect, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLanguage } from '../../../lib/language-context.ts';
import { useSignedIn } from '../../../lib/signed-in-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { RoleNote } from '../../teams/index.ts';
import { LinesTable, SheetsTable, StatementsPanel } from '../components/views.tsx';
import { useBalanceTreeQuery, useSheetsQuery } from '../queries.ts';

type ViewMode = 'balances' | 'demonstrations' | 'others';

function useCompanyId(): string | null {
  return useSignedIn().selectedCompany?.id ?? null;
}

/** The company's balance views for one company (company users: the selected one; admins: any). */
export function CompanySheetsView({
  companyId,
  mode,
  editPath = '/company/balance-sheet',
  initialOpenId = null,
}: {
  companyId: string;
  mode: ViewMode;
  editPath?: string;
  /** The sheet opened below the list at first (the link shown after a sheet is saved). */
  initialOpenId?: string | null;
}) {
  const t = useTranslate();
  const language = useLanguage();
  // The list of sheets shows the replaced ones too (marked); the views only the latest of each period.
  const sheets = useSheetsQuery(companyId, { includeReplaced: mode === 'balances' });
  const tree = useBalanceTreeQuery();
  const [openId, setOpenId] = useState<string | null>(initialOpenId);
  const [linesId, setLinesId] = useState<string | null>(null);
  const opened = useRef<HTMLDivElement>(null);
  // The opened sheet shows below the list: bring it into view.
  useEffect(() => {
    if (openId) opened.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [openId]);
  if (sheets.isError || tree.isError) return <Alert color="red.9">{t('companies:common.loadFailed')}</Alert>;
  if (!sheets.data || !tree.data) return <Text c="gray.7">{t('companies:common.loading')}</Text>;
  const list = sheets.data;
  if (mode === 'balances') {
    return (
      <Stack gap="lg">
        <SheetsTable
          companyId={companyId}
          sheets={list}
          onOpen={(sheet) => setOpenId(sheet.id)}
          editPath={editPath}
        />
        {openId ? (
          <div ref={opened} data-testid="bs-opened">
            <StatementsPanel
              key={openId}
              companyId={companyId}
              tree={tree.data}
              sheets={list.filter((sheet) => !sheet.replaced || sheet.id === openId)}
              initialIds={[openId]}
            />
          </div>
        ) : null}
      </Stack>
    );
  }
  if (mode === 'demonstrations') {
    if (list.length === 0) return <Text c="gray.7">{t('balanceSheetsWeb:list.empty')}</Text>;
    return (
      <StatementsPanel
        companyId={companyId}
        tree={tree.data}
        sheets={list}
        initialStatement="income"
        initialIds={list.slice(0, 3).map((sheet) => sheet.id)}
      />
    );
  }
  const chosen = linesId ?? list.find((sheet) => sheet.source === 'upload')?.id ?? list[0]?.id ?? null;
  if (!chosen) return <Text c="gray.7">{t('balanceSheetsWeb:list.empty')}</Text>;
  return (
    <Stack gap="md">
      <NativeSelect
        label={t('balanceSheetsWeb:views.sheet')}
        data={list.map((sheet) => ({
          value: sheet.id,
          label: taggedPeriodLabel(sheet, language),
        }))}
        value={chosen}
        onChange={(event) => setLinesId(event.currentTarget.value)}
        w={{ base: '100%', sm: 360 }}
        data-testid="bs-lines-sheet"
      />
      <LinesTable key={chosen} companyId={companyId} sheetId={chosen} />
    </Stack>
  );
}

function CompanyOnly({ mode }: { mode: ViewMode }) {
  const t = useTranslate();
  const companyId = useCompanyId();
  const [params] = useSearchParams();
  if (!companyId) return <Text>{t('balanceSheetsWeb:upload.noCompany')}</Text>;
  return (
    <Stack gap="md">
      {mode === 'balances' ? <RoleNote need="prepare" /> : null}
      <CompanySheetsView companyId={companyId} mode={mode} initialOpenId={params.get('open')} />
    </Stack>
  );
}

/** /:lang/company/balances */
export function BalancesPage() {
  return <CompanyOnly mode="balances" />;
}

/** /:lang/company/demonstrations: the income statement, several periods side by side. */
export function DemonstrationsPage() {
  return <CompanyOnly mode="demonstrations" />;
}

/** /:lang/company/others: the trial-balance lines of a sheet. */
export function OthersPage() {
  return <CompanyOnly mode="others" />;
}
