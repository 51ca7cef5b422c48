import type { Edition } from '@excelencia/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { daysFromNow, editionTakingApplications } from '../../../testing/editions.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { EditionCountdown } from './public-countdown.tsx';

/** By its dates, registration and applications are open now. */
const EDITION: Edition = editionTakingApplications({ registrationClosesAt: daysFromNow(5) });

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
    const publishedAt = new Date(daysFromNow(-0.5));
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
