import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { apiCalls } from '../../../test/support/http.ts';
import { pdfTexts } from '../../../test/support/pdf-text.ts';
import { applications, editions, seals } from '../../db/schema/index.ts';

/** The status badge a company shows on its own website, and the issuing body on the certificate. */

const COMPANY = 'Pastelaria <Boa> & Vista, Lda';

let ctx: TestContext;
let admin: SignedIn;
let member: SignedIn;
let companyId: string;
let seal: { id: string; code: string; version: number };

const { get, send } = apiCalls(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  const adminUser = await ctx.createUser({ email: 'admin@badge.cv', roles: ['admin'] });
  const memberUser = await ctx.createUser({ email: 'member@badge.cv', roles: ['company'] });
  companyId = await ctx.linkCompany(memberUser.accountId, { companyName: COMPANY, nif: '200000041' });
  [admin, member] = await Promise.all([
    ctx.signIn(adminUser.email, adminUser.password),
    ctx.signIn(memberUser.email, memberUser.password),
  ]);
  const at = (month: number) => new Date(Date.UTC(2025, month - 1, 1));
  const [edition] = await ctx.db
    .insert(editions)
    .values({
      number: 2,
      year: 2025,
      indicatorYear: 2024,
      registrationOpensAt: at(1),
      registrationClosesAt: at(2),
      applicationOpensAt: at(3),
      applicationClosesAt: at(4),
      evaluationStartsAt: at(5),
      evaluationEndsAt: at(6),
      resultsAt: at(7),
    })
    .returning();
  if (!edition) throw new Error('no edition');
  await ctx.db.insert(applications).values({
    editionId: edition.id,
    companyId,
    status: 'evaluated',
    eligibility: {},
    eligible: true,
    submittedAt: at(4),
    decidedAt: at(5),
    confirmedAt: at(6),
  });
  const published = await send(admin, 'POST', `/editions/${edition.id}/results/publish`);
  expect(published.statusCode, published.body).toBe(200);
  [seal] = (await get(member, `/companies/${companyId}/seals`)).json();
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('GET /app/api/v1/public/seals/{code}/badge.svg', () => {
  it('draws the status now, in the language asked, with the edition year and an accessible title', async () => {
    const response = await get(null, `/public/seals/${seal.code}/badge.svg?language=pt`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    // Shown by other sites in an <img>: not blocked by a same-origin resource policy, cached a few minutes.
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const svg = response.body;
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('role="img" aria-labelledby="badge-title" lang="pt" data-status="valid"');
    // The company's name is escaped, never markup.
    expect(svg).toContain(
      '<title id="badge-title">Pastelaria &lt;Boa&gt; &amp; Vista, Lda — Estatuto Excelência: Válido (2.ª edição (2025))</title>',
    );
    expect(svg).toContain('>Estatuto Excelência</text>');
    expect(svg).toContain('>Válido · 2025</text>');
    expect(svg.length).toBeLessThan(2000);
    const english = (await get(null, `/public/seals/${seal.code}/badge.svg?language=en`)).body;
    expect(english).toContain('>Excelência status</text>');
    expect(english).toContain('>Valid · 2025</text>');
    const french = (await get(null, `/public/seals/${seal.code}/badge.svg?language=fr`)).body;
    expect(french).toContain('>Valide · 2025</text>');
  });

  it('says suspended while suspended, and expired once past its date, never valid', async () => {
    const suspended = await send(admin, 'POST', `/seals/${seal.id}/actions`, {
      action: 'suspend',
      reason: 'Dívida às Finanças',
      version: seal.version,
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const whileSuspended = (await get(null, `/public/seals/${seal.code}/badge.svg?language=en`)).body;
    expect(whileSuspended).toContain('data-status="suspended"');
    expect(whileSuspended).toContain('>Suspended · 2025</text>');
    expect(whileSuspended).not.toContain('Valid');
    const reinstated = await send(admin, 'POST', `/seals/${seal.id}/actions`, {
      action: 'reinstate',
      reason: 'Regularizada',
      version: seal.version + 1,
    });
    expect(reinstated.statusCode, reinstated.body).toBe(200);
    await ctx.db
      .update(seals)
      .set({ validUntil: new Date(Date.now() - 24 * 60 * 60 * 1000) })
      .where(eq(seals.id, seal.id));
    const expired = (await get(null, `/public/seals/${seal.code}/badge.svg?language=en`)).body;
    expect(expired).toContain('data-status="expired"');
    expect(expired).toContain('>Expired · 2025</text>');
  });

  it('answers 404 for an unknown code and 400 for one not shaped like a code', async () => {
    expect((await get(null, '/public/seals/000000000000/badge.svg')).statusCode).toBe(404);
    expect((await get(null, '/public/seals/not-a-code/badge.svg')).statusCode).toBe(400);
  });
});

describe('the certificate', () => {
  it('names the issuing body, in the language of the certificate', async () => {
    await ctx.db
      .update(seals)
      .set({ validUntil: new Date(Date.now() + 24 * 60 * 60 * 1000) })
      .where(eq(seals.id, seal.id));
    for (const [language, issuer] of [
      ['pt', 'Emitido pela entidade gestora do programa Excelência'],
      ['en', 'Issued by the managing entity of the Excelência programme'],
      ['fr', 'Délivré par l’entité gestionnaire du programme Excelência'],
    ] as const) {
      const pdf = await get(
        member,
        `/companies/${companyId}/seals/${seal.id}/certificate.pdf?lang=${language}`,
      );
      expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
      expect(pdfTexts(pdf.rawPayload).join('\n')).toContain(issuer);
    }
  });
});
