import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { AccessibilityPage } from './accessibility-page.tsx';

function serve(page: object | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://portal.test');
      if (page && url.pathname.endsWith('/public/content/pages/accessibility')) return Response.json(page);
      return Response.json(
        { error: { code: 'not_found', key: 'errors:notFound', message: 'x' } },
        { status: 404 },
      );
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the accessibility statement', () => {
  it('says the standard, what was tested, what falls short and how to report a problem, in the language', async () => {
    serve(null);
    renderWithApp(<AccessibilityPage />, { language: 'fr' });
    expect(
      await screen.findByRole('heading', { level: 1, name: "Déclaration d'accessibilité" }),
    ).toBeTruthy();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual([
      'État de conformité',
      'Ce qui a été vérifié',
      'Limites connues',
      'Signaler un problème',
    ]);
    expect(document.body.textContent).toContain('WCAG) 2.2, niveau AA');
    expect(document.body.textContent).toContain('nous répondons sous 10 jours ouvrables');
  });

  it("shows the content manager's page when one is published", async () => {
    serve({
      id: '00000000-0000-4000-8000-000000000002',
      kind: 'pages',
      key: 'accessibility',
      slug: 'accessibility',
      title: 'Accessibility, as the team wrote it',
      body: '<p>Write to acessibilidade@example.cv.</p>',
      home: null,
      thresholds: null,
      publishedAt: '2026-11-20T10:00:00.000Z',
      language: 'en',
      fallbackLanguages: [],
      missing: false,
    });
    renderWithApp(<AccessibilityPage />, { language: 'en' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Accessibility, as the team wrote it' }),
    ).toBeTruthy();
    expect(screen.getByTestId('accessibility-body').textContent).toBe('Write to acessibilidade@example.cv.');
  });
});
