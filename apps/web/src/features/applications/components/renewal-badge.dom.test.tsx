import type {
  Application,
  ApplicationSummary,
  DistinguishedCompany,
  EditionResults,
} from '@excelencia/domain';
import { Drawer } from '@mantine/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { draftApplication } from '../../../testing/applications.ts';
import { DEMO_EDITION } from '../../../testing/editions.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { PartnerCompanyView } from '../../partners/components/partner-company-view.tsx';
import { AdminApplicationDetail } from './admin-application-detail.tsx';
import { ApplicationsPanel } from './admin-applications.tsx';
import { ResultsView } from './results-view.tsx';

/** A renewal (its company held a seal of an earlier edition) carries a badge; a first application does not. */

const EDITION = DEMO_EDITION;

function summary(nif: string, companyName: string, isRenewal: boolean): ApplicationSummary {
  return {
    id: `00000000-0000-4000-8000-${nif.padStart(12, '0')}`,
    editionId: EDITION.id,
    companyId: `00000000-0000-4000-9000-${nif.padStart(12, '0')}`,
    companyName,
    nif,
    island: null,
    section: null,
    status: 'pending',
    complete: true,
    eligible: true,
    files: 8,
    submittedAt: '2026-11-25T15:36:00.000Z',
    decidedAt: null,
    confirmed: false,
    isRenewal,
    version: 2,
  };
}

function application(isRenewal: boolean): Application {
  return draftApplication({
    companyId: '00000000-0000-4000-8000-00000000000a',
    companyName: 'Renovada, Lda',
    nif: '400000001',
    status: 'pending',
    complete: true,
    submittedAt: '2026-11-25T15:36:00.000Z',
    isRenewal,
  });
}

function distinguished(nif: string, companyName: string, isRenewal: boolean): DistinguishedCompany {
  return {
    companyName,
    nif,
    island: null,
    city: null,
    section: null,
    sealCode: `code${nif}`,
    validUntil: '2027-11-25T12:00:00.000Z',
    status: 'valid',
    currentName: null,
    renamedAt: null,
    isRenewal,
  };
}

const RESULTS: EditionResults = {
  edition: { id: EDITION.id, number: 3, year: 2026, resultsPublishedAt: '2026-11-25T12:00:00.000Z' },
  applicants: 2,
  distinguished: 2,
  unqualified: 0,
  byIsland: [],
  bySection: [],
  companies: [
    distinguished('400000001', 'Renovada, Lda', true),
    distinguished('400000002', 'Estreante, Lda', false),
  ],
};

/** Answers `routes` by the first key the URL contains; [] otherwise. */
function serve(routes: [string, unknown][]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const found = routes.find(([part]) => url.includes(part));
      return Response.json(found ? found[1] : []);
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the renewal badge', () => {
  it.each([
    ['pt', 'Renovação'],
    ['en', 'Renewal'],
    ['fr', 'Renouvellement'],
  ] as const)(
    '%s: marks the renewal in the admin list, not the first application',
    async (language, word) => {
      serve([
        ['/editions/current', EDITION],
        ['/editions', [EDITION]],
        [
          '/applications?',
          {
            items: [
              summary('400000001', 'Renovada, Lda', true),
              summary('400000002', 'Estreante, Lda', false),
            ],
            total: 2,
            page: 1,
            pageSize: 20,
          },
        ],
      ]);
      renderWithApp(<ApplicationsPanel />, { language });
      const badge = await screen.findByTestId('renewal-badge');
      expect(badge.textContent).toBe(word);
      expect(screen.getAllByTestId('renewal-badge')).toHaveLength(1);
      const row = badge.closest('tr');
      expect(row && within(row).getByTestId('application-company').textContent).toBe('Renovada, Lda');
    },
  );

  it('filters the admin list by renewal (renewal=true, then false)', async () => {
    const asked: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://portal.test');
        if (url.pathname.endsWith('/editions/current')) return Response.json(EDITION);
        if (url.pathname.endsWith('/editions')) return Response.json([EDITION]);
        if (url.pathname.endsWith('/applications')) {
          asked.push(url);
          return Response.json({ items: [], total: 0, page: 1, pageSize: 20 });
        }
        return Response.json([]);
      }),
    );
    renderWithApp(<ApplicationsPanel />, { language: 'pt' });
    const select = (await screen.findByTestId('filter-renewal')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Todas',
      'Renovações',
      'Primeiras candidaturas',
    ]);
    fireEvent.change(select, { target: { value: 'true' } });
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('renewal')).toBe('true'));
    fireEvent.change(select, { target: { value: 'false' } });
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('renewal')).toBe('false'));
  });

  it.each([true, false])('marks a renewal in the application drawer (renewal: %s)', async (isRenewal) => {
    serve([
      ['/history', []],
      [`/applications/${application(isRenewal).id}`, application(isRenewal)],
    ]);
    renderWithApp(
      <Drawer.Root opened onClose={() => {}}>
        <Drawer.Content>
          <AdminApplicationDetail id={application(isRenewal).id} />
        </Drawer.Content>
      </Drawer.Root>,
      { language: 'en' },
    );
    const detail = await screen.findByTestId('application-detail');
    const badge = within(detail).queryByTestId('renewal-badge');
    expect(badge?.textContent ?? null).toBe(isRenewal ? 'Renewal' : null);
  });

  it('marks the renewal among the distinguished companies of the results (admin and partner)', async () => {
    serve([[`/editions/${EDITION.id}/results`, RESULTS]]);
    renderWithApp(<ResultsView editionId={EDITION.id} />, { language: 'pt' });
    const rows = await screen.findAllByTestId('results-company');
    expect(rows).toHaveLength(2);
    const [renewed, first] = rows;
    expect(renewed && within(renewed).getByTestId('renewal-badge').textContent).toBe('Renovação');
    expect(first && within(first).queryByTestId('renewal-badge')).toBeNull();
  });

  it("marks a renewal in the partner's view of the company", async () => {
    serve([
      [
        '/partner/companies/',
        {
          companyId: '00000000-0000-4000-8000-0000000000c1',
          companyName: 'Renovada, Lda',
          nif: '400000001',
          isAssisted: true,
          consent: { status: true, diagnosis: false },
          state: 'submitted',
          application: {
            editionNumber: 3,
            editionYear: 2026,
            status: 'pending',
            submittedAt: '2026-11-25T15:36:00.000Z',
            isRenewal: true,
          },
          diagnosis: null,
          members: [],
        },
      ],
    ]);
    renderWithApp(<PartnerCompanyView companyId="00000000-0000-4000-8000-0000000000c1" />, {
      language: 'fr',
    });
    const line = await screen.findByTestId('partner-application');
    expect(within(line).getByTestId('renewal-badge').textContent).toBe('Renouvellement');
  });
});
