import { DISCLOSURE_TEXT_PARAMS, LANGUAGES, translate } from '@excelencia/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { PrivacyPage } from '../../site/pages/site-pages.tsx';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({ error: { code: 'not_found', key: 'errors:notFound', message: 'x' } }, { status: 404 }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the privacy page on statistical use', () => {
  it.each(LANGUAGES)(
    'says in %s what goes into the barometer and how a company withdraws it',
    async (language) => {
      renderWithApp(<PrivacyPage />, { language, path: `/${language}/public/privacy` });
      const section = await screen.findByTestId('privacy-statistics');
      expect(
        within(section).getByRole('heading', { name: translate(language, 'barometerWeb:privacy.title') }),
      ).toBeTruthy();
      expect(section.textContent).toContain(
        translate(language, 'barometerWeb:privacy.text', DISCLOSURE_TEXT_PARAMS),
      );
      expect(section.textContent).toMatch(/5/);
      expect(within(section).getByRole('link').getAttribute('href')).toBe(`/${language}/public/barometro`);
    },
  );
});
