import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../testing/render.tsx';
import { GroupedBarChart, valueTicks } from './grouped-bar-chart.tsx';

describe('valueTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten from 0 to at least the largest value', () => {
    // 37 / 4 = 9.25: the first round step at least that is 10.
    expect(valueTicks(37)).toEqual([0, 10, 20, 30, 40]);
    // 3 / 4 = 0.75: step 1.
    expect(valueTicks(3)).toEqual([0, 1, 2, 3]);
    // 1 250 / 4 = 312.5: step 500.
    expect(valueTicks(1250)).toEqual([0, 500, 1000, 1500]);
    expect(valueTicks(0)).toEqual([0, 1]);
  });
});

describe('GroupedBarChart', () => {
  it('draws a bar per series in each group, as high as its share of the top tick, saying its figure', () => {
    renderWithApp(
      <GroupedBarChart
        groups={[
          { label: '2025', values: { assisted: 30, applied: 12 } },
          { label: '2026', values: { assisted: 40, applied: 0 } },
        ]}
        series={[
          { key: 'assisted', label: 'Assisted', color: 'teal.8' },
          { key: 'applied', label: 'Applied', color: 'orange.8' },
        ]}
      />,
    );
    const chart = screen.getByTestId('grouped-bar-chart');
    const bars = [...chart.querySelectorAll<HTMLElement>('[data-series]')];
    // Ticks 0, 10, 20, 30, 40: 30 is 75 % of the top, 12 is 30 %.
    expect(bars.map((bar) => [bar.title, bar.style.height])).toEqual([
      ['Assisted: 30', '75%'],
      ['Applied: 12', '30%'],
      ['Assisted: 40', '100%'],
      ['Applied: 0', '0%'],
    ]);
    expect(chart.textContent).toContain('Assisted');
    expect(chart.textContent).toContain('2026');
  });
});
