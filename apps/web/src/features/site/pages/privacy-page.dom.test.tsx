import { type Language, RETENTION, RETENTION_KINDS, translate } from '@excelencia/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { PrivacyPage } from './site-pages.tsx';

function serve(privacy: object | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://portal.test');
      if (url.pathname.endsWith('/auth/session')) return Response.json({ status: 'unauthenticated' });
      if (privacy && url.pathname.endsWith('/public/content/pages/privacy')) return Response.json(privacy);
      return Response.json(
        { error: { code: 'not_found', key: 'errors:notFound', message: 'x' } },
        { status: 404 },
      );
    }),
  );
}

const PAGE = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'pages',
  key: 'privacy',
  slug: 'privacy',
  title: 'Privacy from the content manager',
  body: '<p>Text an administrator wrote.</p>',
  home: null,
  thresholds: null,
  publishedAt: '2026-11-20T10:00:00.000Z',
  language: 'pt',
  fallbackLanguages: ['pt'],
  missing: true,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Every row of the retention table by kind, as text. */
async function retentionRows(): Promise<Map<string, string>> {
  const table = await screen.findByTestId('privacy-retention');
  const rows = within(table).getAllByRole('row').slice(1);
  return new Map(rows.map((row) => [row.getAttribute('data-kind') ?? '', row.textContent ?? '']));
}

describe('the privacy page', () => {
  it.each([
    [
      'pt',
      'Prazos de conservação',
      ['5 anos', '2 anos', '3 anos', '30 dias', '180 dias', '90 dias', '7 dias'],
    ],
    [
      'en',
      'Retention periods',
      ['5 years', '2 years', '3 years', '30 days', '180 days', '90 days', '7 days'],
    ],
    [
      'fr',
      'Durées de conservation',
      ['5 ans', '2 ans', '3 ans', '30 jours', '180 jours', '90 jours', '7 jours'],
    ],
  ] as const)(
    'in %s, states every kind’s retention period below the managed text',
    async (language, title, periods) => {
      serve(PAGE);
      renderWithApp(<PrivacyPage />, { language: language as Language });
      expect(await screen.findByText('Text an administrator wrote.')).toBeTruthy();
      const section = screen.getByRole('region', { name: title });
      expect(section.getAttribute('lang')).toBe(language);
      const rows = await retentionRows();
      expect([...rows.keys()]).toEqual([...RETENTION_KINDS]);
      for (const kind of RETENTION_KINDS) {
        const rule = RETENTION[kind];
        const text = rows.get(kind) ?? '';
        expect(text, kind).toContain(translate(language, `contentPublic:retention.kinds.${kind}.label`));
        if (rule.count > 0) {
          expect(text, kind).toContain(
            translate(language, `contentPublic:retention.units.${rule.unit}`, { count: rule.count }),
          );
        }
      }
      const all = [...rows.values()].join(' ');
      for (const period of periods) expect(all).toContain(period);
      expect(rows.get('auditLog')).toContain(periods[0]);
      expect(rows.get('newsletterPending')).toContain(periods[6]);
    },
  );

  it.each([
    ['pt', 'Os dados da empresa e os seus direitos', 'Comissão Nacional de Proteção de Dados', 'válido'],
    ['en', "Your company's data and your rights", 'supervisory authority, the CNPD', 'works for 7 days'],
    ['fr', "Les données de l'entreprise et vos droits", "l'autorité de contrôle, la CNPD", 'valable 7 jours'],
  ] as const)(
    'in %s, says below the managed text what stays of a company, its rights and their authority, the export and the closure',
    async (language, title, authority, link) => {
      serve(PAGE);
      renderWithApp(<PrivacyPage />, { language: language as Language });
      expect(await screen.findByText('Text an administrator wrote.')).toBeTruthy();
      const section = screen.getByRole('region', { name: title });
      expect(section.getAttribute('lang')).toBe(language);
      const text = section.textContent ?? '';
      expect(text).toContain('Lei n.º 133/V/2001');
      expect(text).toContain('Lei n.º 41/VIII/2013');
      expect(text).toContain(authority);
      expect(within(section).getByTestId('privacy-data-rights-export').textContent).toContain(
        language === 'pt' ? 'vale 7 dias' : link,
      );
      expect(within(section).getByTestId('privacy-data-rights-closure').textContent).toContain('NIF');
    },
  );

  it('shows the table under the fixed text when the content manager has no privacy page', async () => {
    serve(null);
    renderWithApp(<PrivacyPage />, { language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
    const rows = await retentionRows();
    expect(rows.get('accounts')).toContain('2 years after the last change to the deactivated account');
  });
});
