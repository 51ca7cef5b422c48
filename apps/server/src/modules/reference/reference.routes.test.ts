import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { apiCalls } from '../../../test/support/http.ts';
import { cities, companies, criteria, islands } from '../../db/schema/index.ts';
import { listAudit } from '../../platform/audit/audit.ts';
import { citiesResource, islandsResource } from './reference.resources.ts';
import { createResourceService } from './reference-resource.service.ts';

let ctx: TestContext;
const as: Record<'admin' | 'company' | 'partner', SignedIn> = {} as never;
let adminId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  const admin = await ctx.createUser({ email: 'gestor@teste.cv', name: 'Gestor', roles: ['admin'] });
  const company = await ctx.createUser({ email: 'empresa@teste.cv', roles: ['company'] });
  const partner = await ctx.createUser({ email: 'banco@teste.cv', roles: ['partner'] });
  adminId = admin.accountId;
  as.admin = await ctx.signIn(admin.email, admin.password);
  as.company = await ctx.signIn(company.email, company.password);
  as.partner = await ctx.signIn(partner.email, partner.password);
});

const REFERENCE_TABLES = [
  'companies',
  'cities',
  'islands',
  'cae_divisions',
  'cae_sections',
  'company_types',
  'company_situations',
  'employee_ranges',
  'criteria',
  'criterion_types',
  'partner_entities',
  'partner_types',
  'sd_sub_categories',
  'sd_categories',
  'sd_sub_headings',
  'sd_headings',
  'audit_log',
];

beforeEach(async () => {
  // Keep accounts and sessions; empty the reference data between tests.
  await ctx.db.execute(`truncate ${REFERENCE_TABLES.join(', ')} cascade` as never);
});

afterAll(async () => {
  await ctx?.close();
});

const { get, send } = apiCalls(() => ctx.app);

const text = (pt: string, en = '', fr = '') => ({ pt, en, fr });

async function create(path: string, body: Record<string, unknown>) {
  const res = await send(as.admin, 'POST', path, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('islands and cities', () => {
  it('creates, reads, lists (search without accents, sort, pages, parent filter), updates and deletes', async () => {
    const santiago = await create('islands', { code: ' st ', description: text('Santiago', 'Santiago', '') });
    expect(santiago).toMatchObject({ code: 'ST', version: 1, isActive: true, description: { fr: '' } });
    const sv = await create('islands', { code: 'SV', description: text('São Vicente', '', 'Saint-Vincent') });
    await create('islands', { code: 'SAL', description: text('Sal'), isActive: false });

    expect((await send(as.admin, 'GET', `islands/${sv.id}`)).json()).toEqual(sv);
    const found = (await send(as.admin, 'GET', 'islands?search=SAO%20vic')).json();
    expect(found).toMatchObject({ total: 1, page: 1, pageSize: 20, items: [{ code: 'SV' }] });
    expect((await send(as.admin, 'GET', 'islands?search=vincent')).json().items).toHaveLength(1);

    const byDescription = (await send(as.admin, 'GET', 'islands?sort=description&order=desc')).json();
    expect(byDescription.items.map((i: { code: string }) => i.code)).toEqual(['SV', 'ST', 'SAL']);
    const secondPage = (await send(as.admin, 'GET', 'islands?pageSize=2&page=2')).json();
    expect(secondPage).toMatchObject({ total: 3, page: 2, pageSize: 2, items: [{ code: 'SV' }] });
    expect(
      (await send(as.admin, 'GET', 'islands?isActive=false'))
        .json()
        .items.map((i: { code: string }) => i.code),
    ).toEqual(['SAL']);

    const praia = await create('cities', { code: 'PRA', description: text('Praia'), islandId: santiago.id });
    expect(praia.island).toEqual({ id: santiago.id, code: 'ST', description: santiago.description });
    await create('cities', { code: 'MIN', description: text('Mindelo'), islandId: sv.id });
    const ofSantiago = (await send(as.admin, 'GET', `cities?islandId=${santiago.id}`)).json();
    expect(ofSantiago.items.map((c: { code: string }) => c.code)).toEqual(['PRA']);

    const updated = await send(as.admin, 'PUT', `islands/${sv.id}`, {
      code: 'SV',
      description: text('São Vicente', 'São Vicente', 'Saint-Vincent'),
      isActive: true,
      version: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ version: 2, description: { en: 'São Vicente' } });

    const removed = await send(
      as.admin,
      'DELETE',
      `islands/${(await create('islands', { code: 'BR', description: text('Brava') })).id}`,
    );
    expect(removed.statusCode).toBe(204);
    expect((await send(as.admin, 'GET', 'islands')).json().total).toBe(3);
    expect((await send(as.admin, 'GET', `islands/${praia.id}`)).statusCode).toBe(404);
    expect((await send(as.admin, 'GET', 'islands/not-a-uuid')).statusCode).toBe(400);
  });

  it('refuses a duplicate code, a stale version and the delete of a referred-to record, changing nothing', async () => {
    const santiago = await create('islands', { code: 'ST', description: text('Santiago') });
    const fogo = await create('islands', { code: 'FG', description: text('Fogo') });

    const duplicate = await send(as.admin, 'POST', 'islands', { code: 'st', description: text('Outra') });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toMatchObject({
      code: 'duplicate_code',
      key: 'errors:duplicateCode',
      details: [{ path: 'code' }],
    });
    const renamed = await send(as.admin, 'PUT', `islands/${fogo.id}`, {
      code: 'ST',
      description: text('Fogo'),
      isActive: true,
      version: 1,
    });
    expect(renamed.json().error.code).toBe('duplicate_code');

    const first = await send(as.admin, 'PUT', `islands/${fogo.id}`, {
      code: 'FG',
      description: text('Ilha do Fogo'),
      isActive: true,
      version: 1,
    });
    expect(first.statusCode).toBe(200);
    const stale = await send(as.admin, 'PUT', `islands/${fogo.id}`, {
      code: 'FG',
      description: text('Fogo (antigo)'),
      isActive: false,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({
      code: 'stale_version',
      message: 'Este registo foi alterado por outra pessoa. Recarregue-o e tente de novo.',
    });
    expect((await send(as.admin, 'GET', `islands/${fogo.id}`)).json()).toMatchObject({
      version: 2,
      isActive: true,
      description: { pt: 'Ilha do Fogo' },
    });

    const praia = await create('cities', { code: 'PRA', description: text('Praia'), islandId: santiago.id });
    const inUse = await send(as.admin, 'DELETE', `/islands/${santiago.id}`, undefined, { language: 'en' });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error).toMatchObject({
      code: 'in_use',
      key: 'errors:inUse',
      message: 'Cannot delete: cities still refer to it.',
    });
    expect((await send(as.admin, 'GET', `islands/${santiago.id}`)).statusCode).toBe(200);

    await ctx.db
      .insert(companies)
      .values({ companyName: 'Loja', nif: '111', email: 'l@x.cv', cityId: praia.id });
    const cityInUse = await send(as.admin, 'DELETE', `cities/${praia.id}`);
    expect(cityInUse.statusCode).toBe(409);
    expect(cityInUse.json().error.message).toBe(
      'Não é possível eliminar: ainda há empresas que se referem a este registo.',
    );
    await ctx.db.delete(companies).where(eq(companies.cityId, praia.id));
    expect((await send(as.admin, 'DELETE', `cities/${praia.id}`)).statusCode).toBe(204);

    const orphan = await send(as.admin, 'POST', 'cities', {
      code: 'X',
      description: text('X'),
      islandId: '00000000-0000-4000-8000-000000000000',
    });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().error.details).toEqual([
      { path: 'islandId', message: 'O registo escolhido não existe.' },
    ]);
  });

  it('answers a foreign key the database enforced past the checks by the key that failed', async () => {
    const effects = { criteriaChanged: () => {} };
    const santiago = await create('islands', { code: 'ST', description: text('Santiago') });
    // A city arrives between the children check and the delete, as a concurrent insert would; the first child
    // kind listed is another one.
    const islandsRacing = createResourceService(
      ctx.db,
      {
        ...islandsResource,
        children: [
          { table: criteria, column: criteria.criterionTypeId, what: 'reference:kinds.criteria' },
          { table: cities, column: cities.islandId, what: 'reference:kinds.cities' },
        ],
        async beforeRemove(row, tx) {
          await tx.insert(cities).values({ code: 'PRA', description: text('Praia'), islandId: row.id });
        },
      },
      effects,
    );
    await expect(islandsRacing.remove({ accountId: null }, santiago.id)).rejects.toMatchObject({
      code: 'in_use',
      params: { what: 'reference:kinds.cities' },
    });

    // The island goes between the parent check and the insert of a city: the parent field, not 'in use'.
    const fogo = await create('islands', { code: 'FG', description: text('Fogo') });
    const citiesRacing = createResourceService(
      ctx.db,
      {
        ...citiesResource,
        async validate(input, tx) {
          await tx.delete(islands).where(eq(islands.id, input.islandId));
        },
      },
      effects,
    );
    await expect(
      citiesRacing.create(
        { accountId: null },
        { code: 'SF', description: text('São Filipe'), islandId: fogo.id, isActive: true },
      ),
    ).rejects.toMatchObject({ code: 'validation', details: [{ path: 'islandId' }] });
    expect((await send(as.admin, 'GET', `islands/${fogo.id}`)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous edits of the same version through', async () => {
    const island = await create('islands', { code: 'BV', description: text('Boa Vista') });
    const edit = (pt: string) =>
      send(as.admin, 'PUT', `islands/${island.id}`, {
        code: 'BV',
        description: text(pt),
        isActive: true,
        version: 1,
      });
    const answers = await Promise.all([edit('Boa Vista (A)'), edit('Boa Vista (B)')]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((res) => res.statusCode === 200)?.json();
    expect((await send(as.admin, 'GET', `islands/${island.id}`)).json()).toEqual(winner);
    expect(await listAudit(ctx.db, { entity: 'islands', entityId: island.id })).toHaveLength(2);
  });

  it('writes an audit row for every change, with the actor, before and after', async () => {
    const island = await create('islands', { code: 'MA', description: text('Maio') });
    await send(as.admin, 'PUT', `islands/${island.id}`, {
      code: 'MA',
      description: text('Ilha do Maio'),
      isActive: true,
      version: 1,
    });
    await send(as.admin, 'DELETE', `islands/${island.id}`);
    const rows = await listAudit(ctx.db, { entity: 'islands', entityId: island.id });
    expect(rows.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    for (const row of rows) expect(row.actorAccountId).toBe(adminId);
    expect(rows[1]).toMatchObject({
      before: { description: { pt: 'Maio' }, version: 1 },
      after: { description: { pt: 'Ilha do Maio' }, version: 2 },
    });
    expect(rows[0]).toMatchObject({ before: { code: 'MA' }, after: null });
    expect(rows[2]).toMatchObject({ before: null, after: { code: 'MA' } });
  });

  it('translates validation messages and names the fields with dotted paths', async () => {
    const res = await send(
      as.admin,
      'POST',
      '/islands',
      { code: 'A B', description: { pt: '', en: 'x'.repeat(501) } },
      { language: 'fr' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual(
      expect.arrayContaining([
        {
          path: 'code',
          message: 'Utilisez seulement des lettres, chiffres, tiret ou tiret bas (jusqu’à 20)',
        },
        { path: 'description.pt', message: 'Champ obligatoire' },
        { path: 'description.en', message: 'Au plus 500 caractères' },
        { path: 'description.fr', message: 'Champ obligatoire' },
      ]),
    );
    const badSort = await send(as.admin, 'GET', 'islands?sort=password');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().error.key).toBe('errors:invalidSort');
  });

  it('exports the filtered rows as a real spreadsheet with headers in the caller language', async () => {
    const st = await create('islands', { code: 'ST', description: text('Santiago', 'Santiago', 'Santiago') });
    await create('islands', { code: 'SV', description: text('São Vicente', '', 'Saint-Vincent') });
    await create('islands', { code: 'SN', description: text('Santo Antão'), isActive: false });
    await create('cities', { code: 'PRA', description: text('Praia'), islandId: st.id });

    const res = await get(as.admin, '/islands/export?isActive=true&sort=code&order=desc', { language: 'fr' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="islands-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as never);
    const sheet = workbook.worksheets[0];
    const values = sheet
      ?.getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(values?.[0]?.[0]).toBe('Code');
    expect(values?.slice(1)).toEqual([
      ['SV', 'Saint-Vincent', 'Oui'],
      ['ST', 'Santiago', 'Oui'],
    ]);

    const cities = await get(as.admin, '/cities/export', { language: 'en' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(cities.rawPayload as never);
    expect(book.worksheets[0]?.getRow(2).values).toEqual([undefined, 'PRA', 'Praia', 'ST - Santiago', 'Yes']);
  });
});
