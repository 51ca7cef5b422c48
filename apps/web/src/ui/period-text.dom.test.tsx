import { formatDisplayPeriod } from '@excelencia/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../testing/render.tsx';
import { PeriodText } from './period-text.tsx';

describe('a period in a table cell', () => {
  it.each([
    ['pt', ['1 - janeiro - 2025', '31 - dezembro - 2025']],
    ['en', ['1 January 2025', '31 December 2025']],
    ['fr', ['1er janvier 2025', '31 décembre 2025']],
  ] as const)('%s: reads as formatDisplayPeriod writes it, each date kept on one line', (language, dates) => {
    renderWithApp(
      <div data-testid="cell">
        <PeriodText startDate="2025-01-01" endDate="2025-12-31" language={language} />
      </div>,
    );
    const cell = screen.getByTestId('cell');
    expect(cell.textContent).toBe(formatDisplayPeriod('2025-01-01', '2025-12-31', language));
    const whole = [...cell.querySelectorAll('span')].filter((span) => span.style.whiteSpace === 'nowrap');
    expect(whole.map((span) => span.textContent)).toEqual(dates);
  });
});
