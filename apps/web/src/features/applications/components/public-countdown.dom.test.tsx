import type { Edition } from '@excelencia/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { EditionCountdown } from './public-countdown.tsx';

const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** By its dates, registration and applications are open now. */
const EDITION: Edition = {
  id: '00000000-0000-4000-8000-0000000000e1',
  number: 2,
  year: 2026,
  indicatorYear: 2025,
  registrationOpensAt: at(-30),
  registrationClosesAt: at(5),
  applicationOpensAt: at(-1),
  applicationClosesAt: at(10),
  evaluationStartsAt: at(11),
  evaluationEndsAt: at(20),
  resultsAt: at(25),
  resultsPublishedAt: null,
  applicationsClosedAt: null,
  regulationFileName: null,
  version: 1,
};

function serve(edition: Edition) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(edition)),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the home page's edition block", () => {
  it('announces registration with a countdown while the edition runs', async () => {
    serve(EDITION);
    renderWithApp(<EditionCountdown />);
    expect(await screen.findByTestId('home-registration-banner', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('home-countdown')).toBeTruthy();
    expect(screen.queryByTestId('home-results-published')).toBeNull();
  });

  it('once results are published ahead of their dates, says so and links to the distinguished companies instead', async () => {
    const publishedAt = new Date(Date.now() - DAY / 2);
    serve({
      ...EDITION,
      resultsPublishedAt: publishedAt.toISOString(),
      applicationsClosedAt: publishedAt.toISOString(),
      version: 2,
    });
    renderWithApp(<EditionCountdown />, { language: 'pt', path: '/pt/' });
    const block = await screen.findByTestId('home-results-published', {}, { timeout: 5000 });
    expect(block.textContent).toContain('Os resultados da 2.ª edição (2026) foram publicados a');
    const link = screen.getByTestId('home-results-link');
    expect(link.getAttribute('href')).toBe('/pt/public/distinguidas');
    expect(link.textContent).toBe('Ver as empresas distinguidas');
    expect(screen.queryByTestId('home-registration-banner')).toBeNull();
    expect(screen.queryByTestId('home-countdown')).toBeNull();
  });
});
