import type { AutomationItem } from '@excelencia/domain';
import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { EditionAutomations } from './edition-automations.tsx';

const EDITION_ID = '00000000-0000-4000-8000-0000000000e1';

const item = (kind: AutomationItem['kind'], changes: Partial<AutomationItem> = {}): AutomationItem => ({
  kind,
  sendAt: '2031-02-13T18:00:00.000Z',
  audience: 2,
  enabled: true,
  state: 'scheduled',
  sent: 0,
  switchable: kind !== 'resultsPublished',
  ...changes,
});

const SCHEDULE: AutomationItem[] = [
  item('registrationCloses7d', { state: 'sent', sent: 1, audience: 1 }),
  item('registrationCloses1d', { sendAt: '2031-02-19T18:00:00.000Z' }),
  item('applicationsClose7d', { state: 'skipped', audience: 0 }),
  item('applicationsClose1d'),
  item('sealExpires30d', { enabled: false, state: 'disabled' }),
  item('resultsPublished', { sendAt: '2031-04-30T12:00:00.000Z', audience: 3 }),
];

/** The server: the schedule, and PUT of one item (switching it, or refusing with the server's message). */
function serve(options: { refuse?: boolean } = {}) {
  let schedule = SCHEDULE.map((entry) => ({ ...entry }));
  const puts: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/auth/csrf')) return Response.json({ csrfToken: 'csrf' });
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { enabled: boolean };
        puts.push({ url, body });
        if (options.refuse) {
          return Response.json(
            { error: { code: 'not_found', key: 'errors:notFound', message: 'Edição não encontrada.' } },
            { status: 404 },
          );
        }
        const kind = url.split('/').pop();
        schedule = schedule.map((entry) =>
          entry.kind === kind
            ? { ...entry, enabled: body.enabled, state: body.enabled ? 'scheduled' : 'disabled' }
            : entry,
        );
        return Response.json(schedule.find((entry) => entry.kind === kind));
      }
      return Response.json(schedule);
    }),
  );
  return puts;
}

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const row = async (kind: string) =>
  (await screen.findAllByTestId('automation')).find((el) => el.dataset.kind === kind) as HTMLElement;

describe("an edition's automatic mail", () => {
  it('en: each item with its date, audience, state and sent count; the results mail without a switch', async () => {
    serve();
    renderWithApp(<EditionAutomations editionId={EDITION_ID} />, { language: 'en' });
    const first = await row('registrationCloses7d');
    expect(within(first).getByText('Registration closes in 7 days')).toBeTruthy();
    // 18:00 UTC is 17:00 on Cabo Verde's clock.
    expect(within(first).getByTestId('automation-date').textContent).toBe('Date: 13 February 2031, 17:00');
    expect(within(first).getByTestId('automation-audience').textContent).toBe('Recipients now: 1 company');
    expect(within(first).getByTestId('automation-sent').textContent).toBe('Sent: 1 company');
    expect(within(first).getByTestId('automation-state').textContent).toBe('Sent');
    expect(within(await row('applicationsClose7d')).getByTestId('automation-state').textContent).toBe(
      'Not sent (too late)',
    );
    const seal = await row('sealExpires30d');
    expect(within(seal).getByRole('switch', { name: 'Send “Status expires in 30 days”' })).toHaveProperty(
      'checked',
      false,
    );
    const results = await row('resultsPublished');
    expect(within(results).queryByRole('switch')).toBeNull();
    expect(within(results).getByText('Sent with the publication of the results')).toBeTruthy();
    expect(within(results).getByTestId('automation-audience').textContent).toBe(
      'Recipients now: 3 companies',
    );
    // One switch per reminder, each a labelled checkbox the keyboard reaches.
    const switches = screen.getAllByRole('switch');
    expect(switches).toHaveLength(5);
    for (const control of switches) expect(control.tagName).toBe('INPUT');
  });

  it('pt: switching a reminder off sends PUT {enabled: false} and shows it off', async () => {
    const puts = serve();
    renderWithApp(
      <>
        <Notifications />
        <EditionAutomations editionId={EDITION_ID} />
      </>,
      { language: 'pt' },
    );
    const target = await row('registrationCloses1d');
    const control = within(target).getByRole('switch', { name: 'Enviar “Inscrições fecham amanhã”' });
    expect(within(target).getByTestId('automation-audience').textContent).toBe(
      'Destinatários agora: 2 empresas',
    );
    // Portuguese says 0 in the plural.
    const none = await row('applicationsClose7d');
    expect(within(none).getByTestId('automation-audience').textContent).toBe(
      'Destinatários agora: 0 empresas',
    );
    expect(within(none).getByTestId('automation-sent').textContent).toBe('Enviados: 0 empresas');
    fireEvent.click(control);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.url).toMatch(
      /\/editions\/00000000-0000-4000-8000-0000000000e1\/automations\/registrationCloses1d$/,
    );
    expect(puts[0]?.body).toEqual({ enabled: false });
    await waitFor(async () =>
      expect(within(await row('registrationCloses1d')).getByTestId('automation-state').textContent).toBe(
        'Desativado',
      ),
    );
    expect(await screen.findByText('Envio atualizado.')).toBeTruthy();
  });

  it('en: while a switch saves it stays operable for the keyboard (busy, not disabled); a press then sends nothing', async () => {
    const puts = serve();
    const served = globalThis.fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'PUT') await held;
        return served(input, init);
      }),
    );
    renderWithApp(<EditionAutomations editionId={EDITION_ID} />, { language: 'en' });
    const control = within(await row('registrationCloses1d')).getByRole('switch');
    control.focus();
    fireEvent.click(control);
    await waitFor(() => expect(control.getAttribute('aria-busy')).toBe('true'));
    expect(control).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(control);
    fireEvent.click(control);
    release();
    await waitFor(() => expect(control.getAttribute('aria-busy')).toBeNull());
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toEqual({ enabled: false });
  });

  it('fr: a refusal shows the server message and leaves the switch as it was', async () => {
    serve({ refuse: true });
    renderWithApp(
      <>
        <Notifications />
        <EditionAutomations editionId={EDITION_ID} />
      </>,
      { language: 'fr' },
    );
    const target = await row('applicationsClose1d');
    const control = within(target).getByRole('switch', { name: 'Envoyer « Candidatures fermant demain »' });
    expect(within(target).getByTestId('automation-state').textContent).toBe('Programmé');
    fireEvent.click(control);
    expect(await screen.findByText('Edição não encontrada.')).toBeTruthy();
    await waitFor(() => expect(control).toHaveProperty('checked', true));
  });
});
