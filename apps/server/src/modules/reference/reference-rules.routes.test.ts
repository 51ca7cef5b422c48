import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { apiCalls } from '../../../test/support/http.ts';
import { balanceSheets, balanceSheetValues, companies } from '../../db/schema/index.ts';
import { listAudit } from '../../platform/audit/audit.ts';

let ctx: TestContext;
const as: Record<'admin' | 'company' | 'partner', SignedIn> = {} as never;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  const admin = await ctx.createUser({ email: 'gestor@teste.cv', roles: ['admin'] });
  const company = await ctx.createUser({ email: 'empresa@teste.cv', roles: ['company'] });
  const partner = await ctx.createUser({ email: 'banco@teste.cv', roles: ['partner'] });
  as.admin = await ctx.signIn(admin.email, admin.password);
  as.company = await ctx.signIn(company.email, company.password);
  as.partner = await ctx.signIn(partner.email, partner.password);
});

beforeEach(async () => {
  await ctx.db.execute(
    sql.raw(`truncate companies, cities, islands, cae_divisions, cae_sections, company_types, company_situations,
      employee_ranges, criteria, criterion_types, partner_entities, partner_types, sd_sub_categories, sd_categories,
      sd_sub_headings, sd_headings, audit_log cascade`),
  );
});

afterAll(async () => {
  await ctx?.close();
});

const { send } = apiCalls(() => ctx.app);

const text = (pt: string, en = '', fr = '') => ({ pt, en, fr });

async function create(path: string, body: Record<string, unknown>) {
  const res = await send(as.admin, 'POST', path, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const RESOURCES = [
  'company-types',
  'employee-ranges',
  'cae-sections',
  'cae-divisions',
  'islands',
  'cities',
  'criterion-types',
  'criteria',
  'company-situations',
  'partner-types',
  'partner-entities',
  'self-diagnosis/headings',
  'self-diagnosis/sub-headings',
  'self-diagnosis/categories',
  'self-diagnosis/sub-categories',
];

describe('permissions', () => {
  it('lets only admins list and create: 401 for visitors, 403 for company and partner users', async () => {
    for (const path of RESOURCES) {
      expect((await send(null, 'GET', path)).statusCode, path).toBe(401);
      expect((await send(as.company, 'GET', path)).statusCode, path).toBe(403);
      expect((await send(as.partner, 'GET', path)).statusCode, path).toBe(403);
      expect((await send(as.admin, 'GET', path)).statusCode, path).toBe(200);
      const body = { code: 'P1', description: text('P') };
      expect((await send(null, 'POST', path, body)).statusCode, path).toBe(401);
      expect((await send(as.company, 'POST', path, body)).statusCode, path).toBe(403);
      expect((await send(as.partner, 'POST', path, body)).statusCode, path).toBe(403);
    }
    for (const path of ['self-diagnosis/tree', 'islands/export']) {
      expect((await send(as.company, 'GET', path)).statusCode).toBe(403);
    }
    expect((await send(as.partner, 'POST', 'criteria/validate-formula', { formula: '1' })).statusCode).toBe(
      403,
    );
    expect(await listAudit(ctx.db, {})).toEqual([]);
  });
});

describe('employee ranges', () => {
  it('lets only one of two simultaneous overlapping ranges in', async () => {
    const answers = await Promise.all(
      [
        { code: 'A', minEmployees: 1, maxEmployees: 20 },
        { code: 'B', minEmployees: 10, maxEmployees: 30 },
      ].map((range) =>
        send(as.admin, 'POST', 'employee-ranges', { ...range, description: text(range.code) }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect((await send(as.admin, 'GET', 'employee-ranges')).json().total).toBe(1);
  });

  it('refuses a range that overlaps another one, naming it, and accepts adjacent ones', async () => {
    const small = await create('employee-ranges', {
      code: 'R1',
      description: text('1 a 9'),
      minEmployees: 1,
      maxEmployees: 9,
    });
    await create('employee-ranges', {
      code: 'R3',
      description: text('50+'),
      minEmployees: 50,
      maxEmployees: null,
    });
    const overlapping = await send(
      as.admin,
      'POST',
      'employee-ranges',
      { code: 'R2', description: text('5 a 60'), minEmployees: 5, maxEmployees: 60 },
      { language: 'en' },
    );
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().error).toMatchObject({
      code: 'overlapping_range',
      message: 'This range overlaps R1.',
    });
    await create('employee-ranges', {
      code: 'R2',
      description: text('10 a 49'),
      minEmployees: 10,
      maxEmployees: 49,
    });
    const widened = await send(as.admin, 'PUT', `employee-ranges/${small.id}`, {
      code: 'R1',
      description: text('1 a 10'),
      minEmployees: 1,
      maxEmployees: 10,
      isActive: true,
      version: 1,
    });
    expect(widened.statusCode).toBe(409);
    const list = (await send(as.admin, 'GET', 'employee-ranges')).json();
    expect(list.items.map((r: { code: string }) => r.code)).toEqual(['R1', 'R2', 'R3']);
    expect(list.items[0]).toMatchObject({ maxEmployees: 9, version: 1 });

    const inverted = await send(as.admin, 'POST', 'employee-ranges', {
      code: 'R9',
      description: text('x'),
      minEmployees: 100,
      maxEmployees: 90,
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().error.details).toEqual([
      { path: 'maxEmployees', message: 'O máximo não pode ser inferior ao mínimo' },
    ]);

    // Past what an integer column holds: a 400 naming the limit, never a database error.
    const huge = await send(
      as.admin,
      'POST',
      'employee-ranges',
      { code: 'R8', description: text('x'), minEmployees: 2_147_483_648, maxEmployees: null },
      { language: 'en' },
    );
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.details).toEqual([
      { path: 'minEmployees', message: 'Enter a whole number up to 2 147 483 647' },
    ]);

    await ctx.db
      .insert(companies)
      .values({ companyName: 'A', nif: '1', email: 'a@a.cv', employeeRangeId: small.id });
    expect((await send(as.admin, 'DELETE', `employee-ranges/${small.id}`)).json().error.code).toBe('in_use');
  });
});

async function tree() {
  const heading = await create('self-diagnosis/headings', {
    code: 'ATIVO',
    description: text('Ativo', 'Assets', 'Actif'),
    sortOrder: 1,
    nature: 'debit',
  });
  const liabilities = await create('self-diagnosis/headings', {
    code: 'PASSIVO',
    description: text('Passivo'),
    sortOrder: 2,
    nature: 'credit',
  });
  const current = await create('self-diagnosis/sub-headings', {
    code: 'AC',
    description: text('Ativo corrente'),
    sortOrder: 2,
    headingId: heading.id,
  });
  const fixed = await create('self-diagnosis/sub-headings', {
    code: 'ANC',
    description: text('Ativo não corrente'),
    sortOrder: 1,
    headingId: heading.id,
  });
  const cash = await create('self-diagnosis/categories', {
    code: 'CAIXA',
    description: text('Caixa e depósitos'),
    sortOrder: 1,
    subHeadingId: current.id,
    accountCodes: ['11', '12', '12'],
  });
  // Its accounts move to its sub-category before one can be added under it (the next describe tests this rule).
  const { id: _id, createdAt: _c, updatedAt: _u, subHeading: _s, ...cashBody } = cash;
  const emptied = await send(as.admin, 'PUT', `self-diagnosis/categories/${cash.id}`, {
    ...cashBody,
    accountCodes: [],
  });
  expect(emptied.statusCode, emptied.body).toBe(200);
  const deposits = await create('self-diagnosis/sub-categories', {
    code: 'DO',
    description: text('Depósitos à ordem'),
    sortOrder: 1,
    categoryId: cash.id,
    accountCodes: ['11', '12'],
  });
  return { heading, liabilities, current, fixed, cash, deposits };
}

describe('the self-diagnosis tree', () => {
  it('nests the levels in order, and a node with children cannot be deleted', async () => {
    const nodes = await tree();
    expect(nodes.cash.accountCodes).toEqual(['11', '12']);
    expect(nodes.deposits.category).toMatchObject({ id: nodes.cash.id, code: 'CAIXA' });

    const whole = (await send(as.admin, 'GET', 'self-diagnosis/tree')).json();
    expect(whole.map((h: { code: string }) => h.code)).toEqual(['ATIVO', 'PASSIVO']);
    expect(whole[0].nature).toBe('debit');
    expect(whole[0].subHeadings.map((s: { code: string }) => s.code)).toEqual(['ANC', 'AC']);
    expect(whole[0].subHeadings[1].categories[0]).toMatchObject({
      code: 'CAIXA',
      subCategories: [{ code: 'DO', accountCodes: ['11', '12'] }],
    });

    const refused = await send(as.admin, 'DELETE', `self-diagnosis/headings/${nodes.heading.id}`, undefined, {
      language: 'en',
    });
    expect(refused.json().error.message).toBe('Cannot delete: sub-headings still refer to it.');
    const category = await send(as.admin, 'DELETE', `self-diagnosis/categories/${nodes.cash.id}`, undefined, {
      language: 'fr',
    });
    expect(category.json().error.message).toBe(
      'Suppression impossible : des sous-catégories y font encore référence.',
    );
    expect(
      (await send(as.admin, 'DELETE', `self-diagnosis/headings/${nodes.liabilities.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await send(as.admin, 'GET', `self-diagnosis/sub-headings?headingId=${nodes.heading.id}`)).json().total,
    ).toBe(2);

    const badAccounts = await send(as.admin, 'POST', 'self-diagnosis/categories', {
      code: 'X',
      description: text('X'),
      sortOrder: 1,
      subHeadingId: nodes.current.id,
      accountCodes: ['12a'],
    });
    expect(badAccounts.json().error.details).toEqual([
      { path: 'accountCodes.0', message: 'Códigos de conta SNCRF: só algarismos (1 a 10)' },
    ]);
  });
});

describe('accounts live in leaves only (uploads keep reading every account)', () => {
  it('refuses a sub-node under a node that carries accounts, and accounts on a node that has sub-nodes', async () => {
    const current = await create('self-diagnosis/sub-headings', {
      code: 'ACX',
      description: text('Ativo corrente X'),
      sortOrder: 9,
      headingId: (
        await create('self-diagnosis/headings', {
          code: 'ATX',
          description: text('Ativo X'),
          sortOrder: 9,
          nature: 'debit',
        })
      ).id,
    });
    const stock = await create('self-diagnosis/categories', {
      code: 'INV',
      description: text('Inventários'),
      sortOrder: 1,
      subHeadingId: current.id,
      accountCodes: ['32'],
    });
    const under = await send(
      as.admin,
      'POST',
      'self-diagnosis/sub-categories',
      {
        code: 'MERC',
        description: text('Mercadorias'),
        sortOrder: 1,
        categoryId: stock.id,
        accountCodes: ['32'],
      },
      { language: 'en' },
    );
    expect(under.statusCode).toBe(409);
    expect(under.json().error).toMatchObject({
      code: 'parent_has_accounts',
      message:
        'Node INV has accounts: move its accounts to its sub-nodes before adding one under it (so trial balances can still be read).',
      details: [{ path: 'categoryId' }],
    });
    const tree = (await send(as.admin, 'GET', 'self-diagnosis/tree')).json() as Array<{
      code: string;
      subHeadings: Array<{
        categories: Array<{ code: string; accountCodes: string[]; subCategories: unknown[] }>;
      }>;
    }>;
    const inv = tree.find((h) => h.code === 'ATX')?.subHeadings[0]?.categories[0];
    expect(inv).toMatchObject({ code: 'INV', accountCodes: ['32'], subCategories: [] });

    // The other way round: a sub-heading with categories under it cannot take accounts.
    const { id: _id, createdAt: _c, updatedAt: _u, heading: _h, ...body } = current;
    const onParent = await send(
      as.admin,
      'PUT',
      `self-diagnosis/sub-headings/${current.id}`,
      { ...body, accountCodes: ['31'] },
      { language: 'pt' },
    );
    expect(onParent.statusCode).toBe(409);
    expect(onParent.json().error.message).toBe(
      'Só um nó sem sub-nós pode ter contas: ponha as contas nos sub-nós de ACX.',
    );
  });
});

describe('criteria', () => {
  it('validates the formula against the tree codes when saving, and never evaluates it', async () => {
    await tree();
    const type = await create('criterion-types', { code: 'L', description: text('Liquidez'), sortOrder: 3 });
    const criterion = {
      code: 'LG',
      description: text('Liquidez geral', 'Current ratio', 'Liquidité générale'),
      formula: 'caixa / (AC + anc)',
      targetComparison: '>=',
      targetValue: '1.25',
      recommendation: text('Reforçar a tesouraria', 'Strengthen cash', 'Renforcer la trésorerie'),
      criterionTypeId: type.id,
      sortOrder: 1,
      isApplicationCriterion: true,
    };
    const saved = await create('criteria', criterion);
    expect(saved).toMatchObject({
      formula: 'caixa / (AC + anc)',
      targetValue: '1.25',
      criterionType: { code: 'L' },
      isActive: true,
    });

    const unknown = await send(
      as.admin,
      'POST',
      'criteria',
      { ...criterion, code: 'X1', formula: 'CAIXA / VENDAS' },
      { language: 'en' },
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details).toHaveLength(1);
    expect(unknown.json().error.details[0].path).toBe('formula');
    expect(unknown.json().error.details[0].message).toContain('VENDAS');

    const syntax = await send(as.admin, 'POST', 'criteria', {
      ...criterion,
      code: 'X2',
      formula: 'process.exit(1) + (CAIXA',
    });
    expect(syntax.statusCode).toBe(400);
    expect(syntax.json().error.details[0].path).toBe('formula');

    const edited = await send(as.admin, 'PUT', `criteria/${saved.id}`, {
      ...criterion,
      targetValue: '2',
      recommendation: text('Nova', 'New', 'Nouvelle'),
      version: 1,
    });
    expect(edited.json()).toMatchObject({ targetValue: '2', version: 2, recommendation: { fr: 'Nouvelle' } });

    const check = await send(as.admin, 'POST', 'criteria/validate-formula', { formula: 'CAIXA / AC' });
    expect(check.json()).toEqual({ valid: true, names: ['CAIXA', 'AC'] });
    const bad = await send(as.admin, 'POST', 'criteria/validate-formula', { formula: 'CAIXA /' });
    expect(bad.json()).toMatchObject({ valid: false, position: 7 });
    expect(typeof bad.json().message).toBe('string');

    expect(
      (await send(as.admin, 'DELETE', `criterion-types/${type.id}`, undefined, { language: 'en' })).json()
        .error.message,
    ).toBe('Cannot delete: criteria still refer to it.');
    expect(
      (await send(as.admin, 'GET', `criteria?criterionTypeId=${type.id}&search=liquidite`)).json().total,
    ).toBe(1);
  });
});

describe('self-diagnosis codes', () => {
  const renamed = (node: Record<string, unknown>, code: string) => {
    const {
      id: _id,
      createdAt: _c,
      updatedAt: _u,
      heading: _h,
      subHeading: _s,
      category: _k,
      ...body
    } = node;
    return { ...body, code };
  };

  it('keeps one code per node across the four levels, in the form formulas can name', async () => {
    const nodes = await tree();
    const clash = await send(as.admin, 'POST', 'self-diagnosis/sub-categories', {
      code: 'ac',
      description: text('Outra'),
      sortOrder: 2,
      categoryId: nodes.cash.id,
      accountCodes: ['11'],
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatchObject({ code: 'duplicate_code', details: [{ path: 'code' }] });

    const moved = await send(
      as.admin,
      'PUT',
      `self-diagnosis/headings/${nodes.liabilities.id}`,
      renamed(nodes.liabilities, 'CAIXA'),
    );
    expect(moved.json().error.code).toBe('duplicate_code');

    const hyphen = await send(
      as.admin,
      'POST',
      'self-diagnosis/headings',
      {
        code: 'DF-NC',
        description: text('Dívida'),
        sortOrder: 3,
        nature: 'credit',
      },
      { language: 'en' },
    );
    expect(hyphen.statusCode).toBe(400);
    expect(hyphen.json().error.details).toEqual([
      {
        path: 'code',
        message:
          'Start with a letter and use only letters, digits or underscore (up to 20): formulas use the code',
      },
    ]);
    expect((await send(as.admin, 'GET', 'self-diagnosis/headings')).json().total).toBe(2);
  });

  it('refuses to rename or delete a node that a criterion formula or a saved balance sheet names', async () => {
    const nodes = await tree();
    const type = await create('criterion-types', { code: 'L', description: text('Liquidez'), sortOrder: 3 });
    const criterion = await create('criteria', {
      code: 'LG',
      description: text('Liquidez geral'),
      formula: 'CAIXA / AC',
      targetComparison: '>=',
      targetValue: '1',
      recommendation: text('R'),
      criterionTypeId: type.id,
      sortOrder: 1,
      isApplicationCriterion: false,
    });

    const rename = await send(
      as.admin,
      'PUT',
      `self-diagnosis/sub-headings/${nodes.current.id}`,
      renamed(nodes.current, 'ACORR'),
      { language: 'en' },
    );
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error).toMatchObject({
      code: 'in_use',
      message: 'The code cannot be changed: criteria use it.',
    });
    const remove = await send(as.admin, 'DELETE', `self-diagnosis/sub-categories/${nodes.deposits.id}`);
    expect(remove.statusCode).toBe(204);
    const removeUsed = await send(
      as.admin,
      'DELETE',
      `self-diagnosis/categories/${nodes.cash.id}`,
      undefined,
      { language: 'fr' },
    );
    expect(removeUsed.statusCode).toBe(409);
    expect(removeUsed.json().error.message).toBe(
      'Suppression impossible : des critères y font encore référence.',
    );

    // Other edits of a used node (its description) still go through.
    const described = await send(as.admin, 'PUT', `self-diagnosis/sub-headings/${nodes.current.id}`, {
      ...renamed(nodes.current, 'AC'),
      description: text('Ativo corrente (curto prazo)'),
    });
    expect(described.statusCode, described.body).toBe(200);

    // Once no formula names it, a code that saved sheets store is still kept.
    await send(as.admin, 'DELETE', `criteria/${criterion.id}`);
    const [company] = await ctx.db
      .insert(companies)
      .values({ companyName: 'B', nif: '2', email: 'b@b.cv' })
      .returning();
    const [sheet] = await ctx.db
      .insert(balanceSheets)
      .values({
        companyId: company?.id as string,
        startDate: '2025-01-01',
        endDate: '2025-12-31',
        typeFrequence: 'annual',
        source: 'entry',
      })
      .returning();
    await ctx.db
      .insert(balanceSheetValues)
      .values({ balanceSheetId: sheet?.id as string, nodeCode: 'CAIXA', value: '10.00' });
    const stored = await send(as.admin, 'DELETE', `self-diagnosis/categories/${nodes.cash.id}`, undefined, {
      language: 'en',
    });
    expect(stored.json().error.message).toBe('Cannot delete: trial balances still refer to it.');
    const free = await send(
      as.admin,
      'PUT',
      `self-diagnosis/headings/${nodes.liabilities.id}`,
      renamed(nodes.liabilities, 'PT'),
    );
    expect(free.json()).toMatchObject({ code: 'PT', version: 2 });
  });
});

describe('CAE, partner entities and company references', () => {
  it('keeps divisions under sections and partner entities under types; companies block deletes', async () => {
    const section = await create('cae-sections', { code: 'g', description: text('Comércio') });
    const division = await create('cae-divisions', {
      code: '47',
      description: text('Retalho'),
      sectionId: section.id,
    });
    expect(division.section.code).toBe('G');
    expect((await send(as.admin, 'GET', 'cae-divisions?sort=section')).statusCode).toBe(200);
    expect(
      (await send(as.admin, 'DELETE', `cae-sections/${section.id}`, undefined, { language: 'en' })).json()
        .error.message,
    ).toBe('Cannot delete: CAE divisions still refer to it.');

    const type = await create('company-types', { code: 'SA', description: text('Sociedade anónima') });
    const situation = await create('company-situations', { code: 'ACT', description: text('Em atividade') });
    await ctx.db.insert(companies).values({
      companyName: 'B',
      nif: '2',
      email: 'b@b.cv',
      companyTypeId: type.id,
      companySituationId: situation.id,
      caeDivisionId: division.id,
    });
    for (const path of [
      `company-types/${type.id}`,
      `company-situations/${situation.id}`,
      `cae-divisions/${division.id}`,
    ]) {
      const res = await send(as.admin, 'DELETE', path);
      expect(res.statusCode, path).toBe(409);
      expect(res.json().error.code).toBe('in_use');
    }

    const bank = await create('partner-types', { code: 'BANK', description: text('Banco') });
    const entity = await create('partner-entities', {
      code: 'BCA',
      name: 'Banco Comercial do Atlântico',
      description: text('Banco'),
      partnerTypeId: bank.id,
      email: 'geral@bca.cv',
    });
    expect(entity).toMatchObject({ partnerType: { code: 'BANK' }, phone: null, website: null });
    expect((await send(as.admin, 'GET', 'partner-entities?search=atlantico')).json().total).toBe(1);
    expect((await send(as.admin, 'DELETE', `partner-types/${bank.id}`)).json().error.code).toBe('in_use');
  });
});
