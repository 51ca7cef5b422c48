import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_EDITION } from '../../../testing/editions.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { HistorySection } from '../components/admin-application-history.tsx';
import { ApplicationsPanel } from '../components/admin-applications.tsx';

const APPLICATION = '00000000-0000-4000-8000-0000000000a1';
let paths: string[];

beforeEach(() => {
  paths = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://portal.test');
      paths.push(url.pathname);
      if (url.pathname.endsWith('/editions/current')) return Response.json(DEMO_EDITION);
      if (url.pathname.endsWith('/editions')) return Response.json([DEMO_EDITION]);
      if (url.pathname.endsWith('/applications') && url.search)
        return Response.json({ items: [], total: 0, page: 1, pageSize: 20 });
      if (url.pathname.endsWith('/history')) {
        return Response.json([
          {
            at: '2026-11-20T10:00:00.000Z',
            actor: 'Maria Lopes',
            action: 'messageFromCompany',
            fromStatus: null,
            toStatus: null,
            reason: null,
            fileType: null,
          },
          {
            at: '2026-11-21T10:00:00.000Z',
            actor: 'Ana Évora',
            action: 'messageFromEvaluator',
            fromStatus: null,
            toStatus: null,
            reason: null,
            fileType: null,
          },
        ]);
      }
      return Response.json([]);
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe("the evaluators' side of the message thread", () => {
  it.each([
    ['en', ['Message from the evaluation', 'Message from the company']],
    ['pt', ['Mensagem da avaliação', 'Mensagem da empresa']],
    ['fr', ["Message de l'évaluation", "Message de l'entreprise"]],
  ] as const)('%s: the history names each message by its side, newest first', async (language, titles) => {
    renderWithApp(<HistorySection id={APPLICATION} />, { language });
    const rows = await screen.findAllByTestId('history-row');
    expect(rows.map((row) => row.dataset.action)).toEqual(['messageFromEvaluator', 'messageFromCompany']);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining(titles[0]),
      expect.stringContaining(titles[1]),
    ]);
    expect(screen.queryByTestId('history-change')).toBeNull();
  });

  it("the mailed link (?application=<id>) opens that application's drawer", async () => {
    renderWithApp(<ApplicationsPanel />, { path: `/?application=${APPLICATION}` });
    await waitFor(() => expect(paths).toContain(`/app/api/v1/applications/${APPLICATION}`));
  });

  it('a link with something else than an id opens nothing', async () => {
    renderWithApp(<ApplicationsPanel />, { path: '/?application=../../me' });
    await screen.findByTestId('filter-status');
    expect(paths.filter((path) => path.startsWith('/app/api/v1/applications/'))).toEqual([]);
  });
});
