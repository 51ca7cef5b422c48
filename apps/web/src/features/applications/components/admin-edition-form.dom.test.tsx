import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { EditionForm } from './admin-edition-form.tsx';

/** The demo's 2nd edition: 2026, evaluating the accounts of 2025. */
const EDITION = {
  id: '00000000-0000-4000-8000-0000000000e1',
  number: 2,
  year: 2026,
  indicatorYear: 2025,
  registrationOpensAt: '2026-09-01T00:00:00.000Z',
  registrationClosesAt: '2026-12-25T16:00:00.000Z',
  applicationOpensAt: '2026-09-01T00:00:00.000Z',
  applicationClosesAt: '2026-12-31T00:00:00.000Z',
  evaluationStartsAt: '2027-01-05T00:00:00.000Z',
  evaluationEndsAt: '2027-01-31T00:00:00.000Z',
  resultsAt: '2027-02-08T00:00:00.000Z',
  resultsPublishedAt: null,
  applicationsClosedAt: null,
  regulationFileName: null,
  version: 1,
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json([EDITION])),
  );
});

afterEach(() => vi.unstubAllGlobals());

const hint = () => screen.getByTestId('edition-indicator-year-hint').textContent;

describe("the edition form's indicator-year hint", () => {
  it.each([
    ['en', '(an edition of 2026 evaluates 2025)'],
    ['pt', '(uma edição de 2026 avalia 2025)'],
    ['fr', '(une édition de 2026 évalue 2025)'],
  ] as const)(
    '%s: reads the year from the form, never a fixed "2nd edition evaluates 2024"',
    (language, text) => {
      renderWithApp(<EditionForm edition={EDITION} onSaved={() => {}} onClose={() => {}} />, { language });
      expect(hint()).toContain(text);
      expect(hint()).not.toContain('2024');
    },
  );

  it('follows the year typed, and says only the rule while the year is empty', () => {
    renderWithApp(<EditionForm edition={EDITION} onSaved={() => {}} onClose={() => {}} />);
    const year = screen.getByTestId('edition-year');
    fireEvent.change(year, { target: { value: '2027' } });
    expect(hint()).toContain('(an edition of 2027 evaluates 2026)');
    fireEvent.change(year, { target: { value: '' } });
    expect(hint()).toBe("The year whose accounts are evaluated: usually the year before the edition's year.");
  });
});
