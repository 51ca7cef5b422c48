import type { BroadcastItem } from '@excelencia/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '../../../lib/api-client.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ModalHost } from '../../../ui/modal-host.tsx';
import { AdminBroadcastsPage } from './admin-broadcasts-page.tsx';

// The editor itself is not what is tested here: a plain box per language stands in for it.
vi.mock('../../content/components/rich-text-field.tsx', () => ({
  RichTextField: ({
    value,
    onChange,
    label,
  }: {
    value: string;
    onChange: (html: string) => void;
    label: string;
  }) => <textarea aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} />,
}));

const SANTIAGO = '00000000-0000-4000-8000-0000000000a1';
const SECTION_G = '00000000-0000-4000-8000-0000000000b1';
const text = (value: string) => ({ pt: value, en: value, fr: value });

function broadcast(overrides: Partial<BroadcastItem>): BroadcastItem {
  return {
    id: '00000000-0000-4000-8000-00000000d001',
    status: 'sent',
    subject: { pt: 'Aviso', en: 'Notice', fr: 'Avis' },
    body: text('<p>Olá</p>'),
    filter: {},
    totalRecipients: 5,
    sentCount: 5,
    delivered: 4,
    failed: 1,
    createdBy: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    sentAt: '2026-11-20T10:00:05.000Z',
    ...overrides,
  };
}

let list: BroadcastItem[];
const previews: unknown[] = [];
const sends: unknown[] = [];

beforeEach(() => {
  previews.length = 0;
  sends.length = 0;
  list = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      if (url.includes('/auth/csrf')) return Response.json({ csrfToken: 'token' });
      if (url.includes('/broadcasts/preview')) {
        previews.push(body);
        return Response.json(
          body.filter.islandId ? { companies: 1, recipients: 2 } : { companies: 3, recipients: 5 },
        );
      }
      if (url.endsWith('/broadcasts') && init?.method === 'POST') {
        sends.push(body);
        const item = broadcast({
          id: '00000000-0000-4000-8000-00000000d002',
          status: 'sending',
          sentCount: 0,
        });
        list = [item, ...list];
        return Response.json(item, { status: 202 });
      }
      if (url.endsWith('/broadcasts')) return Response.json(list);
      if (url.includes('/public/options/islands')) {
        return Response.json([{ id: SANTIAGO, code: 'ST', label: 'Santiago' }]);
      }
      if (url.includes('/public/options/cae-sections')) {
        return Response.json([{ id: SECTION_G, code: 'G', label: 'Comércio' }]);
      }
      return Response.json([]);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  forgetCsrfToken();
});

function renderPage(language: 'pt' | 'en' | 'fr' = 'en') {
  renderWithApp(
    <>
      <AdminBroadcastsPage />
      <ModalHost />
    </>,
    { language },
  );
}

describe("the admin's broadcasts", () => {
  it('counts whom the filter reaches as it changes, once the choice rests', async () => {
    renderPage('en');
    const reach = screen.getByTestId('broadcast-reach');
    await waitFor(() => expect(reach.textContent).toBe('Reaches 3 companies and 5 people.'));
    await screen.findByRole('option', { name: 'Santiago' });
    fireEvent.change(screen.getByLabelText('Island'), { target: { value: SANTIAGO } });
    await waitFor(() => expect(reach.textContent).toBe('Reaches 1 company and 2 people.'), {
      timeout: 3000,
    });
    expect(previews.at(-1)).toEqual({ filter: { islandId: SANTIAGO } });
    // The sheet choice waits for a year.
    expect(screen.getByLabelText('Trial balance')).toHaveProperty('disabled', true);
  });

  it('pt: a filter that reaches nobody says 0 in the plural, as Portuguese does', async () => {
    const serve = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input).includes('/broadcasts/preview')
          ? Response.json({ companies: 0, recipients: 0 })
          : serve(input, init),
      ),
    );
    renderPage('pt');
    const reach = screen.getByTestId('broadcast-reach');
    await waitFor(() => expect(reach.textContent).toBe('Chega a 0 empresas e 0 pessoas.'));
  });

  it('asks before sending, naming whom it reaches, then sends the three languages and the filter', async () => {
    renderPage('en');
    await screen.findByRole('option', { name: 'Santiago' });
    fireEvent.change(screen.getByLabelText('Island'), { target: { value: SANTIAGO } });
    fireEvent.change(screen.getByLabelText('Trial balance of year'), { target: { value: '2025' } });
    fireEvent.change(screen.getByLabelText('Trial balance'), { target: { value: 'no' } });
    const subjects = { pt: 'Aviso', en: 'Notice', fr: 'Avis' };
    fireEvent.change(screen.getByLabelText('Subject (Português)'), { target: { value: subjects.pt } });
    fireEvent.change(screen.getByLabelText('Subject (English)'), { target: { value: subjects.en } });
    fireEvent.change(screen.getByLabelText('Subject (Français)'), { target: { value: subjects.fr } });
    fireEvent.change(screen.getByLabelText('Message (Português)'), { target: { value: '<p>Olá</p>' } });
    fireEvent.change(screen.getByLabelText('Message (English)'), { target: { value: '<p>Hello</p>' } });
    await waitFor(() =>
      expect(screen.getByTestId('broadcast-reach').textContent).toBe('Reaches 1 company and 2 people.'),
    );

    // French body missing: not sent, the field says so.
    fireEvent.click(screen.getByTestId('broadcast-send'));
    expect(await screen.findByText('Mandatory Field')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(screen.getByLabelText('Message (Français)'), { target: { value: '<p>Bonjour</p>' } });
    fireEvent.click(screen.getByTestId('broadcast-send'));
    let dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('The broadcast will go to 2 people of 1 company.');
    expect(sends).toHaveLength(0);
    // Cancelled: nothing sent, and the keyboard is back on Send (it was disabled while it counted).
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('broadcast-send')));
    expect(sends).toHaveLength(0);

    fireEvent.click(screen.getByTestId('broadcast-send'));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(sends[0]).toEqual({
      subject: subjects,
      body: { pt: '<p>Olá</p>', en: '<p>Hello</p>', fr: '<p>Bonjour</p>' },
      filter: { islandId: SANTIAGO, sheetYear: 2025, hasSheet: false },
    });
    // The new broadcast shows with its progress; another cannot be sent meanwhile.
    const row = await screen.findByTestId('broadcast-row');
    expect(within(row).getByTestId('broadcast-status').textContent).toBe('Sending');
    expect(within(row).getByRole('progressbar', { name: '0 of 5 queued' })).toBeTruthy();
    expect(await screen.findByTestId('broadcast-busy')).toBeTruthy();
    expect(screen.getByTestId('broadcast-send')).toHaveProperty('disabled', true);
  });

  it.each([
    ['pt', 'Enviado', 'ilha: Santiago · secção CAE G · sem balancete de 2025', '3 de 10 na fila de envio'],
    ['en', 'Sent', 'island: Santiago · CAE section G · without a trial balance of 2025', '3 of 10 queued'],
    ['fr', 'Envoyé', 'île : Santiago · section CAE G · sans balance de 2025', '3 sur 10 en file d’envoi'],
  ] as const)(
    '%s: lists the broadcasts with their audience in words, status and progress',
    async (language, sent, words, progress) => {
      list = [
        broadcast({
          id: '00000000-0000-4000-8000-00000000d003',
          status: 'sending',
          totalRecipients: 10,
          sentCount: 3,
          filter: {},
        }),
        broadcast({
          filter: { islandId: SANTIAGO, caeSectionId: SECTION_G, sheetYear: 2025, hasSheet: false },
        }),
      ];
      renderPage(language);
      const rows = await screen.findAllByTestId('broadcast-row');
      expect(rows).toHaveLength(2);
      const [sending, done] = rows as [HTMLElement, HTMLElement];
      expect(within(sending).getByRole('progressbar', { name: progress })).toBeTruthy();
      expect(within(done).getByTestId('broadcast-status').textContent).toBe(sent);
      await waitFor(() => expect(within(done).getByTestId('broadcast-audience').textContent).toBe(words));
      expect(within(done).queryByRole('progressbar')).toBeNull();
    },
  );
});
