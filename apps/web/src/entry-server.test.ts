import { afterAll, describe, expect, it } from 'vitest';
import { render, setApiTransport } from './entry-server.tsx';

const faq = (id: string, order: number, question: string) => ({
  id,
  slug: `q-${order}`,
  publishedAt: '2026-11-01T10:00:00.000Z',
  language: 'fr',
  fallbackLanguages: [],
  missing: false,
  kind: 'faq',
  question,
  answer: '<p>Réponse.</p>',
  category: '',
  order,
});

afterAll(() => setApiTransport((path, init) => fetch(path, init)));

describe('the FAQ page the server renders', () => {
  it('counts the matches of ?q= with the plural forms', async () => {
    setApiTransport(async (path) =>
      path.includes('/public/content/faq')
        ? Response.json({
            items: [
              faq('00000000-0000-4000-8000-000000000001', 1, 'Qui peut candidater ?'),
              faq('00000000-0000-4000-8000-000000000002', 2, 'La candidature est-elle gratuite ?'),
            ],
            nextCursor: null,
          })
        : Response.json(
            { error: { code: 'not_found', key: 'errors:notFound', message: 'x' } },
            { status: 404 },
          ),
    );
    const one = await render({ url: '/fr/public/faqs?q=gratuite', publicUrl: 'http://portal.test' }, 200);
    expect(one.kind).toBe('page');
    expect(one.kind === 'page' && one.html).toContain('1 question trouvée');
    const two = await render({ url: '/fr/public/faqs?q=candidat', publicUrl: 'http://portal.test' }, 200);
    expect(two.kind === 'page' && two.html).toContain('2 questions trouvées');
  });
});
