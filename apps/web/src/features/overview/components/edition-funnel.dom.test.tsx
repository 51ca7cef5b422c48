import { type EditionFunnel, FUNNEL_STEPS } from '@excelencia/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { EditionFunnelPanel } from './edition-funnel.tsx';

const EDITION_ID = '00000000-0000-4000-8000-000000000e02';
const text = (pt: string, en = pt) => ({ pt, en, fr: pt });

/** Steps of the counts given, each with its share of the previous step, as the server answers. */
function steps(counts: readonly number[]) {
  return FUNNEL_STEPS.map((step, index) => {
    const previous = index === 0 ? undefined : counts[index - 1];
    const count = counts[index] ?? 0;
    return { step, count, conversion: previous ? count / previous : null };
  });
}

function funnel(by: EditionFunnel['by']): EditionFunnel {
  return {
    edition: { id: EDITION_ID, number: 2, year: 2025, indicatorYear: 2024 },
    by,
    steps: steps([8, 6, 4, 3, 3, 2, 1]),
    groups:
      by === 'island'
        ? [
            { code: 'ST', label: text('Santiago'), steps: steps([5, 4, 3, 3, 3, 2, 1]) },
            { code: null, label: null, steps: steps([3, 2, 1, 0, 0, 0, 0]) },
          ]
        : [{ code: 'G', label: text('Comércio', 'Trade'), steps: steps([8, 6, 4, 3, 3, 2, 1]) }],
    mail: { sent: 42, failed: 3, optedOut: 5 },
  };
}

/** Percentages are written with a no-break space before the sign ('75\u00a0%'). */
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://portal.test');
      calls.push(`${url.pathname}${url.search}`);
      if (url.pathname.endsWith(`/editions/${EDITION_ID}/funnel`)) {
        return Response.json(funnel(url.searchParams.get('by') === 'caeSection' ? 'caeSection' : 'island'));
      }
      return Response.json(
        { error: { code: 'not_found', key: 'errors:notFound', message: 'x' } },
        { status: 404 },
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the edition funnel', () => {
  it('shows each step with its count and its share of the previous step', async () => {
    renderWithApp(<EditionFunnelPanel editionId={EDITION_ID} />);
    const table = await screen.findByTestId('funnel-steps', {}, { timeout: 5000 });
    expect(screen.getByRole('heading', { name: 'Funnel: Edition 2 (2025)' })).toBeTruthy();
    expect(rowsOf(table)).toEqual([
      ['Registered', '8', '—'],
      ['With an annual trial balance of 2024', '6', '75\u00a0%'],
      ['With a diagnosis of that trial balance', '4', '66.7\u00a0%'],
      ['Applied', '3', '75\u00a0%'],
      ['With every document', '3', '100\u00a0%'],
      ['Eligible', '2', '66.7\u00a0%'],
      ['Distinguished', '1', '50\u00a0%'],
    ]);
    const mail = screen.getByTestId('funnel-mail');
    expect(within(mail).getByTestId('funnel-mail-sent').textContent).toBe('Sent42');
    expect(within(mail).getByTestId('funnel-mail-failed').textContent).toBe('Failed3');
    expect(within(mail).getByTestId('funnel-mail-optedOut').textContent).toBe('Opted out of reminders5');
  });

  it('splits by island, then by CAE section when asked', async () => {
    renderWithApp(<EditionFunnelPanel editionId={EDITION_ID} />);
    const groups = await screen.findByTestId('funnel-groups', {}, { timeout: 5000 });
    const rows = rowsOf(groups);
    expect(rows.map((row) => row[0])).toEqual(['ST – Santiago', 'Not stated']);
    expect(rows[1]).toEqual([
      'Not stated',
      '3',
      '2 (66.7\u00a0%)',
      '1 (50\u00a0%)',
      '0 (0\u00a0%)',
      '0',
      '0',
      '0',
    ]);
    fireEvent.click(screen.getByRole('radio', { name: 'CAE section' }));
    await waitFor(() => expect(rowsOf(screen.getByTestId('funnel-groups'))[0]?.[0]).toBe('G – Trade'), {
      timeout: 5000,
    });
    expect(calls).toContain(`/app/api/v1/editions/${EDITION_ID}/funnel?by=caeSection`);
  });

  it('says so when the funnel cannot be loaded, and reads it again on retry', async () => {
    const failing = vi.fn(async () =>
      Response.json({ error: { code: 'x', key: 'errors:unexpected', message: 'x' } }, { status: 500 }),
    );
    vi.stubGlobal('fetch', failing);
    renderWithApp(<EditionFunnelPanel editionId={EDITION_ID} />, { language: 'pt' });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toBe('Não foi possível carregar o funil desta edição.Tentar de novo');
    const reads = failing.mock.calls.length;
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar de novo' }));
    await waitFor(() => expect(failing.mock.calls.length).toBeGreaterThan(reads));
  });
});
