import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { RemindersSwitch } from './reminders-switch.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe("the profile's reminders switch", () => {
  it('pt: an account that opted out sees it off and turns it back on with PUT me/reminders', async () => {
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.endsWith('/auth/csrf')) return Response.json({ csrfToken: 'csrf' });
        if (init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          return Response.json({ enabled: true });
        }
        return Response.json({ enabled: false });
      }),
    );
    renderWithApp(
      <>
        <Notifications />
        <RemindersSwitch />
      </>,
      { language: 'pt' },
    );
    const control = await screen.findByRole('switch', {
      name: 'Receber lembretes (prazos da edição, estatuto a expirar)',
    });
    expect(control).toHaveProperty('checked', false);
    expect(screen.getByText(/chegam sempre/)).toBeTruthy();
    fireEvent.click(control);
    await waitFor(() => expect(puts).toEqual([{ enabled: true }]));
    await waitFor(() => expect(control).toHaveProperty('checked', true));
    expect(await screen.findByText('Preferência guardada.')).toBeTruthy();
  });
});
