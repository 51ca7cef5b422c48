import { fireEvent, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { useSaveMutation } from '../../reference/queries.ts';
import { HomeContentPage } from './home-content-page.tsx';

const NOW = '2026-01-10T10:00:00.000Z';
const AUTONOMY = '00000000-0000-4000-8000-0000000000c1';
let autonomyTarget: string;

/** An application criterion of the reference data as GET /criteria lists it. */
function criterion(id: string, description: string, targetComparison: string, targetValue: string) {
  return {
    id,
    version: 1,
    createdAt: NOW,
    updatedAt: NOW,
    code: `C${id.slice(-1)}`,
    description: { pt: description, en: description, fr: description },
    formula: 'A / B',
    targetComparison,
    targetValue,
    recommendation: { pt: 'Reforçar', en: '', fr: '' },
    criterionTypeId: '00000000-0000-4000-8000-0000000000c0',
    criterionType: {
      id: '00000000-0000-4000-8000-0000000000c0',
      code: 'F',
      description: { pt: 'F', en: 'F', fr: 'F' },
    },
    sortOrder: 1,
    isApplicationCriterion: true,
    isActive: true,
  };
}

beforeEach(() => {
  autonomyTarget = '0.375';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/auth/csrf')) return Response.json({ csrfToken: 'token' });
      if (url.endsWith(`/criteria/${AUTONOMY}`) && init?.method === 'PUT') {
        autonomyTarget = '0.4';
        return Response.json(criterion(AUTONOMY, 'Financial autonomy', '>=', autonomyTarget));
      }
      if (url.includes('/content/pages')) return Response.json({ items: [] });
      if (url.includes('/criteria')) {
        return Response.json({
          items: [
            criterion(AUTONOMY, 'Financial autonomy', '>=', autonomyTarget),
            criterion('00000000-0000-4000-8000-0000000000c2', 'Turnover', '<', '1500000'),
          ],
          total: 2,
          page: 1,
          pageSize: 100,
        });
      }
      if (url.includes('/content/events')) return Response.json({ items: [] });
      return Response.json(
        { error: { code: 'not_found', key: 'errors:notFound', message: 'x' } },
        { status: 404 },
      );
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('the eligibility thresholds on the home-content screen', () => {
  it('are written as everywhere else: the comparison sign and the grouped value', async () => {
    const view = renderWithApp(<HomeContentPage />);
    const box = await view.findByTestId('criteria-thresholds');
    expect(await within(box).findByText('≥ 0.375')).toBeTruthy();
    expect(box.textContent).toContain('< 1\u00a0500\u00a0000');
    expect(box.textContent).not.toContain('>=');
  });

  it('follow an edit of a criterion in the reference data without a reload', async () => {
    function ReferenceEdit() {
      const save = useSaveMutation('criteria');
      return (
        <button type="button" onClick={() => save.mutate({ id: AUTONOMY, body: { targetValue: '0.4' } })}>
          save criterion
        </button>
      );
    }
    const view = renderWithApp(
      <>
        <ReferenceEdit />
        <HomeContentPage />
      </>,
    );
    const box = await view.findByTestId('criteria-thresholds');
    expect(await within(box).findByText('≥ 0.375')).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: 'save criterion' }));
    expect(await within(box).findByText('≥ 0.4')).toBeTruthy();
  });
});
