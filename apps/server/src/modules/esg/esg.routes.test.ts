import { ESG_SAMPLE_DEFINITION, type EsgAnswers, type EsgFormInput } from '@excelencia/domain';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { apiCalls } from '../../../test/support/http.ts';
import { pdfTexts } from '../../../test/support/pdf-text.ts';
import {
  auditLog,
  caeDivisions,
  caeSections,
  cities,
  companies,
  esgForms,
  islands,
} from '../../db/schema/index.ts';
import { seedReferenceData } from '../../seed/seed-reference.ts';

let ctx: TestContext;
let admin: SignedIn;
/** Five members of five companies of CAE section G (division 47), then one of section C (division 10). */
let members: SignedIn[];
let companyIds: string[];
let outsider: SignedIn;
let outsiderCompany: string;
let memberEmail: string;

const { get, send } = apiCalls(() => ctx.app, { language: 'en' });

function formInput(overrides: Partial<EsgFormInput> = {}): EsgFormInput {
  return {
    title: { pt: 'ESG 2026', en: 'ESG 2026', fr: 'ESG 2026' },
    description: { pt: 'Questionário de sustentabilidade', en: 'Sustainability survey', fr: 'Questionnaire' },
    period: 2026,
    editionId: null,
    status: 'open',
    definition: ESG_SAMPLE_DEFINITION,
    ...overrides,
  };
}

const save = (formId: string, index: number, answers: EsgAnswers) =>
  send(members[index] as SignedIn, 'PUT', `/companies/${companyIds[index]}/esg/forms/${formId}/answers`, {
    answers,
  });
const submit = (formId: string, index: number) =>
  send(members[index] as SignedIn, 'POST', `/companies/${companyIds[index]}/esg/forms/${formId}/submit`);

/** The five answers of the sector test; their scores are worked out beside each. */
const FULL: EsgAnswers = {
  energy: 'some',
  waste: ['sort', 'compost'],
  training: { managers: 'quarterly', staff: 'yearly' },
  community: 'Apoiamos a escola do bairro',
  ethics: 'yes',
};
const OTHERS: EsgAnswers[] = [
  // E (10 + 4 + 6) / 20 = 100; S 0 / 12 = 0; G 0 / 8 = 0; overall 20 / 40 = 50.0
  {
    energy: 'all',
    waste: ['sort', 'recycle'],
    training: { managers: 'never', staff: 'never' },
    community: 'x',
    ethics: 'no',
  },
  // E 0 / 20 = 0; S 12 / 12 = 100; G 8 / 8 = 100; overall 20 / 40 = 50.0
  { energy: 'none', training: { managers: 'quarterly', staff: 'quarterly' }, community: 'x', ethics: 'yes' },
  // E (5 + 6) / 20 = 55; S (3 + 3) / 12 = 50; G 100; overall 25 / 40 = 62.5
  {
    energy: 'some',
    waste: ['recycle'],
    training: { managers: 'yearly', staff: 'yearly' },
    community: 'x',
    ethics: 'yes',
  },
  // E (10 + 4) / 20 = 70; S (6 + 0) / 12 = 50; G 100; overall 28 / 40 = 70.0
  {
    energy: 'all',
    waste: ['sort'],
    training: { managers: 'quarterly', staff: 'never' },
    community: 'x',
    ethics: 'yes',
  },
];

/** A new open form of 2026, the current one (the newest of the latest period); its id. */
async function createForm(): Promise<string> {
  const created = await send(admin, 'POST', '/esg/forms', formInput());
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

/** The first company's draft of a new current form: energy and waste answered, the rest open. */
async function formWithDraft(): Promise<string> {
  const formId = await createForm();
  expect((await save(formId, 0, { energy: 'some', waste: ['sort'] })).statusCode).toBe(200);
  return formId;
}

/** A new current form the first company has submitted FULL to (65 %). */
async function formSubmittedByFirst(): Promise<string> {
  const formId = await createForm();
  expect((await save(formId, 0, FULL)).statusCode).toBe(200);
  expect((await submit(formId, 0)).statusCode).toBe(200);
  return formId;
}

/**
 * A new current form every company has submitted: the first FULL on version 1; the questions then change
 * (version 2, set back to the sample's five in place) and the other four of section G answer OTHERS, the
 * outsider FULL, on version 2.
 */
async function formSubmittedByAll(): Promise<string> {
  const formId = await createForm();
  expect((await save(formId, 0, FULL)).statusCode).toBe(200);
  const changed = structuredClone(ESG_SAMPLE_DEFINITION);
  changed.sections[2]?.questions.push({
    id: 'privacy',
    order: 2,
    type: 'text',
    label: { pt: 'Proteção de dados', en: 'Data protection', fr: 'Protection des données' },
    help: { pt: '', en: '', fr: '' },
    required: false,
  });
  let { version } = (await get(admin, `/esg/forms/${formId}`)).json();
  for (const definition of [changed, ESG_SAMPLE_DEFINITION]) {
    const edited = await send(admin, 'PUT', `/esg/forms/${formId}`, {
      ...formInput({ definition }),
      version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    version = edited.json().version;
  }
  expect((await submit(formId, 0)).statusCode).toBe(200);
  for (const [offset, answers] of OTHERS.entries()) {
    expect((await save(formId, offset + 1, answers)).statusCode).toBe(200);
    expect((await submit(formId, offset + 1)).statusCode).toBe(200);
  }
  const outside = `/companies/${outsiderCompany}/esg/forms/${formId}`;
  expect((await send(outsider, 'PUT', `${outside}/answers`, { answers: FULL })).statusCode).toBe(200);
  expect((await send(outsider, 'POST', `${outside}/submit`)).statusCode).toBe(200);
  return formId;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  await seedReferenceData(ctx.db);
  const adminUser = await ctx.createUser({ email: 'admin@esg.cv', roles: ['admin'] });
  const users = await Promise.all(
    [1, 2, 3, 4, 5, 6].map((n) => ctx.createUser({ email: `member${n}@esg.cv`, roles: ['company'] })),
  );
  memberEmail = users[0]?.email ?? '';
  companyIds = await Promise.all(
    users.map((user, index) =>
      ctx.linkCompany(user.accountId, {
        companyName: `Empresa ${index + 1}, Lda`,
        nif: `30000000${index + 1}`,
      }),
    ),
  );
  const [trade] = await ctx.db.select().from(caeDivisions).where(eq(caeDivisions.code, '47'));
  const [food] = await ctx.db.select().from(caeDivisions).where(eq(caeDivisions.code, '10'));
  await ctx.db
    .update(companies)
    .set({ caeDivisionId: trade?.id ?? null })
    .where(inArray(companies.id, companyIds.slice(0, 5)));
  outsiderCompany = companyIds[5] as string;
  await ctx.db
    .update(companies)
    .set({ caeDivisionId: food?.id ?? null })
    .where(eq(companies.id, outsiderCompany));
  const sessions = await Promise.all([
    ctx.signIn(adminUser.email, adminUser.password),
    ...users.map((user) => ctx.signIn(user.email, user.password)),
  ]);
  admin = sessions[0] as SignedIn;
  members = sessions.slice(1, 6);
  outsider = sessions[6] as SignedIn;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('POST /app/api/v1/esg/forms', () => {
  it('refuses malformed forms: an unknown type, a matrix without rows, duplicate order numbers', async () => {
    /** The sample form with one question of `pillar` changed (a deep copy, left untyped to break it). */
    const broken = (pillar: number, question: number, change: Record<string, unknown>) => {
      const definition = JSON.parse(JSON.stringify(ESG_SAMPLE_DEFINITION));
      Object.assign(definition.sections[pillar].questions[question], change);
      return { ...formInput(), definition };
    };
    const cases = [
      [broken(0, 0, { type: 'slider' }), 'definition.sections.0.questions.0.type', 'Unknown question type'],
      [
        broken(1, 0, { rows: [] }),
        'definition.sections.1.questions.0.rows',
        'A matrix needs at least one row',
      ],
      [broken(0, 1, { order: 1 }), 'definition.sections.0.questions.1.order', 'Repeated order number'],
    ] as const;
    for (const [payload, path, message] of cases) {
      const response = await send(admin, 'POST', '/esg/forms', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toContainEqual({ path, message });
    }
    expect((await get(admin, '/esg/forms')).json().filter((f: { code: string | null }) => !f.code)).toEqual(
      [],
    );
  });

  it('is for admins only', async () => {
    expect((await send(members[0] as SignedIn, 'POST', '/esg/forms', formInput())).statusCode).toBe(403);
    expect((await get(members[0] as SignedIn, '/esg/forms')).statusCode).toBe(403);
  });

  it('creates a form numbered after the others, with an audit row; forms reorder by arrows (PUT order)', async () => {
    const before = (await get(admin, '/esg/forms')).json() as { id: string; orderNumber: number }[];
    const created = await send(admin, 'POST', '/esg/forms', formInput());
    expect(created.statusCode, created.body).toBe(201);
    const formId = created.json().id;
    expect(created.json()).toMatchObject({
      orderNumber: before.length + 1,
      definitionVersion: 1,
      locked: false,
      questionCount: 5,
      status: 'open',
    });
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, formId));
    expect(audit.map((row) => row.action)).toEqual(['create']);

    const ids = [formId, ...before.map((form) => form.id)];
    const reordered = await send(admin, 'PUT', '/esg/forms/order', { ids });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(
      reordered.json().map((form: { id: string; orderNumber: number }) => [form.id, form.orderNumber]),
    ).toEqual(ids.map((id, index) => [id, index + 1]));
    // The seeded starter form is there too, so one id alone leaves a form out.
    expect(before.length).toBeGreaterThan(0);
    expect((await send(admin, 'PUT', '/esg/forms/order', { ids: [formId] })).statusCode).toBe(400);
  });

  it('GET public/esg/current gives anyone the current form’s title and description', async () => {
    await createForm();
    const response = await get(null, '/public/esg/current');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      period: 2026,
      questionCount: 5,
      description: { en: 'Sustainability survey' },
    });
  });
});

describe('PUT /app/api/v1/companies/{id}/esg/forms/{formId}/answers', () => {
  it('saves a draft that survives a new session', async () => {
    const formId = await createForm();
    const saved = await save(formId, 0, { energy: 'some', waste: ['sort'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'draft', scores: null, answers: { energy: 'some' } });

    const again = await ctx.signIn(memberEmail, 'Test!Password-2026');
    const esg = await get(again, `/companies/${companyIds[0]}/esg`);
    expect(esg.statusCode).toBe(200);
    expect(esg.json().current.form.id).toBe(formId);
    expect(esg.json().current.response.answers).toEqual({ energy: 'some', waste: ['sort'] });
  });

  it('refuses answers that do not fit the questions, and other companies’ data', async () => {
    const formId = await createForm();
    const wrong = await save(formId, 0, { energy: 'maybe' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details).toContainEqual({
      path: 'answers.energy',
      message: 'Invalid answer for this question',
    });
    const foreign = await send(outsider, 'PUT', `/companies/${companyIds[0]}/esg/forms/${formId}/answers`, {
      answers: {},
    });
    expect(foreign.statusCode).toBe(404);
    expect((await get(outsider, `/companies/${companyIds[0]}/esg`)).statusCode).toBe(404);
    const byAdmin = await send(admin, 'PUT', `/companies/${companyIds[0]}/esg/forms/${formId}/answers`, {
      answers: {},
    });
    expect(byAdmin.statusCode).toBe(403);
  });
});

describe('form versions', () => {
  it('lock after the first answer: editing the questions then creates the next version', async () => {
    const formId = await formWithDraft();
    const form = (await get(admin, `/esg/forms/${formId}`)).json();
    expect(form).toMatchObject({ locked: true, definitionVersion: 1, drafts: 1 });

    // The texts change in place.
    const retitled = await send(admin, 'PUT', `/esg/forms/${formId}`, {
      ...formInput({ title: { pt: 'ESG 2026 (revisto)', en: 'ESG 2026', fr: 'ESG 2026' } }),
      version: form.version,
    });
    expect(retitled.statusCode, retitled.body).toBe(200);
    expect(retitled.json()).toMatchObject({ definitionVersion: 1, locked: true });

    const changed = structuredClone(ESG_SAMPLE_DEFINITION);
    const governance = changed.sections[2];
    governance?.questions.push({
      id: 'privacy',
      order: 2,
      type: 'text',
      label: { pt: 'Proteção de dados', en: 'Data protection', fr: 'Protection des données' },
      help: { pt: '', en: '', fr: '' },
      required: false,
    });
    const edited = await send(admin, 'PUT', `/esg/forms/${formId}`, {
      ...formInput({ definition: changed }),
      version: retitled.json().version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ definitionVersion: 2, locked: false, questionCount: 6 });

    // Version 2 is unanswered, so it still changes in place.
    const stale = await send(admin, 'PUT', `/esg/forms/${formId}`, {
      ...formInput({ definition: changed }),
      version: retitled.json().version,
    });
    expect(stale.statusCode).toBe(409);
    const inPlace = await send(admin, 'PUT', `/esg/forms/${formId}`, {
      ...formInput(),
      version: edited.json().version,
    });
    expect(inPlace.json()).toMatchObject({ definitionVersion: 2, questionCount: 5 });

    // The company that started on version 1 keeps it; a company starting now gets version 2.
    const started = (await get(members[0] as SignedIn, `/companies/${companyIds[0]}/esg`)).json();
    expect(started.current.form.definitionVersion).toBe(1);
    const fresh = (await get(members[1] as SignedIn, `/companies/${companyIds[1]}/esg`)).json();
    expect(fresh.current.form.definitionVersion).toBe(2);
  });
});

describe('POST /app/api/v1/companies/{id}/esg/forms/{formId}/submit', () => {
  it("answers 'Mandatory Field' for each required question left open", async () => {
    const formId = await formWithDraft();
    const response = await submit(formId, 0);
    expect(response.statusCode).toBe(400);
    const details = response.json().error.details as { path: string; message: string }[];
    expect(details).toEqual(
      expect.arrayContaining([
        { path: 'answers.training', message: 'Mandatory Field' },
        { path: 'answers.community', message: 'Mandatory Field' },
        { path: 'answers.ethics', message: 'Mandatory Field' },
      ]),
    );
    expect(details.map((d) => d.path)).not.toContain('answers.waste');
  });

  it('scores the submitted answers and locks them', async () => {
    const formId = await createForm();
    expect((await save(formId, 0, FULL)).statusCode).toBe(200);
    const response = await submit(formId, 0);
    expect(response.statusCode, response.body).toBe(200);
    // Environment: energy 'some' 5 of 10 + waste sort 4 (compost unscored) of 4 + 6 = 10 → 9 / 20 = 45.0 %
    // Social: training 6 + 3 of 2 × 6 = 12 → 75.0 %; Governance: ethics 'yes' 8 / 8 = 100.0 %
    // Overall: 26 / 40 = 65.0 %
    expect(response.json().scores).toEqual({
      pillars: [
        { pillar: 'environment', earned: 9, max: 20, percent: 45 },
        { pillar: 'social', earned: 9, max: 12, percent: 75 },
        { pillar: 'governance', earned: 8, max: 8, percent: 100 },
      ],
      overall: { earned: 26, max: 40, percent: 65 },
    });
    expect(response.json().status).toBe('submitted');
    expect((await submit(formId, 0)).statusCode).toBe(409);
    const late = await save(formId, 0, { ...FULL, energy: 'all' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('The answers were submitted and cannot change.');
  });

  it('shows the sector median only once five companies of the CAE section have submitted (k ≥ 5)', async () => {
    const formId = await formSubmittedByFirst();
    for (const [offset, answers] of OTHERS.slice(0, 3).entries()) {
      expect((await save(formId, offset + 1, answers)).statusCode).toBe(200);
      expect((await submit(formId, offset + 1)).statusCode).toBe(200);
    }
    // A company of another section does not count towards section G.
    const outside = await send(outsider, 'PUT', `/companies/${outsiderCompany}/esg/forms/${formId}/answers`, {
      answers: FULL,
    });
    expect(outside.statusCode).toBe(200);
    expect(
      (await send(outsider, 'POST', `/companies/${outsiderCompany}/esg/forms/${formId}/submit`)).statusCode,
    ).toBe(200);

    const four = (await get(members[0] as SignedIn, `/companies/${companyIds[0]}/esg`)).json();
    expect(four.current.response.sector).toMatchObject({ section: { code: 'G' }, overall: null });
    expect(four.current.response.sector.pillars.every((p: { median: unknown }) => p.median === null)).toBe(
      true,
    );

    expect((await save(formId, 4, OTHERS[3] as EsgAnswers)).statusCode).toBe(200);
    expect((await submit(formId, 4)).statusCode).toBe(200);
    const five = (await get(members[0] as SignedIn, `/companies/${companyIds[0]}/esg`)).json();
    // Overall 65, 50, 50, 62.5, 70 → 50, 50, 62.5, 65, 70 → median 62.5
    // Environment 45, 100, 0, 55, 70 → 55; Social 75, 0, 100, 50, 50 → 50; Governance 100, 0, 100, 100, 100 → 100
    expect(five.current.response.sector).toEqual({
      section: { code: 'G', description: expect.any(Object) },
      overall: { median: 62.5, companies: 5 },
      pillars: [
        { pillar: 'environment', median: { median: 55, companies: 5 } },
        { pillar: 'social', median: { median: 50, companies: 5 } },
        { pillar: 'governance', median: { median: 100, companies: 5 } },
      ],
    });
  });
});

describe('results and exports', () => {
  let formId: string;

  beforeAll(async () => {
    formId = await formSubmittedByAll();
    // The first company on an island: the exports name who answered by NIF, island and CAE section too.
    const [city] = await ctx.db.select().from(cities).limit(1);
    await ctx.db
      .update(companies)
      .set({ cityId: city?.id ?? null })
      .where(eq(companies.id, companyIds[0] as string));
  }, 60_000);

  it('GET esg/forms/{id}/results: response rate, distribution per question, scores by group', async () => {
    const response = await get(admin, `/esg/forms/${formId}/results`);
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json();
    expect(results).toMatchObject({ companies: 6, submitted: 6, drafts: 0, responseRate: 100 });
    // The list counts answers of every version: the first company answered version 1, the others version 2.
    const listed = (await get(admin, '/esg/forms')).json().find((form: { id: string }) => form.id === formId);
    expect(listed).toMatchObject({
      submitted: 6,
      drafts: 0,
      definitionVersion: 2,
      locked: true,
      questionCount: 5,
    });
    const energy = results.questions.find((q: { questionId: string }) => q.questionId === 'energy');
    // none: the third; some: the first, the fourth and the outsider; all: the second and the fifth
    expect(energy.counts.map((c: { key: string; count: number }) => [c.key, c.count])).toEqual([
      ['none', 1],
      ['some', 3],
      ['all', 2],
    ]);
    const training = results.questions.find((q: { questionId: string }) => q.questionId === 'training');
    expect(training.rows[0].counts.map((c: { count: number }) => c.count)).toEqual([1, 1, 4]);
    // Section G: 65, 50, 50, 62.5, 70 → mean 297.5 / 5 = 59.5; section C: the outsider's 65
    expect(results.bySection).toEqual([
      { key: 'C', label: expect.any(Object), companies: 1, average: 65 },
      { key: 'G', label: expect.any(Object), companies: 5, average: 59.5 },
    ]);
  });

  it('exports one row per company and one column per question as XLSX', async () => {
    // The first company is on an island (beforeAll): the export names who answered by NIF, island and CAE section.
    const [island] = await ctx.db
      .select({ description: islands.description })
      .from(companies)
      .innerJoin(cities, eq(cities.id, companies.cityId))
      .innerJoin(islands, eq(islands.id, cities.islandId))
      .where(eq(companies.id, companyIds[0] as string));
    const [section] = await ctx.db
      .select({ code: caeSections.code, description: caeSections.description })
      .from(caeDivisions)
      .innerJoin(caeSections, eq(caeSections.id, caeDivisions.sectionId))
      .where(eq(caeDivisions.code, '47'));
    const response = await get(admin, `/esg/forms/${formId}/export.xlsx`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Company',
      'NIF',
      'Island',
      'CAE section',
      'Submitted on',
      'Version',
      'E1. Do you use renewable energy?',
      'E2. Waste',
      'S1. Training',
      'S2. Community',
      'G1. Code of ethics?',
      'Environment',
      'Social',
      'Governance',
      'Overall (%)',
    ]);
    expect(sheet.actualRowCount).toBe(7);
    const first = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(first[0]).toBe('Empresa 1, Lda');
    expect(first.slice(1, 4)).toEqual([
      '300000001',
      (island?.description as { en: string } | undefined)?.en,
      `${section?.code} – ${(section?.description as { en: string } | undefined)?.en}`,
    ]);
    expect(first.slice(6)).toEqual([
      'Some',
      'Sorts; Composts',
      'Managers: Quarterly; Staff: Yearly',
      'Apoiamos a escola do bairro',
      'Yes',
      45,
      75,
      100,
      65,
    ]);
    expect((await get(members[0] as SignedIn, `/esg/forms/${formId}/export.xlsx`)).statusCode).toBe(403);
  });

  it("the company's answers as a PDF, and one company's answers for the admin", async () => {
    const esg = (await get(members[0] as SignedIn, `/companies/${companyIds[0]}/esg`)).json();
    const responseId = esg.current.response.id;
    const pdf = await get(
      members[0] as SignedIn,
      `/companies/${companyIds[0]}/esg/responses/${responseId}/pdf`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfTexts(pdf.rawPayload).join('\n');
    for (const expected of [
      'Company: Empresa 1, Lda',
      'NIF: 300000001',
      'Island: ',
      'CAE section: G',
      'Environment',
      // Scores as numbers are displayed (docs/adr/0023): no trailing zero, a no-break space before '%'.
      '45\u00a0%',
      '65\u00a0%',
      '62.5\u00a0% (5 companies)',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('Apoiamos a escola do bairro');
    const one = await get(admin, `/esg/responses/${responseId}`);
    expect(one.json()).toMatchObject({ companyName: 'Empresa 1, Lda', answers: FULL, status: 'submitted' });
    expect(esg.responses.map((r: { id: string }) => r.id)).toContain(responseId);
  });

  it('keeps the seeded starter form apart (code ESG-STARTER)', async () => {
    const [starter] = await ctx.db.select().from(esgForms).where(eq(esgForms.code, 'ESG-STARTER'));
    expect(starter).toBeDefined();
  });
});
