import {
  BarometerResponse,
  DISCLOSURE_TEXT_PARAMS,
  formatNumber,
  indicatorValueText,
  type Language,
  localized,
  translate,
} from '@excelencia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirFileStore } from '../src/platform/files/file-store.ts';
import { seedDemoData } from '../src/seed/seed.ts';
import { seedReferenceData } from '../src/seed/seed-reference.ts';
import { TEST_PUBLIC_URL } from './support/config.ts';
import { createTestContext, type TestContext } from './support/context.ts';

/**
 * The public barometer page as the server renders it (docs/adr/0010) against the real API: the web's server entry
 * fetches through the portal's own routes, as page-renderer.ts makes it do, on the demo data of `npm start` (six
 * companies of one CAE division with annual trial balances).
 */

/** The web's server entry (apps/web/src/entry-server.tsx), as the portal's page renderer uses its build. */
interface ServerEntry {
  render(
    request: { url: string; publicUrl: string },
    status: number,
  ): Promise<
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'page'; status: number; language: string; head: string; html: string; data: string }
  >;
  setApiTransport(transport: (path: string, init: RequestInit) => Promise<Response>): void;
}

let ctx: TestContext;
let entry: ServerEntry;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedReferenceData(ctx.db);
  await seedDemoData(ctx.db, ctx.identity, dataDirFileStore(ctx.config.dataDir));
  // Imported by address: the server's TypeScript project does not compile the web's JSX; vitest does.
  entry = (await import(new URL('../../web/src/entry-server.tsx', import.meta.url).href)) as ServerEntry;
  entry.setApiTransport(async (path, init) => {
    const response = await ctx.app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: path,
      headers: init.headers as Record<string, string>,
    });
    return new Response(response.statusCode === 204 ? null : response.rawPayload, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  });
}, 180_000);

afterAll(async () => {
  entry?.setApiTransport((path, init) => fetch(path, init));
  await ctx?.close();
});

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#x27': "'",
  nbsp: '\u00a0',
};

/** An HTML fragment's text: tags dropped, entities read, spaces as written (no-break spaces kept). */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#x27|nbsp);/g, (_all, name: string) => ENTITIES[name] ?? '');
}

/** Each criterion's table rows in the page's HTML, by criterion code, then by row group, as cell texts. */
function renderedTables(html: string): Map<string, Map<string, string[]>> {
  const tables = new Map<string, Map<string, string[]>>();
  const sections = html.split('data-testid="barometer-criterion"').slice(1);
  for (const section of sections) {
    const code = /data-code="([^"]+)"/.exec(section)?.[1] ?? '';
    const rows = new Map<string, string[]>();
    for (const row of section.split('<tr').slice(1)) {
      if (!row.includes('data-testid="barometer-row"')) continue;
      const group = /data-group="([^"]*)"/.exec(row)?.[1] ?? '';
      const body = row.slice(0, row.indexOf('</tr>'));
      rows.set(
        group,
        [...body.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => textOf(cell[1] ?? '')),
      );
    }
    tables.set(code, rows);
  }
  return tables;
}

/** The cells the page must show for an API cell: the group, then its four figures or why it has none. */
function expectedRow(
  criterion: BarometerResponse['criteria'][number],
  cell: BarometerResponse['criteria'][number]['overall'],
  isOverall: boolean,
  language: Language,
): string[] {
  const group = isOverall
    ? translate(language, 'barometer:all')
    : cell.groupLabel
      ? localized(cell.groupLabel, language)
      : translate(language, 'barometer:notStated');
  if (cell.suppressed)
    return [group, translate(language, `barometer:suppressed.${cell.suppressed}`, DISCLOSURE_TEXT_PARAMS)];
  return [
    group,
    formatNumber(cell.count),
    indicatorValueText(cell.q1, criterion.target),
    indicatorValueText(cell.median, criterion.target),
    indicatorValueText(cell.q3, criterion.target),
  ];
}

describe('GET /fr/public/barometro rendered on the server', () => {
  it.each(['overall', 'island', 'caeSection'] as const)(
    'shows, grouped by %s, the very figures GET public/barometer answers, written the portal’s way',
    async (by) => {
      const res = await ctx.app.inject({ url: `/app/api/v1/public/barometer?by=${by}` });
      expect(res.statusCode).toBe(200);
      const api = BarometerResponse.parse(res.json());
      expect(api.year).not.toBeNull();
      expect(api.criteria.length).toBeGreaterThan(0);
      // The demo data's companies are enough for figures among all companies.
      expect(api.criteria.some((criterion) => criterion.overall.suppressed === null)).toBe(true);

      const page = await entry.render(
        { url: `/fr/public/barometro?by=${by}`, publicUrl: TEST_PUBLIC_URL },
        200,
      );
      if (page.kind !== 'page') throw new Error(`expected a page, got ${page.kind}`);
      expect(page.status).toBe(200);
      expect(page.language).toBe('fr');
      expect(page.head).toContain(`<title>${translate('fr', 'barometerWeb:title')} · `);

      const tables = renderedTables(page.html);
      expect([...tables.keys()]).toEqual(api.criteria.map((criterion) => criterion.code));
      for (const criterion of api.criteria) {
        const rows = tables.get(criterion.code);
        const expected = [
          ['all', expectedRow(criterion, criterion.overall, true, 'fr')] as const,
          ...criterion.rows.map(
            (cell) => [cell.groupKey ?? 'none', expectedRow(criterion, cell, false, 'fr')] as const,
          ),
        ];
        expect([...(rows?.entries() ?? [])], criterion.code).toEqual(expected);
      }
      // The year the API chose is the form's, and each table's downloads ask for it in French.
      expect(page.html).toContain(`<option value="${api.year}" selected="">${api.year}</option>`);
      expect(page.html).toContain(
        `/app/api/v1/public/barometer.csv?year=${api.year}&amp;by=${by}&amp;lang=fr`,
      );
    },
  );
});
