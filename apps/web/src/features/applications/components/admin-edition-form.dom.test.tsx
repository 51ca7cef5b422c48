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

describe("the edition form's appeal period and document validities", () => {
  it('pt: shows each document type with its days (empty: no limit) and sends the changes, an empty one as no limit', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://portal.test').pathname;
        if (path.endsWith('/auth/csrf')) return Response.json({ csrfToken: 'token' });
        if (init?.method === 'PUT') {
          sent.push(JSON.parse(String(init.body)));
          return Response.json({ ...EDITION, version: 2 });
        }
        return Response.json([EDITION]);
      }),
    );
    const edition = {
      ...EDITION,
      appealDays: 10,
      documentValidityDays: [90, 90, 365, null, null, null, null, null],
    };
    renderWithApp(<EditionForm edition={edition} onSaved={() => {}} onClose={() => {}} />, {
      language: 'pt',
    });
    const inps = screen.getByLabelText(
      'Declaração de situação regularizada perante a Segurança Social (INPS)',
    ) as HTMLInputElement;
    expect(inps.value).toBe('90');
    const daicf = screen.getByTestId('edition-validity-5') as HTMLInputElement;
    expect(daicf.value).toBe('');
    expect(daicf.placeholder).toBe('Sem limite');
    expect(screen.getByText('Em dias a partir da data de emissão. Vazio: sem limite.')).toBeTruthy();
    expect((screen.getByTestId('edition-appeal-days') as HTMLInputElement).value).toBe('10');

    fireEvent.change(inps, { target: { value: '60' } });
    fireEvent.change(screen.getByTestId('edition-validity-1'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('edition-appeal-days'), { target: { value: '15' } });
    fireEvent.submit(screen.getByTestId('edition-form'));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      appealDays: 15,
      documentValidityDays: [60, null, 365, null, null, null, null, null],
    });
  });
});
