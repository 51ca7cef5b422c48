import type { EsgResults } from '@excelencia/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { EsgResultsView } from './esg-results.tsx';

const text = (value: string) => ({ pt: value, en: value, fr: value });
const FORM_ID = '00000000-0000-4000-8000-0000000000f1';

/** A form nobody has answered yet: 6 companies on the portal, no submission, no draft. */
const RESULTS: EsgResults = {
  form: {
    id: FORM_ID,
    code: null,
    orderNumber: 1,
    title: text('Sustainability survey (ESG)'),
    description: text(''),
    period: 2025,
    editionId: null,
    status: 'open',
    definitionVersion: 1,
    locked: false,
    questionCount: 1,
    drafts: 0,
    submitted: 0,
    version: 1,
  },
  companies: 6,
  submitted: 0,
  drafts: 0,
  responseRate: 0,
  questions: [
    {
      questionId: 'q1',
      pillar: 'environment',
      order: 1,
      type: 'multipleChoice',
      label: text('Renewable electricity?'),
      answered: 0,
      counts: [
        { key: 'none', label: text('None'), count: 0 },
        { key: 'all', label: text('All'), count: 0 },
      ],
      rows: [],
    },
  ],
  byIsland: [],
  bySection: [],
  byEmployeeRange: [],
  responses: [],
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(RESULTS)),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('the results of a form nobody has answered', () => {
  it('say so once per part instead of empty charts, zero tables and header-only tables', async () => {
    renderWithApp(<EsgResultsView formId={FORM_ID} />);
    const results = await screen.findByTestId('esg-results');
    expect(within(results).getByTestId('esg-no-responses').textContent).toBe(
      'No answers have been submitted yet.',
    );
    expect(results.querySelector('[data-testid^="esg-distribution-"]')).toBeNull();
    for (const testId of ['esg-by-island', 'esg-by-section', 'esg-by-range']) {
      const part = within(results).getByTestId(testId);
      expect(within(part).queryByRole('table')).toBeNull();
      expect(part.textContent).toContain('No answers have been submitted yet.');
    }
    expect(within(results).queryByTestId('esg-responses')).toBeNull();
  });
});
