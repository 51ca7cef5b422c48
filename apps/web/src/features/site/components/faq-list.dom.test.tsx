import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { FaqPage } from '../pages/public-pages.tsx';

const faq = (id: string, order: number, category: string, question: string, answer: string) => ({
  id,
  slug: `q-${order}`,
  publishedAt: '2026-11-01T10:00:00.000Z',
  language: 'en',
  fallbackLanguages: [],
  missing: false,
  kind: 'faq',
  question,
  answer,
  category,
  order,
});

const ITEMS = [
  faq(
    '00000000-0000-4000-8000-000000000001',
    1,
    'Applications',
    'Who can apply?',
    '<p>Any company registered in Cabo Verde.</p>',
  ),
  faq(
    '00000000-0000-4000-8000-000000000002',
    2,
    'Applications',
    'Is applying free?',
    '<p>Yes, and <strong>voluntary</strong>.</p>',
  ),
  faq(
    '00000000-0000-4000-8000-000000000003',
    3,
    'Data',
    'Which balance sheets are needed?',
    '<p>The balancete of the year evaluated and the one before.</p>',
  ),
];

const requests: string[] = [];

/** The portal's answers: the FAQ items (one page), a visitor's session, 404 for anything else. */
function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      requests.push(url);
      if (url.endsWith('/auth/session')) return Response.json({ status: 'unauthenticated' });
      if (url.includes('/public/content/faq?')) return Response.json({ items: ITEMS, nextCursor: null });
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

describe('the FAQ page', () => {
  it('groups the questions by category, in order, with their answers in native details', async () => {
    serve();
    renderWithApp(<FaqPage />);
    const groups = await screen.findAllByTestId('faq-group');
    expect(groups.map((group) => within(group).getByRole('heading').textContent)).toEqual([
      'Applications',
      'Data',
    ]);
    const items = screen.getAllByTestId('faq-item');
    expect(items.map((item) => item.tagName)).toEqual(['DETAILS', 'DETAILS', 'DETAILS']);
    expect(items.map((item) => item.querySelector('summary')?.textContent)).toEqual([
      'Who can apply?',
      'Is applying free?',
      'Which balance sheets are needed?',
    ]);
    // The answer is in the page, closed until the question is opened.
    expect(items[1]?.textContent).toContain('Yes, and voluntary.');
    expect(items[1]?.hasAttribute('open')).toBe(false);
    // The items are asked for in the page's language.
    expect(requests.some((url) => url.includes('/public/content/faq?language=en'))).toBe(true);
  });

  it('filters the questions as the visitor types, in questions and answers, accents and case ignored', async () => {
    serve();
    renderWithApp(<FaqPage />);
    await screen.findAllByTestId('faq-item');
    const search = screen.getByRole('searchbox', { name: 'Search the questions' });

    fireEvent.change(search, { target: { value: 'BALANCÉTE' } });
    expect(
      screen.getAllByTestId('faq-item').map((item) => item.querySelector('summary')?.textContent),
    ).toEqual(['Which balance sheets are needed?']);
    expect(screen.getByTestId('faq-count').textContent).toBe('1 question found');
    // Only the category that still has a question keeps its heading.
    expect(screen.getAllByTestId('faq-group')).toHaveLength(1);

    fireEvent.change(search, { target: { value: 'voluntary free' } });
    expect(
      screen.getAllByTestId('faq-item').map((item) => item.querySelector('summary')?.textContent),
    ).toEqual(['Is applying free?']);

    fireEvent.change(search, { target: { value: 'apply' } });
    expect(screen.getByTestId('faq-count').textContent).toBe('2 questions found');

    fireEvent.change(search, { target: { value: 'tax refund' } });
    expect(screen.queryAllByTestId('faq-item')).toHaveLength(0);
    expect(screen.getByTestId('faq-count').textContent).toBe('No question matches “tax refund”.');

    fireEvent.change(search, { target: { value: '' } });
    expect(screen.getAllByTestId('faq-item')).toHaveLength(3);
    // The link to the balance-sheet template stays below.
    expect(screen.getByTestId('bs-template-link')).toBeTruthy();
  });
});

describe('the FAQ search’s count', () => {
  it.each([
    ['pt', 'voluntary', '1 pergunta encontrada'],
    ['pt', 'apply', '2 perguntas encontradas'],
    ['fr', 'voluntary', '1 question trouvée'],
    ['fr', 'apply', '2 questions trouvées'],
  ] as const)('%s: “%s” finds “%s” (the catalog’s plural forms)', async (language, query, text) => {
    serve();
    renderWithApp(<FaqPage />, { language });
    await screen.findAllByTestId('faq-item');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: query } });
    expect(screen.getByTestId('faq-count').textContent).toBe(text);
  });
});
