import type { Language } from '@excelencia/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { PrivacyPage } from '../pages/site-pages.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the privacy page on visit counts', () => {
  it.each([
    ['pt', 'Contagem de visitas', 'por dia e por língua', 'não guarda o endereço IP'],
    ['en', 'Visit counts', 'per day and language', 'keeps no IP address'],
    ['fr', 'Comptage des visites', 'par jour et par langue', 'ne garde ni l’adresse IP'],
  ] as const)(
    'in %s, says what is counted and what is not kept',
    async (language, title, counted, notKept) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () =>
          Response.json(
            { error: { code: 'not_found', key: 'errors:notFound', message: 'x' } },
            { status: 404 },
          ),
        ),
      );
      renderWithApp(<PrivacyPage />, { language: language as Language });
      const section = await screen.findByRole('region', { name: title });
      expect(section.getAttribute('lang')).toBe(language);
      const text = section.textContent ?? '';
      expect(text).toContain(counted);
      expect(text).toContain(notKept);
      expect(text.toLowerCase()).toContain('cookie');
    },
  );
});
