import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPANY_ID_KEY, readLocal } from '../../features/session/browser-storage.ts';
import { SessionEndingSoon } from '../../features/session/components/session-ending-soon.tsx';
import { i18n } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import type { AuthenticatedSession } from '../../lib/signed-in-context.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { DeferredLanguageSelector } from '../../ui/language-selector-button.tsx';
import { openModal } from '../../ui/modal-store.ts';
import { AppRoot } from '../app-root.tsx';
import { Providers } from '../providers.tsx';
import { DeferredCompanySelector } from './deferred-company-selector.tsx';

/**
 * The signed-in top bar's selectors, the app's modal and the warning before the session ends load their code when
 * they are used or due (docs/adr/0025): drawn before, they show what they will show, and once used they work as
 * the real control, from the mouse and from the keyboard, and hand the focus back.
 */

const COMPANIES = [
  { id: 'c1', companyName: 'Ana Comércio, Lda', nif: '123456789' },
  { id: 'c2', companyName: 'Praia Pescas, SA', nif: '223456789' },
];

afterEach(() => {
  localStorage.clear();
});

describe('the company selector of the top bar', () => {
  it('shows the chosen company before its list has loaded, and lists and switches the companies on a click', async () => {
    renderWithApp(<DeferredCompanySelector companies={COMPANIES} selectedId="c1" loading={false} />);
    // As the select's own field: a closed combobox named Company, showing the chosen company.
    const field = screen.getByRole('combobox', { name: 'Company' }) as HTMLInputElement;
    expect(field.dataset.testid).toBe('company-selector');
    expect(field.value).toBe('Ana Comércio, Lda');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('option')).toBeNull();

    fireEvent.click(field);
    fireEvent.click(await screen.findByRole('option', { name: 'Praia Pescas, SA' }));
    expect(readLocal(COMPANY_ID_KEY)).toBe('c2');
  });

  it('opens from the keyboard with the focus on the select', async () => {
    renderWithApp(<DeferredCompanySelector companies={COMPANIES} selectedId="c1" loading={false} />);
    const field = screen.getByTestId('company-selector');
    field.focus();
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(await screen.findByRole('option', { name: 'Praia Pescas, SA' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('company-selector')));
    expect(screen.getByTestId('company-selector')).not.toBe(field);
  });

  it('says there is no company, disabled, for a user without one', () => {
    renderWithApp(<DeferredCompanySelector companies={[]} selectedId={null} loading={false} />);
    const field = screen.getByTestId('company-selector') as HTMLInputElement;
    expect(field.disabled).toBe(true);
    expect(field.placeholder).toBe('No companies');
  });
});

describe('the language selector of the top bar', () => {
  it('opens its menu from the keyboard and returns the focus to its button when closed', async () => {
    renderWithApp(<DeferredLanguageSelector />, { language: 'pt', path: '/pt/users/profile' });
    const button = screen.getByRole('button', { name: 'Idioma: Português' });
    expect(button.dataset.testid).toBe('language-selector');
    expect(button.textContent).toBe('PT');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    button.focus();
    fireEvent.keyDown(button, { key: 'Enter' });
    // The test DOM has no layout, so the menu's position is never found and it stays display: none (hidden).
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(screen.getByTestId('language-selector').getAttribute('aria-expanded')).toBe('true');
    expect(
      within(menu)
        .getAllByRole('menuitem', { hidden: true })
        .map((item) => item.textContent),
    ).toEqual(['English', 'Français']);
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu', { hidden: true })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('language-selector')));
  });
});

describe("the app's modal", () => {
  it('loads when the first modal is asked for, opens, and returns the focus to what opened it', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <AppRoot />,
          children: [
            {
              index: true,
              element: (
                <button
                  type="button"
                  onClick={() => openModal({ title: 'Delete the sheet?', content: <p>It goes for good.</p> })}
                >
                  Delete
                </button>
              ),
            },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    await i18n.changeLanguage('en');
    render(
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    const opener = await screen.findByRole('button', { name: 'Delete' });
    expect(screen.queryByRole('dialog')).toBeNull();
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Delete the sheet?' });
    expect(dialog.textContent).toContain('It goes for good.');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});

describe('the warning before the session ends, as the layout loads it', () => {
  const NOW = Date.parse('2026-11-28T10:00:00.000Z');
  const session = (expiresInMs: number): AuthenticatedSession => ({
    status: 'authenticated',
    user: { id: 'u1', name: 'Ana', email: 'ana@example.cv' },
    roles: ['company', 'uma_authorization'],
    expires: new Date(NOW + expiresInMs).toISOString(),
    language: 'en',
  });

  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'],
      shouldAdvanceTime: true,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('draws nothing while the end is far, and shows the dialog when two minutes are left', async () => {
    let now = NOW;
    renderWithApp(<SessionEndingSoon session={session(10 * 60_000)} now={() => now} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => {
      now += 7 * 60_000;
      await vi.advanceTimersByTimeAsync(7 * 60_000);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => {
      now += 60_000 + 1_000;
      await vi.advanceTimersByTimeAsync(60_000 + 1_000);
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('1:59');
  });
});
