import type { ApplicationMessage, CompanyRole, Language } from '@excelencia/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '../../../lib/api-client.ts';
import { SignedInContext } from '../../../lib/signed-in-context.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import type { ThreadScope } from './api.ts';
import { MessageThread, ThreadToggle } from './message-thread.tsx';

const feedback = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../../ui/api-feedback.tsx', () => ({ notifyApiError: feedback.error }));
vi.mock('../../../ui/notify.ts', () => ({ notifySuccess: feedback.success }));

const COMPANY = {
  id: '00000000-0000-4000-8000-0000000000c1',
  companyName: 'Boa Vista, Lda',
  nif: '200000021',
};
const APPLICATION = '00000000-0000-4000-8000-0000000000a1';
const COMPANY_SCOPE: ThreadScope = { kind: 'company', companyId: COMPANY.id, id: APPLICATION };
const ADMIN_SCOPE: ThreadScope = { kind: 'admin', id: APPLICATION };

const message = (n: number, side: ApplicationMessage['side'], body: string, authorName: string) => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  side,
  authorName,
  body,
  createdAt: `2026-11-2${n}T10:00:00.000Z`,
});

let thread: ApplicationMessage[];
let posted: { path: string; body: unknown }[];
let answer: 'ok' | 'rate_limited';

beforeEach(() => {
  feedback.error.mockReset();
  feedback.success.mockReset();
  posted = [];
  answer = 'ok';
  thread = [
    message(1, 'company', 'Podemos enviar a declaração atualizada?', 'Maria'),
    message(2, 'evaluator', 'Sim, pelo portal.\nObrigado.', 'Evaluation team'),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://portal.test').pathname;
      if (path.endsWith('/auth/csrf')) return Response.json({ csrfToken: 'token' });
      if (path.endsWith('/messages') && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posted.push({ path, body });
        if (answer === 'rate_limited') {
          return Response.json(
            {
              error: { code: 'rate_limited', key: 'applicationMessages:errors.tooMany', message: 'Too many' },
            },
            { status: 429 },
          );
        }
        const side = path.includes('/companies/') ? 'company' : 'evaluator';
        const created = message(thread.length + 1, side, body.body, side === 'company' ? 'Maria' : 'Ana');
        thread = [...thread, created];
        return Response.json(created, { status: 201 });
      }
      if (path.endsWith('/messages')) return Response.json(thread);
      return Response.json(
        { error: { code: 'not_found', key: 'errors:notFound', message: 'x' } },
        { status: 404 },
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  forgetCsrfToken();
});

function renderThread(scope: ThreadScope, options: { role?: CompanyRole; language?: Language } = {}) {
  const role = options.role ?? 'owner';
  const language = options.language ?? 'en';
  return renderWithApp(
    <SignedInContext.Provider
      value={{
        session: {
          status: 'authenticated',
          user: { id: 'u1', name: 'Maria', email: 'maria@boavista.cv' },
          roles: [scope.kind === 'admin' ? 'admin' : 'company'],
          expires: '2030-01-01T00:00:00.000Z',
          language,
        },
        selectedCompany: scope.kind === 'company' ? { ...COMPANY, role } : null,
      }}
    >
      <MessageThread scope={scope} canWrite={scope.kind === 'admin' || role !== 'viewer'} />
    </SignedInContext.Provider>,
    { language },
  );
}

describe('the message thread of an application', () => {
  it("lists the messages oldest first, the company's own on its side and the evaluators' marked as theirs", async () => {
    renderThread(COMPANY_SCOPE);
    const list = await screen.findByRole('list', { name: "The application's messages" });
    const items = within(list).getAllByTestId('message');
    expect(items.map((item) => [item.dataset.side, item.dataset.own])).toEqual([
      ['company', 'true'],
      ['evaluator', 'false'],
    ]);
    expect(items[0]?.textContent).toContain('Maria · Company · ');
    expect(items[1]?.textContent).toMatch(/^Evaluation team · \d/);
    expect(within(items[1] as HTMLElement).getByTestId('message-body').textContent).toBe(
      'Sim, pelo portal.\nObrigado.',
    );
  });

  it('sends with Ctrl+Enter from the text box, trimmed, and shows the new message at the bottom', async () => {
    renderThread(COMPANY_SCOPE, { role: 'accountant' });
    const input = await screen.findByRole('textbox', { name: 'Your message' });
    fireEvent.change(input, { target: { value: '  Enviámos a declaração.  ' } });
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(3));
    expect(posted).toEqual([
      {
        path: `/app/api/v1/companies/${COMPANY.id}/applications/${APPLICATION}/messages`,
        body: { body: 'Enviámos a declaração.' },
      },
    ]);
    expect(screen.getAllByTestId('message').at(-1)?.textContent).toContain('Enviámos a declaração.');
    expect((input as HTMLTextAreaElement).value).toBe('');
    expect(feedback.success).toHaveBeenCalledWith('Message sent.');
  });

  it('sends nothing but blanks: the box says it is required and nothing is posted', async () => {
    renderThread(COMPANY_SCOPE);
    const input = await screen.findByRole('textbox', { name: 'Your message' });
    fireEvent.change(input, { target: { value: '   \n  ' } });
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });
    expect(await screen.findByText('Mandatory Field')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('sent from the Send button, gives the focus back to it once sent (a browser drops it while Send is disabled)', async () => {
    const serve = globalThis.fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') await held;
        return serve(input, init);
      }),
    );
    renderThread(COMPANY_SCOPE);
    fireEvent.change(await screen.findByTestId('message-input'), { target: { value: 'Obrigado.' } });
    const send = screen.getByRole('button', { name: 'Send' });
    send.focus();
    fireEvent.click(send);
    await waitFor(() => expect(send.hasAttribute('disabled')).toBe(true));
    // What the browser does to a focused control that becomes disabled: the focus falls to the page (jsdom keeps
    // it on a disabled button, so it is moved away by hand).
    const away = document.createElement('input');
    document.body.append(away);
    away.focus();
    away.remove();
    expect(document.activeElement).toBe(document.body);
    release();
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(3));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send' })));
  });

  it('refuses an empty message in place and sends nothing', async () => {
    renderThread(COMPANY_SCOPE);
    fireEvent.change(await screen.findByTestId('message-input'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Mandatory Field')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it("shows the server's refusal past the hourly allowance and keeps the text", async () => {
    answer = 'rate_limited';
    renderThread(ADMIN_SCOPE);
    const input = await screen.findByTestId('message-input');
    fireEvent.change(input, { target: { value: 'Mais uma pergunta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledTimes(1));
    expect(posted[0]?.path).toBe(`/app/api/v1/applications/${APPLICATION}/messages`);
    expect((input as HTMLTextAreaElement).value).toBe('Mais uma pergunta');
  });

  it("on the evaluators' side, their own messages are the evaluator's", async () => {
    renderThread(ADMIN_SCOPE);
    const items = await screen.findAllByTestId('message');
    expect(items.map((item) => item.dataset.own)).toEqual(['false', 'true']);
  });

  it.each([
    ['pt', 'Mensagens', 'O seu papel: Leitor — só leitura.'],
    ['fr', 'Messages', 'Votre rôle : Lecteur — lecture seule.'],
  ] as const)(
    '%s: a viewer reads the thread without a text box, with the role note',
    async (language, title, note) => {
      renderThread(COMPANY_SCOPE, { role: 'viewer', language });
      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
      await screen.findAllByTestId('message');
      expect(screen.queryByTestId('message-input')).toBeNull();
      expect(screen.queryByTestId('message-send')).toBeNull();
      expect(screen.getByTestId('role-note').textContent).toBe(note);
    },
  );

  it('says when the thread could not be read, and reads it again on Try again', async () => {
    let failures = 1;
    const answer = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (failures > 0 && String(input).endsWith('/messages')) {
          failures -= 1;
          return Response.json(
            { error: { code: 'internal', key: 'errors:internal', message: 'x' } },
            { status: 500 },
          );
        }
        return answer(input, init);
      }),
    );
    renderThread(COMPANY_SCOPE);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('message')).toHaveLength(2);
  });

  it('says when there are no messages yet', async () => {
    thread = [];
    renderThread(COMPANY_SCOPE, { language: 'pt' });
    expect((await screen.findByTestId('messages-empty')).textContent).toBe('Ainda não há mensagens.');
  });

  it("an earlier application's thread opens from its button, read only then", async () => {
    renderWithApp(<ThreadToggle scope={COMPANY_SCOPE} canWrite={false} />, { language: 'fr' });
    const toggle = screen.getByRole('button', { name: 'Voir les messages' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('message-thread')).toBeNull();
    fireEvent.click(toggle);
    expect(await screen.findAllByTestId('message')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Masquer les messages' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(screen.queryByTestId('message-input')).toBeNull();
  });
});
