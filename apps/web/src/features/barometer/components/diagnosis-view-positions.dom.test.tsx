import { Diagnosis, DiagnosisPositions } from '@excelencia/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestIntersectionObserver } from '../../../testing/intersection.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { DiagnosisView } from '../../diagnosis/components/diagnosis-view.tsx';

const text = (value: string) => ({ pt: value, en: value, fr: value });
const COMPANY = '0193a0c2-7b1e-7c3a-9f00-000000000002';
const DIAGNOSIS = '0193a0c2-7b1e-7c3a-9f00-000000000001';
const CRITERION = '0193a0c2-7b1e-7c3a-9f00-000000000010';

const diagnosis = Diagnosis.parse({
  id: DIAGNOSIS,
  companyId: COMPANY,
  companyName: 'Demo Comércio, Lda',
  type: 'simple',
  balanceSheet: {
    id: '0193a0c2-7b1e-7c3a-9f00-000000000003',
    startDate: '2025-01-01',
    endDate: '2025-12-31',
    typeFrequence: 'annual',
    tag: 'Y1',
    fileName: 'balancete-2025.xlsx',
  },
  previousBalanceSheet: null,
  createdAt: '2026-02-03T10:15:00.000Z',
  passedCount: 1,
  computableCount: 1,
  annualisedMonths: null,
  sector: null,
  currentAutoFinancialIndicators: [
    {
      criterion: {
        id: CRITERION,
        code: 'AF',
        description: text('Financial autonomy'),
        ratio: 'CP / AT',
        ratioOrder: 1,
        recommendation: text('Advice'),
        isApplicationCriterion: true,
        typedescCriterion: { code: 'EE', description: text('Structure') },
      },
      result: 0.5,
      value: '0.5',
      reason: null,
      ratioOrder: 1,
      target: { comparison: '>=', value: '0.43' },
      passed: true,
      annualised: false,
      inputs: [],
    },
  ],
  previousAutoFinancialIndicators: [],
});

const POSITIONS = DiagnosisPositions.parse({
  diagnosisId: DIAGNOSIS,
  year: 2025,
  section: null,
  indicators: [
    {
      criterionId: CRITERION,
      code: 'AF',
      description: text('Financial autonomy'),
      value: '0.5',
      section: null,
      // A cut point that 2 decimals would put on the other side of the target keeps more (docs/adr/0023).
      all: { count: 7, q1: '0.4299', median: '0.45', q3: '0.6', quartile: 3, suppressed: null },
    },
  ],
});

const requests: string[] = [];

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://portal.test');
      requests.push(url.pathname);
      if (url.pathname.endsWith('/positions')) return Response.json(POSITIONS);
      return Response.json(
        { error: { code: 'not_found', key: 'errors:notFound', message: 'x' } },
        { status: 404 },
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  TestIntersectionObserver.reset();
  requests.length = 0;
});

describe("a company's diagnosis and its place in the barometer", () => {
  it('asks for the positions once the end of the diagnosis is scrolled to, and writes them against the targets', async () => {
    renderWithApp(<DiagnosisView diagnosis={diagnosis} variant="company" />);
    const box = document.querySelector('[data-visible="false"]');
    if (!box) throw new Error('the positions wait for their box to be scrolled to');
    expect(requests.some((path) => path.endsWith('/positions'))).toBe(false);
    TestIntersectionObserver.scrollInto(box);
    const section = await screen.findByTestId('dg-positions');
    const [all] = await within(section).findAllByTestId('position');
    expect(requests).toContain(`/app/api/v1/companies/${COMPANY}/diagnoses/${DIAGNOSIS}/positions`);
    expect(all?.textContent).toContain('Quartile 3 of all companies');
    expect(all?.textContent).toContain(
      'First quartile 0.4299 · median 0.45 · third quartile 0.6 · 7 companies',
    );
    expect(within(section).getByText('The company has no CAE section.', { exact: false })).toBeTruthy();
  });

  it('is not shown to an administrator reading the diagnosis', async () => {
    renderWithApp(<DiagnosisView diagnosis={diagnosis} variant="admin" />);
    await waitFor(() => expect(screen.getByTestId('dg-view')).toBeTruthy());
    expect(document.querySelector('[data-visible]')).toBeNull();
    expect(screen.queryByTestId('dg-positions')).toBeNull();
  });
});
