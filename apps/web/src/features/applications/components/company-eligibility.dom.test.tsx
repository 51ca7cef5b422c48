import type { ApplicationIndicator } from '@excelencia/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { EligibilityList } from './company-eligibility.tsx';

const text = (value: string) => ({ pt: value, en: value, fr: value });

const ROW: ApplicationIndicator = {
  criterionRatioDetails: { code: 'AF', ratioDescription: text('Autonomie financière'), ratio: 'CP / AT' },
  result: 0.7492,
  value: '0.7492',
  target: { comparison: '>=', value: '0.375' },
  passed: true,
  gap: '0.3742',
};

describe("the company's eligibility criteria", () => {
  it.each([
    ['pt', 'Valor: 0.75'],
    ['en', 'Value: 0.75'],
    ['fr', 'Valeur\u00a0: 0.75'],
  ] as const)(
    '%s: write the label, the colon as the language does, and the value ("%s")',
    (language, shown) => {
      renderWithApp(
        <EligibilityList
          eligibility={{ applicationFinancialIndicators: [ROW], missingYears: [], indicatorYear: 2025 }}
          intro=""
        />,
        { language },
      );
      expect(screen.getByTestId('el-value').parentElement?.textContent).toContain(shown);
    },
  );
});
