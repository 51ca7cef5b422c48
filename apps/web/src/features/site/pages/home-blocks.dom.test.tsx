import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { HomePage } from './public-pages.tsx';

const resolved = (id: string, extra: object) => ({
  id,
  slug: `item-${id.slice(-1)}`,
  publishedAt: '2026-11-20T10:00:00.000Z',
  language: 'en',
  fallbackLanguages: [],
  missing: false,
  ...extra,
});

const EDITION = {
  id: '00000000-0000-4000-8000-0000000000e1',
  number: 1,
  year: 2025,
  indicatorYear: 2024,
  registrationOpensAt: '2025-01-01T00:00:00.000Z',
  registrationClosesAt: '2025-02-01T00:00:00.000Z',
  applicationOpensAt: '2025-02-01T00:00:00.000Z',
  applicationClosesAt: '2025-03-01T00:00:00.000Z',
  evaluationStartsAt: '2025-03-01T00:00:00.000Z',
  evaluationEndsAt: '2025-04-01T00:00:00.000Z',
  resultsAt: '2025-05-01T00:00:00.000Z',
  resultsPublishedAt: '2025-05-01T00:00:00.000Z',
  regulationFileName: null,
  version: 1,
};

const ANSWERS: Record<string, unknown> = {
  '/public/content/pages/home': resolved('00000000-0000-4000-8000-000000000001', {
    kind: 'pages',
    key: 'home',
    title: 'Welcome to the award',
    body: '<p>Body of the home page.</p>',
    home: {
      hero: 'Hero text from the content manager',
      banner: { text: 'Sign up today', link: '/register', linkLabel: 'Sign up' },
      highlights: [{ title: 'First highlight', text: 'Its text', link: '/public/faqs' }],
    },
    thresholds: null,
    fallbackLanguages: ['pt'],
    missing: true,
  }),
  '/public/content/news': {
    items: [
      resolved('00000000-0000-4000-8000-000000000002', {
        kind: 'news',
        slug: 'applications-open',
        title: 'Applications open',
        summary:
          'Registered companies can apply now. They upload the balance sheets of the year evaluated and of the year before. Then they answer every question of the application form online and add the requested documents.',
        body: '<p>x</p>',
        coverImage: null,
      }),
    ],
    nextCursor: null,
  },
  '/public/content/events': {
    items: [
      resolved('00000000-0000-4000-8000-000000000003', {
        kind: 'events',
        title: 'Information session',
        date: '2026-12-09',
        place: 'Praia, Santiago',
        description: '<p>Presentation of the <strong>criteria</strong> and documents.</p>',
      }),
    ],
    nextCursor: null,
  },
  '/public/content/testimonies': {
    items: [
      resolved('00000000-0000-4000-8000-000000000004', {
        kind: 'testimonies',
        person: 'Ana Tavares',
        role: 'Chief financial officer',
        company: 'Atlântico Pescas',
        quote: 'The self-diagnosis showed us where to improve.',
        photo: null,
        order: 1,
      }),
    ],
    nextCursor: null,
  },
  '/public/editions': [EDITION],
  [`/public/editions/${EDITION.id}/distinguished`]: [
    {
      companyName: 'Sal Turismo, S.A.',
      nif: '123456789',
      island: { pt: 'Sal', en: 'Sal', fr: 'Sal' },
      city: null,
      section: null,
      sealCode: 'SEAL-1',
      validUntil: '2026-05-01',
      status: 'valid',
      isRenewal: false,
      currentName: null,
      renamedAt: null,
    },
  ],
};

const requests: string[] = [];

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://portal.test');
      requests.push(`${url.pathname}${url.search}`);
      if (url.pathname.endsWith('/auth/session')) return Response.json({ status: 'unauthenticated' });
      const path = url.pathname.replace('/app/api/v1', '');
      if (path in ANSWERS) return Response.json(ANSWERS[path]);
      return Response.json(
        { error: { code: 'not_found', key: 'errors:notFound', message: 'x' } },
        { status: 404 },
      );
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  requests.length = 0;
});

describe('the home page blocks', () => {
  it("shows the content manager's hero, the latest news, events, testimonies and the last edition's distinguished companies", async () => {
    serve();
    renderWithApp(<HomePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to the award' })).toBeTruthy();
    expect(screen.getByText('Hero text from the content manager')).toBeTruthy();
    expect(screen.getByTestId('content-fallback').textContent).toContain('shown in Portuguese');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/en/register');
    expect(screen.getByRole('link', { name: 'First highlight' }).getAttribute('href')).toBe(
      '/en/public/faqs',
    );

    const news = await screen.findByTestId('home-news');
    expect(within(news).getByRole('heading', { level: 2, name: 'Latest news' })).toBeTruthy();
    const article = within(news).getByRole('link', { name: 'Applications open' });
    expect(article.getAttribute('href')).toBe('/en/public/news/applications-open');
    // The card's text is cut at the last sentence that fits.
    expect(
      within(news).getByText(
        'Registered companies can apply now. They upload the balance sheets of the year evaluated and of the year before.',
      ),
    ).toBeTruthy();
    expect(
      within(news)
        .getByRole('link', { name: /All news/ })
        .getAttribute('href'),
    ).toBe('/en/public/news');

    const events = await screen.findByTestId('home-events');
    expect(within(events).getByText('Information session')).toBeTruthy();
    expect(within(events).getByText('Presentation of the criteria and documents.')).toBeTruthy();
    expect(within(events).getByText('Praia, Santiago')).toBeTruthy();

    const testimonies = await screen.findByTestId('home-testimonies');
    expect(within(testimonies).getByText('The self-diagnosis showed us where to improve.')).toBeTruthy();
    expect(within(testimonies).getByText('Chief financial officer, Atlântico Pescas')).toBeTruthy();

    const distinguished = await screen.findByTestId('home-distinguished');
    expect(within(distinguished).getByText('Sal Turismo, S.A.')).toBeTruthy();
    expect(
      within(distinguished)
        .getByRole('link', { name: /See all distinguished companies/ })
        .getAttribute('href'),
    ).toBe('/en/public/distinguidas');

    // Lists are asked for in the page's language, three items each, events from today on.
    expect(requests).toContain('/app/api/v1/public/content/news?language=en&limit=3');
    expect(requests).toContain('/app/api/v1/public/content/events?language=en&limit=3&upcoming=true');
  });

  it("keeps the catalog's texts and leaves the blocks out when the site has no content", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).endsWith('/auth/session')
          ? Response.json({ status: 'unauthenticated' })
          : Response.json(
              { error: { code: 'not_found', key: 'errors:notFound', message: 'x' } },
              { status: 404 },
            ),
      ),
    );
    renderWithApp(<HomePage />);
    expect(await screen.findByRole('link', { name: 'Register the company' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'How it works' })).toBeTruthy();
    expect(screen.queryByTestId('content-fallback')).toBeNull();
    expect(screen.queryByTestId('home-news')).toBeNull();
    expect(screen.queryByTestId('home-distinguished')).toBeNull();
  });
});
