import { buildBalanceTree, type Eligibility, treeLeaves } from '@excelencia/domain';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import PostalMime, { type Email } from 'postal-mime';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/support/balance-sheets.ts';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { documentFields } from '../../../test/support/documents.ts';
import { openEditionInput } from '../../../test/support/editions.ts';
import { SHEET_2023, SHEET_2024 } from '../../../test/support/eligible-sheets.ts';
import { apiCalls } from '../../../test/support/http.ts';
import { startReceiver, stopReceiver } from '../../../test/support/smtp.ts';
import { accounts, applications } from '../../db/schema/index.ts';
import { createMailWorker } from '../../platform/mail/outbox.ts';
import { seedReferenceData } from '../../seed/seed-reference.ts';
import { selfDiagnosisTree } from '../reference/index.ts';

/**
 * A refusal names each criterion the application failed: its value and threshold as the site writes numbers, and
 * the criterion's recommendation, in each member's language; a refusal for another reason says only that reason.
 */

let ctx: TestContext;
let admin: SignedIn;
let secondAdmin: SignedIn;
let owner: SignedIn;
let otherOwner: SignedIn;
let company: string;
let otherCompany: string;
let leafCodes: string[];
let received: string[];
let receiver: { server: SMTPServer; port: number };
let worker: ReturnType<typeof createMailWorker>;

const { get, send } = apiCalls(() => ctx.app, { language: 'en' });
const NBSP = '\u00a0';

const PDF = (label: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${label}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

async function deliver(): Promise<Email[]> {
  const before = received.length;
  await worker.runOnce();
  return Promise.all(received.slice(before).map((raw) => PostalMime.parse(Buffer.from(raw, 'latin1'))));
}

async function enterSheet(
  session: SignedIn,
  companyId: string,
  year: number,
  values: Record<string, string>,
) {
  const response = await send(session, 'POST', `/companies/${companyId}/balance-sheets/entries`, {
    startDate: `${year}-01-01`,
    endDate: `${year}-12-31`,
    typeFrequence: 'annual',
    values: { ...Object.fromEntries(leafCodes.map((code) => [code, '0'])), ...values },
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** The company's application to the edition, with its 8 documents, submitted (its receipt delivered). */
async function submitted(session: SignedIn, companyId: string, editionId: string): Promise<string> {
  const opened = await send(session, 'POST', `/companies/${companyId}/applications`, { editionId });
  expect(opened.statusCode, opened.body).toBe(201);
  const url = `/companies/${companyId}/applications/${opened.json().id}`;
  for (let type = 0; type < 8; type += 1) {
    const body = multipart(documentFields(type), {
      data: PDF(`doc ${type}`),
      filename: `doc_${type}.pdf`,
      type: 'application/pdf',
    });
    const uploaded = await send(session, 'POST', `${url}/files`, body.payload, {
      contentType: body.contentType,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
  }
  const done = await send(session, 'POST', `${url}/submit`);
  expect(done.statusCode, done.body).toBe(200);
  await deliver();
  return opened.json().id;
}

/** Refused by one admin with a reason, confirmed by the other. */
async function refuse(id: string, reason: string) {
  const version = (await get(admin, `/applications/${id}`)).json().version;
  const decided = await send(admin, 'POST', `/applications/${id}/evaluation`, {
    decision: 'unqualified',
    reason,
    version,
  });
  expect(decided.statusCode, decided.body).toBe(200);
  const confirmed = await send(secondAdmin, 'POST', `/applications/${id}/confirmation`, {
    version: decided.json().version,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  await seedReferenceData(ctx.db);
  leafCodes = treeLeaves(buildBalanceTree(await selfDiagnosisTree(ctx.db))).map((leaf) => leaf.code);
  received = [];
  receiver = await startReceiver(received);
  worker = createMailWorker({
    db: ctx.db,
    smtpUrl: `smtp://127.0.0.1:${receiver.port}`,
    from: 'Excelência <no-reply@excelencia.test>',
    logger: pino({ level: 'silent' }),
  });
  const adminUser = await ctx.createUser({ email: 'admin@rc.cv', roles: ['admin'], name: 'Ana Admin' });
  const secondUser = await ctx.createUser({ email: 'admin2@rc.cv', roles: ['admin'], name: 'Bruno Admin' });
  const ownerUser = await ctx.createUser({ email: 'dona@rc.cv', roles: ['company'], name: 'Maria' });
  const frUser = await ctx.createUser({ email: 'comptable@rc.cv', roles: ['company'], name: 'Claire' });
  const otherUser = await ctx.createUser({ email: 'other@rc.cv', roles: ['company'], name: 'Outro' });
  company = await ctx.linkCompany(ownerUser.accountId, { companyName: 'Boa Vista, Lda', nif: '200000061' });
  await ctx.linkCompany(frUser.accountId, { companyName: 'Boa Vista, Lda', nif: '200000061' });
  otherCompany = await ctx.linkCompany(otherUser.accountId, { companyName: 'Outra, Lda', nif: '200000062' });
  await ctx.db.update(accounts).set({ language: 'pt' }).where(eq(accounts.id, ownerUser.accountId));
  await ctx.db.update(accounts).set({ language: 'fr' }).where(eq(accounts.id, frUser.accountId));
  await ctx.db.update(accounts).set({ language: 'en' }).where(eq(accounts.id, otherUser.accountId));
  [admin, secondAdmin, owner, otherOwner] = await Promise.all([
    ctx.signIn(adminUser.email, adminUser.password),
    ctx.signIn(secondUser.email, secondUser.password),
    ctx.signIn(ownerUser.email, ownerUser.password),
    ctx.signIn(otherUser.email, otherUser.password),
  ]);
  for (const [session, id] of [
    [owner, company],
    [otherOwner, otherCompany],
  ] as const) {
    await enterSheet(session, id, 2023, SHEET_2023);
    await enterSheet(session, id, 2024, SHEET_2024);
  }
});

afterAll(async () => {
  await worker?.stop?.();
  if (receiver) await stopReceiver(receiver.server);
  await ctx?.close();
});

describe('a refusal names each failed criterion', () => {
  it('in the refusal mail of each member (pt, fr) and on the application the company reads', async () => {
    const edition = await send(admin, 'POST', '/editions', openEditionInput(2));
    expect(edition.statusCode, edition.body).toBe(201);
    const editionId = edition.json().id as string;
    const failing = await submitted(owner, company, editionId);
    const passing = await submitted(otherOwner, otherCompany, editionId);

    // The API submits only an application whose eight criteria pass (docs/adr/0009), so the frozen snapshot of a
    // refused one failing two criteria (judged on figures at a loss) is written here as such a row holds it:
    //   RLP = REND − GAST = −20 000, not > 0; RCP = −20 000 / 400 000 = −0.05, not ≥ 0.1.
    const [row] = await ctx.db.select().from(applications).where(eq(applications.id, failing));
    const snapshot = row?.eligibility as Eligibility;
    const judged: Eligibility = {
      ...snapshot,
      eligible: false,
      applicationFinancialIndicators: snapshot.applicationFinancialIndicators.map((indicator) => {
        const code = indicator.criterionRatioDetails.code;
        if (code === 'RLP')
          return { ...indicator, value: '-20000', result: -20000, passed: false, gap: '-20000' };
        if (code === 'RCP')
          return { ...indicator, value: '-0.05', result: -0.05, passed: false, gap: '-0.15' };
        return indicator;
      }),
    };
    await ctx.db.update(applications).set({ eligibility: judged }).where(eq(applications.id, failing));

    await refuse(failing, 'Os indicadores não cumprem os limiares.');
    await refuse(passing, 'The Finance declaration is not signed.');
    const published = await send(admin, 'POST', `/editions/${editionId}/results/publish`);
    expect(published.statusCode, published.body).toBe(200);
    const mails = await deliver();
    const to = (address: string) => mails.find((mail) => mail.to?.[0]?.address === address)?.text ?? '';

    const pt = to('dona@rc.cv');
    expect(pt).toContain(
      [
        'A candidatura da empresa Boa Vista, Lda não obteve o estatuto nesta edição.',
        'Critérios que a empresa não cumpriu:',
        `Resultado Líquido Positivo: -20${NBSP}000 (limiar > 0).`,
        'Recomendação: A empresa deve apresentar lucro no exercício. Reveja a estrutura de gastos e a política de preços para voltar a resultados positivos.',
        'Rentabilidade dos Capitais Próprios: -0.05 (limiar ≥ 0.1).',
        'Recomendação: O resultado líquido deve remunerar pelo menos 10% dos capitais próprios. Melhore as margens ou a rotação dos ativos.',
        'Motivo: Os indicadores não cumprem os limiares.',
      ].join('\n'),
    );
    expect(pt).not.toContain('EBITDA');

    const fr = to('comptable@rc.cv');
    expect(fr).toContain(
      [
        "La candidature de Boa Vista, Lda n'a pas obtenu le statut dans cette édition.",
        "Critères que l'entreprise n'a pas remplis :",
        `Résultat net positif : -20${NBSP}000 (seuil > 0).`,
        "Recommandation : L'entreprise doit dégager un bénéfice sur l'exercice. Revoyez la structure des charges et la politique de prix pour revenir à un résultat positif.",
        'Rentabilité des capitaux propres : -0.05 (seuil ≥ 0.1).',
        'Recommandation : Le résultat net doit rémunérer au moins 10 % des capitaux propres. Améliorez les marges ou la rotation des actifs.',
        'Motif : Os indicadores não cumprem os limiares.',
      ].join('\n'),
    );
    const html = mails.find((mail) => mail.to?.[0]?.address === 'comptable@rc.cv')?.html ?? '';
    expect(html).toContain('<p>Rentabilité des capitaux propres : -0.05 (seuil ≥ 0.1).</p>');

    // A refusal for another reason (its criteria all passed) says that reason, as before, and names no criterion.
    const en = to('other@rc.cv');
    expect(en).toContain(
      [
        'The application of Outra, Lda was not granted the status in this edition.',
        'Reason: The Finance declaration is not signed.',
      ].join('\n'),
    );
    expect(en).not.toContain('Criteria the company did not meet');

    // The application the company reads carries each criterion's recommendation beside its figures.
    const read = await get(owner, `/companies/${company}/applications/${failing}`, { language: 'pt' });
    expect(read.statusCode).toBe(200);
    const failed = (
      read.json().applicationFinancialIndicators as Eligibility['applicationFinancialIndicators']
    )
      .filter((indicator) => indicator.passed === false)
      .map((indicator) => ({
        code: indicator.criterionRatioDetails.code,
        value: indicator.value,
        recommendation: indicator.criterionRatioDetails.recommendation?.fr,
      }));
    expect(failed).toEqual([
      {
        code: 'RLP',
        value: '-20000',
        recommendation:
          "L'entreprise doit dégager un bénéfice sur l'exercice. Revoyez la structure des charges et la politique de prix pour revenir à un résultat positif.",
      },
      {
        code: 'RCP',
        value: '-0.05',
        recommendation:
          'Le résultat net doit rémunérer au moins 10 % des capitaux propres. Améliorez les marges ou la rotation des actifs.',
      },
    ]);
    expect(read.json().decision).toMatchObject({ decision: 'unqualified' });
  });
});
