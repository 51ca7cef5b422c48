import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_EDITION } from '../../../testing/editions.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { EditionsPanel } from './admin-editions.tsx';

const EDITION = DEMO_EDITION;

function serve(editions: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('/editions/current') ? Response.json(editions[0]) : Response.json(editions),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('the editions count above the list', () => {
  it.each([
    ['pt', '1 edição'],
    ['en', '1 edition'],
    ['fr', '1 édition'],
  ] as const)(
    '%s: one edition reads "%s", not a "(ões)"/"(s)" placeholder plural',
    async (language, text) => {
      serve([EDITION]);
      renderWithApp(<EditionsPanel />, { language });
      expect((await screen.findByTestId('editions-count')).textContent).toBe(text);
    },
  );

  it('pt: two editions read "2 edições"', async () => {
    serve([EDITION, { ...EDITION, id: '00000000-0000-4000-8000-0000000000e2', number: 1, year: 2025 }]);
    renderWithApp(<EditionsPanel />, { language: 'pt' });
    expect((await screen.findByTestId('editions-count')).textContent).toBe('2 edições');
  });
});

describe("an edition's windows", () => {
  it("keeps each window's two dates whole, so the columns break between them, never inside one", async () => {
    serve([EDITION]);
    renderWithApp(<EditionsPanel />, { language: 'pt' });
    const window = await screen.findByTestId('edition-registration');
    const whole = [...window.querySelectorAll('span')].filter((span) => span.style.whiteSpace === 'nowrap');
    expect(whole).toHaveLength(2);
    expect(window.textContent).toContain(`${whole[0]?.textContent} – ${whole[1]?.textContent}`);
    // 2026-09-01T00:00Z on Cabo Verde's clock (UTC−1).
    expect(whole[0]?.textContent).toBe('31 - agosto - 2026, 23:00');
  });
});

describe('copying an edition to next year', () => {
  it('fr: the copy is asked of the server and opens in the drawer; a refusal shows the server message', async () => {
    const copy = { ...EDITION, id: '00000000-0000-4000-8000-0000000000e3', number: EDITION.number + 1 };
    const calls: string[] = [];
    let refuse = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (init?.method === 'POST') {
          calls.push(url);
          return refuse
            ? Response.json(
                {
                  error: {
                    code: 'edition_overlap',
                    key: 'applications:editions.overlap',
                    message: 'Chevauche une autre édition.',
                  },
                },
                { status: 409 },
              )
            : Response.json(copy, { status: 201 });
        }
        return Response.json(url.includes('/csrf') ? { csrfToken: 't' } : [EDITION]);
      }),
    );
    renderWithApp(
      <>
        <Notifications />
        <EditionsPanel />
      </>,
      { language: 'fr' },
    );
    const button = await screen.findByRole('button', {
      name: `Copier pour l’année suivante : ${EDITION.number}e édition (${EDITION.year})`,
    });
    fireEvent.click(button);
    expect(
      await screen.findByText(`Modifier la ${EDITION.number + 1}e édition (${EDITION.year})`),
    ).toBeDefined();
    expect(calls).toEqual([expect.stringMatching(new RegExp(`/editions/${EDITION.id}/copy$`))]);
    refuse = true;
    fireEvent.click(
      await screen.findByRole('button', {
        name: `Copier pour l’année suivante : ${EDITION.number}e édition (${EDITION.year})`,
      }),
    );
    expect((await screen.findByTestId('api-error-message')).textContent).toBe('Chevauche une autre édition.');
  });
});
