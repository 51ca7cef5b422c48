import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignedInContext, type SignedInState } from '../../../lib/signed-in-context.ts';
import { TestIntersectionObserver } from '../../../testing/intersection.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { IndicatorsPage } from './company-indicators-page.tsx';

// The chart itself (Recharts) is not what is tested here: when it is drawn is.
vi.mock('../components/indicator-line-chart.tsx', () => ({
  IndicatorLineChart: ({ chart }: { chart: { data: unknown[] } }) => (
    <div data-testid="line-chart">{chart.data.length}</div>
  ),
}));

const COMPANY = '11111111-1111-4111-8111-111111111111';
const criterion = (code: string, index: number) => ({
  id: `c${index}`,
  code,
  description: { pt: `Indicador ${code}`, en: `Indicator ${code}`, fr: `Indicateur ${code}` },
  typeCode: 'L',
  target: { comparison: '>=', value: '1' },
});
const SERIES = {
  frequency: 'annual',
  criteria: ['L1', 'L2', 'L3'].map(criterion),
  points: [2023, 2024].map((year, index) => ({
    balanceSheetId: `2222222${index}-2222-4222-8222-222222222222`,
    tag: `${year}`,
    startDate: `${year}-01-01`,
    endDate: `${year}-12-31`,
    values: { L1: '1.5', L2: '0.8', L3: '2' },
  })),
};

const signedIn = {
  session: {
    status: 'authenticated',
    user: { id: 'u', name: 'Ana', email: 'ana@empresa.cv' },
    roles: ['company'],
    expires: '2999-01-01T00:00:00.000Z',
    language: 'en',
  },
  selectedCompany: { id: COMPANY, companyName: 'Ana, Lda', nif: '200000001' },
} as unknown as SignedInState;

beforeEach(() => {
  TestIntersectionObserver.reset();
  vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(SERIES)),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe("the company's indicators", () => {
  it('draw a chart when its box is scrolled to, each box keeping the chart height, every value listed for screen readers from the start', async () => {
    renderWithApp(
      <SignedInContext value={signedIn}>
        <IndicatorsPage />
      </SignedInContext>,
    );
    const boxes = await screen.findAllByTestId('dg-series-chart');
    expect(boxes).toHaveLength(3);
    expect(screen.queryAllByTestId('line-chart')).toHaveLength(0);
    for (const box of boxes) {
      expect(box.firstElementChild?.getAttribute('style')).toContain('min-height: calc(12.5rem');
    }
    expect(screen.getByRole('list', { name: /Indicator L3/ }).textContent).toContain('2024');

    const [first, second] = boxes.map((box) => box.firstElementChild as Element);
    TestIntersectionObserver.scrollInto(first as Element);
    expect(await screen.findAllByTestId('line-chart')).toHaveLength(1);
    TestIntersectionObserver.scrollInto(second as Element);
    expect(await screen.findAllByTestId('line-chart')).toHaveLength(2);
    expect(boxes[2]?.querySelector('[data-testid="line-chart"]')).toBeNull();
  });
});
