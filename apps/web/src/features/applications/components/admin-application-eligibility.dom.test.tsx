import type { Application } from '@excelencia/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { EligibilitySection } from './admin-application-eligibility.tsx';

const text = (value: string) => ({ pt: value, en: value, fr: value });

/** DFL_EBITDA ≤ 3 met with -0.529: the gap +3.529 is a margin below a maximum. */
const application: Application = {
  id: '00000000-0000-4000-8000-0000000000a1',
  editionId: '00000000-0000-4000-8000-0000000000e1',
  companyId: '00000000-0000-4000-8000-00000000000a',
  companyName: 'Demo Comércio, Lda',
  nif: '200000001',
  status: 'pending',
  complete: true,
  eligible: true,
  indicatorYear: 2025,
  applicationFinancialIndicators: [
    {
      criterionRatioDetails: {
        code: 'DFL_EBITDA',
        ratioDescription: text('Net debt / EBITDA'),
        ratio: 'DFL / EBITDA',
      },
      result: -0.529,
      value: '-0.529',
      target: { comparison: '<=', value: '3' },
      passed: true,
      gap: '3.529',
    },
  ],
  missingYears: [],
  files: [],
  reopenedFileType: null,
  returnReason: null,
  submittedAt: '2026-11-25T15:36:00.000Z',
  decision: null,
  resultsPublished: false,
  applicationsClosedAt: null,
  seal: null,
  version: 1,
};

describe("the evaluator's eligibility table", () => {
  it.each([
    ['pt', 'Positiva: a margem com que o limiar é cumprido. Negativa: o que falta para o cumprir.'],
    ['en', 'Positive: the margin by which the threshold is met. Negative: what is missing to meet it.'],
  ] as const)(
    '%s: explains a positive gap as a margin, true of a maximum (≤ 3) too, not as "above the threshold"',
    (language, hint) => {
      renderWithApp(<EligibilitySection application={application} />, { language });
      // At most 2 decimals: the value -0.529 is -0.53 and its margin to ≤ 3 is +3.53.
      expect(screen.getByText('+3.53')).toBeTruthy();
      expect(screen.getByText('-0.53')).toBeTruthy();
      expect(screen.queryByText('-0.529')).toBeNull();
      expect(screen.getByText(hint)).toBeTruthy();
    },
  );
});
