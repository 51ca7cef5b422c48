import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { EditionForm } from './admin-edition-form.tsx';

/** An edition whose registrations close on 25 December 2026 at 15:00 in Cabo Verde (16:00 UTC). */
const EDITION = {
  id: '00000000-0000-4000-8000-0000000000e1',
  number: 2,
  year: 2026,
  indicatorYear: 2025,
  registrationOpensAt: '2026-09-01T10:00:00.000Z',
  registrationClosesAt: '2026-12-25T16:00:00.000Z',
  applicationOpensAt: '2026-09-01T10:00:00.000Z',
  applicationClosesAt: '2026-12-31T00:00:00.000Z',
  evaluationStartsAt: '2027-01-05T00:00:00.000Z',
  evaluationEndsAt: '2027-01-31T00:00:00.000Z',
  resultsAt: '2027-02-08T00:00:00.000Z',
  resultsPublishedAt: null,
  applicationsClosedAt: null,
  regulationFileName: null,
  version: 1,
};

const zone = process.env.TZ;
const sent: Array<Record<string, unknown>> = [];

beforeEach(() => {
  // The admin's computer is in Tokyo (UTC+9): the form still reads and writes Cabo Verde's clock.
  process.env.TZ = 'Asia/Tokyo';
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/auth/csrf')) return Response.json({ csrfToken: 'token' });
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        sent.push(body);
        return Response.json({ ...EDITION, ...body, version: 2 });
      }
      return Response.json([EDITION]);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe("the edition form's dates and times", () => {
  it.each([
    ['pt', 'dezembro 2026', 'Datas e horas de Cabo Verde (UTC−1)'],
    ['en', 'December 2026', "Dates and times in Cabo Verde's time (UTC−1)"],
    ['fr', 'décembre 2026', 'Dates et heures du Cap-Vert (UTC−1)'],
  ] as const)(
    '%s: shows Cabo Verde time day first, the calendar in the language',
    async (language, month, note) => {
      renderWithApp(<EditionForm edition={EDITION} onSaved={() => {}} onClose={() => {}} />, { language });
      const closes = screen.getByTestId('edition-registrationClosesAt');
      // 16:00 UTC is 15:00 in Cabo Verde (and 01:00 the next day in Tokyo, which the form never shows).
      expect(closes.textContent).toBe('25/12/2026 15:00');
      expect(screen.getByText(new RegExp(note.replace(/[()]/g, '\\$&')))).toBeTruthy();
      fireEvent.click(closes);
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(month)).toBeTruthy();
      // Weeks start on Monday.
      expect(dialog.querySelector('thead th')?.textContent).not.toMatch(/^(Su|Do|di)/i);
    },
  );

  it('an hour chosen is sent as that hour in Cabo Verde (UTC−1), not in the computer’s time zone', async () => {
    renderWithApp(<EditionForm edition={EDITION} onSaved={() => {}} onClose={() => {}} />);
    fireEvent.click(screen.getByTestId('edition-registrationClosesAt'));
    const dialog = await screen.findByRole('dialog');
    // The dropdown is still in its opening transition for the test DOM: its controls are found by their names.
    const named = (name: string) => {
      const control = dialog.querySelector<HTMLElement>(`[aria-label="${name}"]`);
      if (!control) throw new Error(`no control named ${name}`);
      return control;
    };
    fireEvent.click(named('26 December 2026'));
    fireEvent.change(named('Hours'), { target: { value: '09' } });
    fireEvent.click(named('Confirm the date and time'));
    await waitFor(() =>
      expect(screen.getByTestId('edition-registrationClosesAt').textContent).toBe('26/12/2026 09:00'),
    );

    fireEvent.click(screen.getByTestId('edition-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    const closes = String(sent[0]?.registrationClosesAt);
    expect(closes).toBe('2026-12-26T09:00:00-01:00');
    expect(new Date(closes).toISOString()).toBe('2026-12-26T10:00:00.000Z');
    // The milestones not touched keep their instant.
    expect(new Date(String(sent[0]?.resultsAt)).toISOString()).toBe(EDITION.resultsAt);
  });
});
