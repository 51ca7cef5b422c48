import { SIGN_OUT_EVENT, type VisitsReport } from '@excelencia/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { summarizeVisits, VisitsPanel } from './visits-panel.tsx';

const REPORT: VisitsReport = {
  from: '2026-11-01',
  to: '2026-11-03',
  rows: [
    { day: '2026-11-01', page: 'home', language: 'pt', views: 10, bots: 4 },
    { day: '2026-11-01', page: 'home', language: 'fr', views: 2, bots: 0 },
    { day: '2026-11-02', page: 'public/sobre', language: 'en', views: 3, bots: 1 },
    { day: '2026-11-03', page: 'home', language: 'pt', views: 5, bots: 0 },
    { day: '2026-11-03', page: SIGN_OUT_EVENT, language: 'pt', views: 6, bots: 0 },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the visits of the last 30 days', () => {
  it('sums people’s views per day by language, every day of the period, sign-outs apart', () => {
    const summary = summarizeVisits(REPORT);
    expect(summary.days).toEqual([
      { day: '2026-11-01', pt: 10, en: 0, fr: 2 },
      { day: '2026-11-02', pt: 0, en: 3, fr: 0 },
      { day: '2026-11-03', pt: 5, en: 0, fr: 0 },
    ]);
    expect(summary.signOuts).toBe(6);
  });

  it('lists each page by language with the robots apart, the most viewed first', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(REPORT)),
    );
    renderWithApp(<VisitsPanel />);
    const table = await screen.findByTestId('visits-pages', {}, { timeout: 5000 });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Page', 'Portuguese', 'English', 'French', 'Total', 'Robots'],
      ['/', '15', '0', '2', '17', '4'],
      ['/public/sobre', '0', '3', '0', '3', '1'],
    ]);
    expect(screen.getByTestId('visits-sign-outs').textContent).toBe('Sessions signed out: 6');
    // A narrow column breaks an address after a slash, not inside a word ('/public/barometr' 'o' at 390 px).
    const sobre = screen.getAllByTestId('visits-page')[1];
    expect(sobre?.querySelectorAll('wbr')).toHaveLength(2);
    expect(sobre?.innerHTML).toBe('/<wbr>public/<wbr>sobre');
    expect(sobre?.style.overflowWrap).toBe('');
  });
});
