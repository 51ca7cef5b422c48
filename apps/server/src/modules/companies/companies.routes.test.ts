import { FIELD_LENGTHS, TURNOVER_INTEGER_DIGITS, translate } from '@excelencia/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  type SignedIn,
  type TestContext,
  type TestUser,
} from '../../../test/support/context.ts';
import { apiCalls } from '../../../test/support/http.ts';
import {
  caeDivisions,
  caeSections,
  cities,
  companies,
  companySituations,
  companyTypes,
  islands,
} from '../../db/schema/index.ts';
import { listAudit } from '../../platform/audit/audit.ts';
import { companyWriteError } from './companies.service.ts';

let ctx: TestContext;
let admin: TestUser;
let adminSession: SignedIn;
let member: SignedIn;
let partner: SignedIn;
const ids = {} as Record<
  | 'own'
  | 'second'
  | 'other'
  | 'santiago'
  | 'saoVicente'
  | 'praia'
  | 'mindelo'
  | 'secA'
  | 'secC'
  | 'divA'
  | 'divC',
  string
> &
  Record<'typeSa' | 'active' | 'suspended', string>;

async function one<T extends { id: string }>(rows: Promise<T[]>): Promise<string> {
  const [row] = await rows;
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

const text = (pt: string) => ({ pt, en: `${pt} (en)`, fr: '' });

function profileBody(
  profile: Record<string, unknown>,
  changes: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    version: profile.version,
    companyName: profile.companyName,
    responsibleName: profile.responsibleName ?? 'Responsável',
    email: profile.email,
    phone: profile.phone ?? '+238 260 10 10',
    nif: profile.nif,
    caeDivisionId: profile.caeDivisionId ?? ids.divA,
    cityId: profile.cityId ?? ids.praia,
    companyTypeId: profile.companyTypeId,
    isListed: profile.isListed,
    ...changes,
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  const db = ctx.db;
  ids.santiago = await one(
    db
      .insert(islands)
      .values({ code: 'ST', description: text('Santiago') })
      .returning(),
  );
  ids.saoVicente = await one(
    db
      .insert(islands)
      .values({ code: 'SV', description: text('São Vicente') })
      .returning(),
  );
  ids.praia = await one(
    db
      .insert(cities)
      .values({ code: 'PR', description: text('Praia'), islandId: ids.santiago })
      .returning(),
  );
  ids.mindelo = await one(
    db
      .insert(cities)
      .values({ code: 'MI', description: text('Mindelo'), islandId: ids.saoVicente })
      .returning(),
  );
  ids.secA = await one(
    db
      .insert(caeSections)
      .values({ code: 'A', description: text('Agricultura') })
      .returning(),
  );
  ids.secC = await one(
    db
      .insert(caeSections)
      .values({ code: 'C', description: text('Indústria') })
      .returning(),
  );
  ids.divA = await one(
    db
      .insert(caeDivisions)
      .values({ code: '01', description: text('Culturas'), sectionId: ids.secA })
      .returning(),
  );
  ids.divC = await one(
    db
      .insert(caeDivisions)
      .values({ code: '10', description: text('Alimentar'), sectionId: ids.secC })
      .returning(),
  );
  ids.typeSa = await one(
    db
      .insert(companyTypes)
      .values({ code: 'SA', description: text('Sociedade anónima') })
      .returning(),
  );
  ids.active = await one(
    db
      .insert(companySituations)
      .values({ code: 'ACT', description: text('Ativa') })
      .returning(),
  );
  ids.suspended = await one(
    db
      .insert(companySituations)
      .values({ code: 'SUS', description: text('Suspensa') })
      .returning(),
  );

  admin = await ctx.createUser({ email: 'admin@empresas.cv', roles: ['admin'] });
  adminSession = await ctx.signIn(admin.email, admin.password);
  const owner = await ctx.createUser({ email: 'dona@acucar.cv', roles: ['company'] });
  ids.own = await ctx.linkCompany(owner.accountId, { companyName: 'Açúcar & Companhia', nif: '512345678' });
  ids.second = await ctx.linkCompany(owner.accountId, { companyName: 'Segunda Empresa', nif: '512999001' });
  member = await ctx.signIn(owner.email, owner.password);
  const stranger = await ctx.createUser({ email: 'outro@pesca.cv', roles: ['company'] });
  ids.other = await ctx.linkCompany(stranger.accountId, {
    companyName: 'Pescas do Mindelo',
    nif: '298765432',
  });
  const partnerUser = await ctx.createUser({ email: 'banco@parceiro.cv', roles: ['partner'] });
  partner = await ctx.signIn(partnerUser.email, partnerUser.password);

  await db
    .update(companies)
    .set({ cityId: ids.praia, caeDivisionId: ids.divA, companyTypeId: ids.typeSa, isListed: true })
    .where(eq(companies.id, ids.own));
  await db
    .update(companies)
    .set({ cityId: ids.mindelo, caeDivisionId: ids.divC, companySituationId: ids.active, isListed: false })
    .where(eq(companies.id, ids.other));
});

afterAll(async () => {
  await ctx?.close();
});

const { get, send } = apiCalls(() => ctx.app);

describe('company profile', () => {
  it('lets a member read and edit their own company, with an audit row', async () => {
    const read = await get(member, `/companies/${ids.own}`);
    expect(read.statusCode).toBe(200);
    const profile = read.json();
    expect(profile).toMatchObject({
      companyName: 'Açúcar & Companhia',
      island: { id: ids.santiago, label: 'Santiago' },
      caeSection: { id: ids.secA, label: 'Agricultura' },
    });
    const saved = await send(
      member,
      'PUT',
      `/companies/${ids.own}`,
      profileBody(profile, {
        legalName: 'Açúcar & Companhia, Lda',
        ownerName: 'Dona Maria',
        managerName: 'Gestor',
        establishmentDate: '1998-03-15',
        annualTurnover: '9007199254740993.5', // above 2^53: a float would make it ...992
        employeeCount: 42,
        contactEmail: 'Geral@Acucar.cv',
        website: 'https://acucar.cv',
        isListed: true,
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      version: profile.version + 1,
      legalName: 'Açúcar & Companhia, Lda',
      annualTurnover: '9007199254740993.50',
      contactEmail: 'geral@acucar.cv',
      establishmentDate: '1998-03-15',
    });
    const [audit] = await listAudit(ctx.db, { entity: 'companies', entityId: ids.own });
    expect(audit?.action).toBe('update');
    expect(audit?.after).toMatchObject({ legalName: 'Açúcar & Companhia, Lda', byAdmin: false });
  });

  it('answers 404 to a company user asking for another company, 403 to a partner; nothing changes', async () => {
    expect((await get(member, `/companies/${ids.other}`)).statusCode).toBe(404);
    expect((await get(partner, `/companies/${ids.own}`)).statusCode).toBe(403);
    const before = (await get(adminSession, `/companies/${ids.other}`)).json();
    const attempt = await send(
      member,
      'PUT',
      `/companies/${ids.other}`,
      profileBody(before, { companyName: 'Roubada' }),
    );
    expect(attempt.statusCode).toBe(404);
    expect((await send(partner, 'PUT', `/companies/${ids.other}`, profileBody(before))).statusCode).toBe(403);
    const after = (await get(adminSession, `/companies/${ids.other}`)).json();
    expect(after).toEqual(before);
  });

  it('refuses a NIF change from a company user (400) and a stale version (409)', async () => {
    const profile = (await get(member, `/companies/${ids.second}`)).json();
    const nif = await send(
      member,
      'PUT',
      `/companies/${ids.second}`,
      profileBody(profile, { nif: '500000001' }),
    );
    expect(nif.statusCode).toBe(400);
    expect(nif.json().error.code).toBe('nif_not_editable');
    const ok = await send(
      member,
      'PUT',
      `/companies/${ids.second}`,
      profileBody(profile, { ownerName: 'Primeiro' }),
    );
    expect(ok.statusCode).toBe(200);
    const stale = await send(
      member,
      'PUT',
      `/companies/${ids.second}`,
      profileBody(profile, { ownerName: 'Segundo' }),
    );
    expect(stale.statusCode).toBe(409);
    expect((await get(member, `/companies/${ids.second}`)).json().ownerName).toBe('Primeiro');
  });

  it('lets an admin edit any company, NIF included, recorded as the admin; a taken NIF is 409', async () => {
    const profile = (await get(adminSession, `/companies/${ids.other}`)).json();
    const taken = await send(
      adminSession,
      'PUT',
      `/companies/${ids.other}`,
      profileBody(profile, { nif: '512345678' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('nif_taken');
    const saved = await send(
      adminSession,
      'PUT',
      `/companies/${ids.other}`,
      profileBody(profile, { nif: '298765400', managerName: 'Nomeado pelo admin' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().nif).toBe('298765400');
    const [audit] = await listAudit(ctx.db, { entity: 'companies', entityId: ids.other });
    expect(audit?.actorAccountId).toBe(admin.accountId);
    expect(audit?.after).toMatchObject({ byAdmin: true, nif: '298765400' });
  });

  it('names the reference field whose foreign key failed (400 parentNotFound on that field)', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const field of ['cityId', 'caeDivisionId', 'companyTypeId']) {
      const profile = (await get(adminSession, `/companies/${ids.other}`)).json();
      const refused = await send(
        adminSession,
        'PUT',
        `/companies/${ids.other}`,
        profileBody(profile, { [field]: unknown }),
      );
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().error.details, field).toEqual([{ path: field, message: expect.any(String) }]);
      expect(refused.json().error.key).toBe('errors:parentNotFound');
    }
    const profile = (await get(adminSession, `/companies/${ids.other}`)).json();
    const situation = await send(adminSession, 'PUT', `/companies/${ids.other}/situation`, {
      version: profile.version,
      companySituationId: unknown,
    });
    expect(situation.statusCode).toBe(400);
    expect(situation.json().error.details).toEqual([
      { path: 'companySituationId', message: expect.any(String) },
    ]);
  });

  it('answers nif_taken only for the NIF index: another unique violation stays an internal error', async () => {
    const nifClash = await ctx.db
      .insert(companies)
      .values({ companyName: 'Cópia', nif: '512345678', email: 'copia@c.cv' })
      .catch((error: unknown) => error);
    expect(companyWriteError(nifClash)).toMatchObject({ code: 'nif_taken' });
    const codeClash = await ctx.db
      .insert(islands)
      .values({ code: 'ST', description: text('Outra Santiago') })
      .catch((error: unknown) => error);
    expect(codeClash).toBeInstanceOf(Error);
    expect(companyWriteError(codeClash)).toBe(codeClash);
  });

  it('rejects invalid profile fields with the shared messages', async () => {
    const profile = (await get(member, `/companies/${ids.second}`)).json();
    const bad = await send(
      member,
      'PUT',
      `/companies/${ids.second}`,
      profileBody(profile, { annualTurnover: '-5', employeeCount: 1.5, website: 'javascript:alert(1)' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['annualTurnover', 'employeeCount', 'website']);
  });
});

describe('PUT /app/api/v1/companies/{id}: the length of each text field', () => {
  /** Every text field of the profile with the longest value FIELD_LENGTHS allows, valid otherwise. */
  const longest: Record<string, string> = {
    companyName: 'N'.repeat(FIELD_LENGTHS.name),
    responsibleName: 'R'.repeat(FIELD_LENGTHS.name),
    email: `${'e'.repeat(FIELD_LENGTHS.email - '@empresa.cv'.length)}@empresa.cv`,
    phone: '9'.repeat(FIELD_LENGTHS.phone),
    legalName: 'L'.repeat(FIELD_LENGTHS.name),
    ownerName: 'O'.repeat(FIELD_LENGTHS.name),
    managerName: 'M'.repeat(FIELD_LENGTHS.name),
    contactPhone: '2'.repeat(FIELD_LENGTHS.phone),
    contactEmail: `${'c'.repeat(FIELD_LENGTHS.email - '@empresa.cv'.length)}@empresa.cv`,
    website: `https://empresa.cv/${'w'.repeat(FIELD_LENGTHS.companyWebsite - 'https://empresa.cv/'.length)}`,
    annualTurnover: `${'9'.repeat(TURNOVER_INTEGER_DIGITS)}.99`,
  };
  /** One character more than allowed, in a way the field's other rules would take. */
  const tooLong: Record<string, string> = {
    companyName: `${longest.companyName}N`,
    responsibleName: `${longest.responsibleName}R`,
    email: `e${longest.email}`,
    phone: `${longest.phone}9`,
    legalName: `${longest.legalName}L`,
    ownerName: `${longest.ownerName}O`,
    managerName: `${longest.managerName}M`,
    contactPhone: `${longest.contactPhone}2`,
    contactEmail: `c${longest.contactEmail}`,
    website: `${longest.website}w`,
    annualTurnover: `9${longest.annualTurnover}`,
  };

  it('refuses a 5 000-character legal name with 400 naming the field, and stores nothing', async () => {
    const before = (await get(member, `/companies/${ids.second}`)).json();
    const refused = await send(
      member,
      'PUT',
      `/companies/${ids.second}`,
      profileBody(before, { legalName: 'L'.repeat(5000) }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual([
      { path: 'legalName', message: translate('pt', 'validation:tooLong', { max: FIELD_LENGTHS.name }) },
    ]);
    expect((await get(member, `/companies/${ids.second}`)).json()).toEqual(before);
  });

  it('takes each text field at its FIELD_LENGTHS maximum and refuses it one character longer, by name', async () => {
    for (const field of Object.keys(longest)) {
      const before = (await get(adminSession, `/companies/${ids.other}`)).json();
      const refused = await send(
        adminSession,
        'PUT',
        `/companies/${ids.other}`,
        profileBody(before, { [field]: tooLong[field] }),
      );
      expect(refused.statusCode, field).toBe(400);
      expect(
        refused.json().error.details.map((detail: { path: string }) => detail.path),
        field,
      ).toEqual([field]);
    }
    const before = (await get(adminSession, `/companies/${ids.other}`)).json();
    const saved = await send(adminSession, 'PUT', `/companies/${ids.other}`, profileBody(before, longest));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      legalName: longest.legalName,
      companyName: longest.companyName,
      website: longest.website,
    });
    // The company as the other tests know it.
    const restored = await send(
      adminSession,
      'PUT',
      `/companies/${ids.other}`,
      profileBody(
        saved.json(),
        Object.fromEntries(Object.keys(longest).map((field) => [field, before[field]])),
      ),
    );
    expect(restored.statusCode, restored.body).toBe(200);
  });
});

describe('admin company list', () => {
  const names = (body: { items: { companyName: string }[] }) => body.items.map((i) => i.companyName);

  it('is for admins only', async () => {
    expect((await get(member, '/companies')).statusCode).toBe(403);
  });

  it('searches by accent-less name and NIF prefix, filters and sorts', async () => {
    expect(names((await get(adminSession, '/companies?search=acucar')).json())).toEqual([
      'Açúcar & Companhia',
    ]);
    expect(names((await get(adminSession, '/companies?search=5129')).json())).toEqual(['Segunda Empresa']);
    expect(names((await get(adminSession, `/companies?islandId=${ids.saoVicente}`)).json())).toEqual([
      'Pescas do Mindelo',
    ]);
    expect(names((await get(adminSession, `/companies?caeSectionId=${ids.secA}`)).json())).toEqual([
      'Açúcar & Companhia',
      'Segunda Empresa',
    ]);
    expect(names((await get(adminSession, `/companies?companyTypeId=${ids.typeSa}`)).json())).toEqual([
      'Açúcar & Companhia',
    ]);
    const byNif = (await get(adminSession, '/companies?sort=nif&order=desc')).json();
    expect(byNif.items.map((i: { nif: string }) => i.nif)).toEqual(['512999001', '512345678', '298765400']);
    expect(byNif.total).toBe(3);
    expect((await get(adminSession, '/companies?sort=email')).statusCode).toBe(400);
  });

  it('changes the situation and filters by it', async () => {
    const profile = (await get(adminSession, `/companies/${ids.own}`)).json();
    const changed = await send(adminSession, 'PUT', `/companies/${ids.own}/situation`, {
      companySituationId: ids.suspended,
      version: profile.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().companySituation).toEqual({ id: ids.suspended, label: 'Suspensa' });
    const stale = await send(adminSession, 'PUT', `/companies/${ids.own}/situation`, {
      companySituationId: ids.active,
      version: profile.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(names((await get(adminSession, `/companies?companySituationId=${ids.suspended}`)).json())).toEqual(
      ['Açúcar & Companhia'],
    );
    expect(
      (await send(member, 'PUT', `/companies/${ids.own}/situation`, { companySituationId: null, version: 1 }))
        .statusCode,
    ).toBe(403);
  });

  it('exports a readable spreadsheet of the filtered list', async () => {
    const response = await get(adminSession, '/companies/export?search=pescas', { language: 'en' });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Company');
    expect(sheet?.getRow(2).getCell(1).value).toBe('Pescas do Mindelo');
    expect(sheet?.getRow(2).getCell(5).value).toBe('São Vicente (en)');
    expect(sheet?.rowCount).toBe(2);
  });
});

describe('public directory', () => {
  it('lists only listed companies, searchable by accent-insensitive name and NIF prefix', async () => {
    const all = (await get(null, '/public/companies')).json();
    expect(all.items.map((i: { companyName: string }) => i.companyName)).toEqual(['Açúcar & Companhia']);
    expect(all.items[0]).toMatchObject({
      nif: '512345678',
      year: 1998,
      island: 'Santiago',
      city: 'Praia',
      contact: 'geral@acucar.cv',
      website: 'https://acucar.cv',
    });
    expect((await get(null, '/public/companies?search=ACUCAR')).json().total).toBe(1);
    expect((await get(null, '/public/companies?search=açú')).json().total).toBe(1);
    expect((await get(null, '/public/companies?search=51234')).json().total).toBe(1);
    expect((await get(null, '/public/companies?search=pescas')).json().total).toBe(0);
    expect((await get(null, '/public/companies?search=2987')).json().total).toBe(0);
    // The total stays exact whether the page is full (counted), short (its rows) or past the end (counted).
    expect((await get(null, '/public/companies?pageSize=1')).json()).toMatchObject({ total: 1, pageSize: 1 });
    expect((await get(null, '/public/companies?pageSize=1&page=2')).json()).toMatchObject({
      items: [],
      total: 1,
    });
  });

  it('shows a change at once, whoever made it, though its pages are reused for a few seconds', async () => {
    const names = async (url: string) =>
      (await get(null, url)).json().items.map((i: { companyName: string }) => i.companyName);
    expect(await names('/public/companies?search=acucar')).toEqual(['Açúcar & Companhia']);
    // A write this service does not make (another instance's, the retention sweep's) is seen at the next search...
    await ctx.db.update(companies).set({ companyName: 'Açúcar Renomeado' }).where(eq(companies.id, ids.own));
    expect(await names('/public/companies?search=acucar')).toEqual(['Açúcar Renomeado']);
    expect(await names('/public/companies?search=renomead')).toEqual(['Açúcar Renomeado']);
    // ...and so is a city's new name, printed on the directory's rows.
    const [city] = await ctx.db
      .select({ id: cities.id, description: cities.description })
      .from(cities)
      .innerJoin(companies, eq(companies.cityId, cities.id))
      .where(eq(companies.id, ids.own));
    const cityId = city?.id ?? '';
    await ctx.db
      .update(cities)
      .set({ description: text('Cidade da Praia') })
      .where(eq(cities.id, cityId));
    expect((await get(null, '/public/companies?search=acucar')).json().items[0].city).toBe('Cidade da Praia');
    await ctx.db
      .update(cities)
      .set({ description: city?.description ?? text('Praia') })
      .where(eq(cities.id, cityId));
    // ...the member's unlisting is seen at once, and so is the listing again.
    const profile = (await get(member, `/companies/${ids.own}`)).json();
    const unlisted = await send(
      member,
      'PUT',
      `/companies/${ids.own}`,
      profileBody(profile, { isListed: false }),
    );
    expect(unlisted.statusCode, unlisted.body).toBe(200);
    expect((await get(null, '/public/companies?search=acucar')).json()).toMatchObject({
      items: [],
      total: 0,
    });
    const relisted = await send(
      member,
      'PUT',
      `/companies/${ids.own}`,
      profileBody(unlisted.json(), { companyName: 'Açúcar & Companhia', isListed: true }),
    );
    expect(relisted.statusCode, relisted.body).toBe(200);
    expect(await names('/public/companies?search=ACÚCAR')).toEqual(['Açúcar & Companhia']);
  });

  it('shows the public page of a listed company only', async () => {
    const page = await get(null, `/public/companies/${ids.own}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ companyName: 'Açúcar & Companhia', caeSection: 'Agricultura' });
    expect((await get(null, `/public/companies/${ids.other}`)).statusCode).toBe(404);
  });
});
