import type { ApplicationIndicator, DiagnosisSummary } from '@excelencia/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import {
  WEAK_LEVERS,
  WHAT_IF_COMPANY_ID,
  WHAT_IF_DIAGNOSIS_ID,
  weakDiagnosis,
} from '../../../testing/what-if.ts';
import { EligibilityList } from './company-eligibility.tsx';

const text = (value: string) => ({ pt: value, en: value, fr: value });
const SHEET_ID = '0193a0c2-7b1e-7c3a-9f00-000000000003';

const criterion = (
  code: string,
  value: string,
  comparison: '>' | '>=' | '<=',
  target: string,
  passed: boolean,
): ApplicationIndicator => ({
  criterionRatioDetails: { code, ratioDescription: text(`Ratio ${code}`), ratio: '' },
  result: Number(value),
  value,
  target: { comparison, value: target },
  passed,
  gap: null,
});

/** The eligibility of 2024 read from the same weak sheet as the saved diagnosis (testing/what-if.ts). */
const ELIGIBILITY = {
  indicatorYear: 2024,
  missingYears: [],
  applicationFinancialIndicators: [
    criterion('EBITDA', '40000', '>', '0', true),
    criterion('DFL_EBITDA', '11.25', '<=', '3', false),
    criterion('AF', '0.21111111111111111111', '>=', '0.375', false),
  ],
};

const SUMMARY: DiagnosisSummary = {
  id: WHAT_IF_DIAGNOSIS_ID,
  companyId: WHAT_IF_COMPANY_ID,
  companyName: 'Fraca, Lda',
  type: 'simple',
  balanceSheet: weakDiagnosis().balanceSheet,
  previousBalanceSheet: null,
  createdAt: '2025-02-03T10:15:00.000Z',
  passedCount: 1,
  computableCount: 3,
};

function answer(diagnoses: DiagnosisSummary[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const base = `/companies/${WHAT_IF_COMPANY_ID}/diagnoses`;
      if (url.endsWith(`${base}/${WHAT_IF_DIAGNOSIS_ID}/what-if`)) return Response.json(WEAK_LEVERS);
      if (url.endsWith(`${base}/${WHAT_IF_DIAGNOSIS_ID}`)) return Response.json(weakDiagnosis());
      if (url.endsWith(base)) return Response.json(diagnoses);
      return Response.json({ error: { message: 'no' } }, { status: 404 });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const criterionRow = (code: string) => {
  const found = screen.getAllByTestId('el-criterion').find((element) => element.dataset.code === code);
  if (!found) throw new Error(`no criterion ${code}`);
  return within(found);
};

describe('what would make each failed eligibility criterion pass', () => {
  it('pt: the levers beside each failed criterion, and an amount tried moves every criterion at once', async () => {
    answer([SUMMARY]);
    renderWithApp(
      <EligibilityList
        eligibility={ELIGIBILITY}
        intro=""
        companyId={WHAT_IF_COMPANY_ID}
        sheetId={SHEET_ID}
      />,
      { language: 'pt' },
    );
    const af = await criterionRow('AF').findByTestId('wi-lever');
    expect(af.textContent?.replace(/\u00a0/g, ' ')).toContain('Um aumento de capital de 236 000 CVE');
    expect(
      criterionRow('DFL_EBITDA')
        .getAllByTestId('wi-lever')
        .map((lever) => lever.dataset.figure),
    ).toEqual(['ebitda', 'netFinancialDebt']);
    expect(criterionRow('EBITDA').queryByTestId('wi-levers')).toBeNull();

    fireEvent.click(
      criterionRow('DFL_EBITDA').getAllByRole('button', { name: /^Experimentar/ })[0] as HTMLElement,
    );
    const simulator = await screen.findByTestId('wi-simulator');
    const ebitda = within(simulator).getByRole('textbox', { name: /Variação do EBITDA/ });
    await waitFor(() => expect(document.activeElement).toBe(ebitda));
    // DFL = 450 000 / (40 000 + 110 000) = 3 ≤ 3; AF unchanged (0.21).
    const rows = within(simulator).getAllByTestId('wi-row');
    expect(rows.map((row) => row.dataset.code)).toEqual(['EBITDA', 'DFL_EBITDA', 'AF']);
    const status = (code: string) =>
      within(rows.find((row) => row.dataset.code === code) as HTMLElement).getByTestId('dg-status').dataset
        .status;
    expect(status('DFL_EBITDA')).toBe('passed');
    expect(status('AF')).toBe('failed');
    fireEvent.change(within(simulator).getByRole('textbox', { name: /Aumento de capital em dinheiro/ }), {
      target: { value: '236000' },
    });
    expect(status('AF')).toBe('passed');
    expect(within(simulator).getByTestId('wi-summary').textContent).toBe(
      '3 de 3 indicadores calculáveis cumpririam a meta',
    );
  });

  it('en: without a diagnosis of the sheet, the way to run one', async () => {
    answer([]);
    renderWithApp(
      <EligibilityList
        eligibility={ELIGIBILITY}
        intro=""
        companyId={WHAT_IF_COMPANY_ID}
        sheetId={SHEET_ID}
      />,
    );
    const run = await screen.findByTestId('el-what-if-run');
    expect(run.textContent).toContain(
      'Run a diagnosis of this sheet to see what would make each criterion pass.',
    );
    expect(within(run).getByRole('link', { name: 'Run the diagnosis' }).getAttribute('href')).toBe(
      `/en/company/diagnosis?sheet=${SHEET_ID}`,
    );
  });

  it("a partner's view (no company) asks for nothing", () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<EligibilityList eligibility={ELIGIBILITY} intro="" />);
    expect(screen.queryByTestId('wi-levers')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
