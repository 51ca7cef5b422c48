import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_EDITION } from '../../../testing/editions.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { EditionForm } from './admin-edition-form.tsx';

const EDITION = DEMO_EDITION;

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
