import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '../../../lib/api-client.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { SubscribeForm } from './subscribe-form.tsx';

let subscriptions: { status: number; body: unknown };
let sent: unknown[];

beforeEach(() => {
  forgetCsrfToken();
  subscriptions = { status: 202, body: { status: 'pending' } };
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/auth/csrf') return Response.json({ csrfToken: 'token' });
      if (url.endsWith('/public/newsletter/subscriptions')) {
        sent.push(JSON.parse(String(init?.body)));
        return Response.json(subscriptions.body, { status: subscriptions.status });
      }
      return Response.json({}, { status: 404 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function subscribeWith(label: string, email: string, button: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

describe('SubscribeForm', () => {
  it('shows the invalid-email message and sends nothing for a bad address', async () => {
    renderWithApp(<SubscribeForm />);
    subscribeWith('Your e-mail', 'maria@', 'Subscribe');
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.getByLabelText('Your e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('thanks the visitor once subscribed, sending the address and the page language', async () => {
    renderWithApp(<SubscribeForm />);
    subscribeWith('Your e-mail', 'Maria@Exemplo.cv', 'Subscribe');
    expect(await screen.findByText(/Thank you for subscribing to our newsletter!/)).toBeTruthy();
    expect(sent).toEqual([{ email: 'Maria@Exemplo.cv', language: 'en' }]);
    expect((screen.getByLabelText('Your e-mail') as HTMLInputElement).value).toBe('');
  });

  it('speaks Portuguese and French', async () => {
    for (const [language, label, button, invalid, thanks] of [
      ['pt', 'O seu e-mail', 'Subscrever', 'Endereço de e-mail inválido', /Obrigado por subscrever/],
      ['fr', 'Votre e-mail', "S'abonner", 'Adresse e-mail invalide', /Merci de vous être abonné/],
    ] as const) {
      const view = renderWithApp(<SubscribeForm />, { language });
      subscribeWith(label, 'sem-arroba', button);
      expect(await screen.findByText(invalid)).toBeTruthy();
      subscribeWith(label, 'ana@exemplo.cv', button);
      expect(await screen.findByText(thanks)).toBeTruthy();
      expect(screen.queryByText(invalid)).toBeNull();
      view.unmount();
    }
    expect(sent).toEqual([
      { email: 'ana@exemplo.cv', language: 'pt' },
      { email: 'ana@exemplo.cv', language: 'fr' },
    ]);
  });

  it("shows the server's message when it refuses (too many requests)", async () => {
    subscriptions = {
      status: 429,
      body: { error: { code: 'rate_limited', key: 'errors:rateLimited', message: 'Too many requests.' } },
    };
    renderWithApp(<SubscribeForm />);
    subscribeWith('Your e-mail', 'ana@exemplo.cv', 'Subscribe');
    expect(await screen.findByText('Too many requests.')).toBeTruthy();
    expect(screen.queryByText(/Thank you/)).toBeNull();
  });
});
