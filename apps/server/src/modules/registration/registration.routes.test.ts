import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import PostalMime, { type Email } from 'postal-mime';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { startReceiver, stopReceiver } from '../../../test/support/smtp.ts';
import {
  accounts,
  caeDivisions,
  caeSections,
  cities,
  companies,
  companyInvitations,
  companyMembers,
  companyTypes,
  islands,
  mailOutbox,
  pendingRegistrations,
} from '../../db/schema/index.ts';
import { createMailWorker } from '../../platform/mail/outbox.ts';

const logger = pino({ level: 'silent' });
const PASSWORD = 'Registo!Seguro-2026';

let ctx: TestContext;
let received: string[];
let receiver: { server: SMTPServer; port: number };
let worker: ReturnType<typeof createMailWorker>;
const ref = { sectionA: '', sectionB: '', divisionA: '', divisionB: '', island: '', city: '' };
/** Each test calls from its own client address, so the per-address rate limits stay out of the way. */
let address = 0;
let client: { remoteAddress: string; headers: { cookie: string; 'x-csrf-token': string } };

async function visitor() {
  address += 1;
  const remoteAddress = `10.0.0.${address}`;
  const csrf = (await ctx.app.inject({ method: 'GET', url: '/auth/csrf', remoteAddress })).json().csrfToken;
  return { remoteAddress, headers: { cookie: `portal_csrf=${csrf}`, 'x-csrf-token': csrf } };
}

function post(url: string, payload: Record<string, unknown>, who = client) {
  return ctx.app.inject({ method: 'POST', url: `/app/api/v1/${url}`, payload, ...who });
}

function form(overrides: Record<string, unknown> = {}) {
  return {
    companyName: 'Pastelaria Boa Vista, Lda',
    responsibleName: 'Maria Lopes',
    email: 'maria@boavista.cv',
    phone: '+238 991 23 45',
    nif: '123456789',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    caeSectionId: ref.sectionA,
    caeDivisionId: ref.divisionA,
    islandId: ref.island,
    cityId: ref.city,
    acceptedTerms: true,
    language: 'pt',
    ...overrides,
  };
}

/** Sends the outbox and returns the new messages, parsed. */
async function deliver(at?: Date): Promise<Email[]> {
  const before = received.length;
  await worker.runOnce(at);
  return Promise.all(received.slice(before).map((raw) => PostalMime.parse(Buffer.from(raw, 'latin1'))));
}

function tokenIn(message: Email | undefined, path: string): string {
  const match = new RegExp(`http://localhost:4200/(pt|en|fr)/register/${path}\\?token=([\\w-]+)`).exec(
    message?.text ?? '',
  );
  if (!match?.[2]) throw new Error(`No ${path} link in ${message?.text}`);
  return match[2];
}

async function count(
  table: typeof accounts | typeof companies | typeof mailOutbox | typeof pendingRegistrations,
) {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
}

beforeAll(async () => {
  ctx = await createTestContext();
  received = [];
  receiver = await startReceiver(received);
  worker = createMailWorker({
    db: ctx.db,
    smtpUrl: `smtp://127.0.0.1:${receiver.port}`,
    from: 'Excelência <no-reply@excelencia.test>',
    logger,
  });
});

beforeEach(async () => {
  await ctx.reset();
  const text = (pt: string) => ({ pt, en: `${pt} (en)`, fr: `${pt} (fr)` });
  const [a, b] = await ctx.db
    .insert(caeSections)
    .values([
      { code: 'G', description: text('Comércio') },
      { code: 'I', description: text('Alojamento') },
    ])
    .returning();
  const [da, db] = await ctx.db
    .insert(caeDivisions)
    .values([
      { code: '47', description: text('Comércio a retalho'), sectionId: a?.id as string },
      { code: '56', description: text('Restauração'), sectionId: b?.id as string },
    ])
    .returning();
  const [island] = await ctx.db
    .insert(islands)
    .values({ code: 'ST', description: text('Santiago') })
    .returning();
  const [city] = await ctx.db
    .insert(cities)
    .values({ code: 'PR', description: text('Praia'), islandId: island?.id as string })
    .returning();
  Object.assign(ref, {
    sectionA: a?.id,
    sectionB: b?.id,
    divisionA: da?.id,
    divisionB: db?.id,
    island: island?.id,
    city: city?.id,
  });
  client = await visitor();
});

afterAll(async () => {
  await worker.stop();
  await stopReceiver(receiver.server);
  await ctx.close();
});

describe('registration with e-mail confirmation', () => {
  it('registers, mails the link over SMTP, refuses sign-in until confirmed, then the company user is in', async () => {
    const email = 'maria.reg1@boavista.cv';
    const response = await post('registrations', form({ email }));
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: 'pending', email });
    expect(await count(companies)).toBe(0);

    const [message] = await deliver();
    expect(message?.to?.[0]?.address).toBe(email);
    expect(message?.subject).toBe('Confirme o registo da sua empresa — Excelência Empresarial');
    expect(message?.html).toContain('/pt/register/confirm?token=');
    const token = tokenIn(message, 'confirm');
    expect((await ctx.db.select().from(pendingRegistrations))[0]?.payload).not.toHaveProperty('password');

    await expect(ctx.signIn(email, PASSWORD)).rejects.toThrow();

    const confirmed = await post('registrations/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'confirmed', email });

    const session: SignedIn = await ctx.signIn(email, PASSWORD);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: { cookie: session.cookie },
    });
    expect(JSON.stringify(me.json())).toContain('company');
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/app/api/v1/me/companies',
      headers: { cookie: session.cookie },
    });
    expect(mine.statusCode).toBe(200);
    expect(JSON.stringify(mine.json())).toContain('Pastelaria Boa Vista, Lda');
    const [company] = await ctx.db.select().from(companies);
    expect(company).toMatchObject({
      nif: '123456789',
      email,
      phone: '+238 991 23 45',
      responsibleName: 'Maria Lopes',
      caeDivisionId: ref.divisionA,
      cityId: ref.city,
    });

    const again = await post('registrations/confirm', { token });
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe('link_invalid');
  });

  it('refuses a NIF or an e-mail already registered with 409, creating nothing anywhere', async () => {
    const owner = await ctx.createUser({ email: 'dono@existente.cv', roles: ['company'] });
    await ctx.linkCompany(owner.accountId, { companyName: 'Existente, SA', nif: '200000009' });
    const mailsBefore = await count(mailOutbox);

    const nif = await post('registrations', form({ email: 'novo.nif@empresa.cv', nif: '200000009' }));
    expect(nif.statusCode).toBe(409);
    expect(nif.json().error).toMatchObject({ code: 'nif_taken', details: [{ path: 'nif' }] });
    expect(nif.json().error.message).not.toContain('Existente');

    const mail = await post('registrations', form({ email: 'DONO@existente.cv', nif: '300000001' }));
    expect(mail.statusCode).toBe(409);
    expect(mail.json().error).toMatchObject({ code: 'email_taken', details: [{ path: 'email' }] });

    expect(await ctx.identity.findUserByEmail('novo.nif@empresa.cv')).toBeNull();
    expect(await count(pendingRegistrations)).toBe(0);
    expect(await count(mailOutbox)).toBe(mailsBefore);

    // A NIF held by a registration waiting for confirmation is taken too.
    expect(
      (await post('registrations', form({ email: 'first@empresa.cv', nif: '300000002' }))).statusCode,
    ).toBe(202);
    const held = await post('registrations', form({ email: 'second@empresa.cv', nif: '300000002' }));
    expect(held.json().error.code).toBe('nif_taken');
    expect(await ctx.identity.findUserByEmail('second@empresa.cv')).toBeNull();
  });

  it('answers 409 registration_pending only to the same e-mail and NIF, and resend then sends a working link', async () => {
    const email = 'pendente@empresa.cv';
    expect((await post('registrations', form({ email, nif: '300000006' }))).statusCode).toBe(202);
    const first = tokenIn((await deliver())[0], 'confirm');

    const again = await post('registrations', form({ email: 'Pendente@Empresa.cv', nif: '300000006' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'registration_pending',
      key: 'companies:errors.registrationPending',
      message:
        'Já existe um registo com este e-mail e este NIF à espera de confirmação. Abra a ligação enviada por e-mail ou peça uma nova.',
    });
    expect(again.json().error.details).toBeUndefined();
    // Knowing only one of the two tells no more than before: the NIF or the e-mail is taken.
    const otherNif = await post('registrations', form({ email, nif: '300000007' }));
    expect(otherNif.json().error.code).toBe('email_taken');
    const otherEmail = await post('registrations', form({ email: 'outro@empresa.cv', nif: '300000006' }));
    expect(otherEmail.json().error.code).toBe('nif_taken');
    expect(await count(pendingRegistrations)).toBe(1);
    expect(await deliver()).toHaveLength(0);

    // The visitor asks for a new link: the old one stops working, the new one confirms.
    expect((await post('registrations/resend', { email })).statusCode).toBe(202);
    const fresh = tokenIn((await deliver())[0], 'confirm');
    expect((await post('registrations/confirm', { token: first })).json().error.code).toBe('link_invalid');
    expect((await post('registrations/confirm', { token: fresh })).statusCode).toBe(200);

    // Once confirmed, the same details answer as for any registered company, and resend stays silent.
    const done = await post('registrations', form({ email, nif: '300000006' }));
    expect(done.json().error.code).toBe('nif_taken');
    const resend = await post('registrations/resend', { email });
    expect(resend.statusCode).toBe(202);
    expect(resend.json()).toEqual({ status: 'accepted' });
    expect(await deliver()).toHaveLength(0);
  });

  it('answers 410 link_expired for an old link; resend sends a working one and retires the old', async () => {
    const email = 'expira@empresa.cv';
    expect((await post('registrations', form({ email, nif: '300000003' }))).statusCode).toBe(202);
    const old = tokenIn((await deliver())[0], 'confirm');
    await ctx.db.update(pendingRegistrations).set({ expiresAt: new Date(Date.now() - 1000) });

    const expired = await post('registrations/confirm', { token: old });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toMatchObject({ code: 'link_expired', key: 'errors:linkExpired' });

    const resend = await post('registrations/resend', { email });
    expect(resend.statusCode).toBe(202);
    const fresh = tokenIn((await deliver())[0], 'confirm');
    expect(fresh).not.toBe(old);
    expect((await post('registrations/confirm', { token: old })).json().error.code).toBe('link_invalid');
    expect((await post('registrations/confirm', { token: fresh })).statusCode).toBe(200);
    await ctx.signIn(email, PASSWORD);

    // Resending for an unknown address answers the same and sends nothing.
    expect((await post('registrations/resend', { email: 'ninguem@empresa.cv' })).statusCode).toBe(202);
    expect(await deliver()).toHaveLength(0);
  });

  it('answers 409 with a clear message when the chosen division was deactivated before the link was followed, and a new registration is then open', async () => {
    const email = 'divisao@empresa.cv';
    expect((await post('registrations', form({ email, nif: '300000009' }))).statusCode).toBe(202);
    const token = tokenIn((await deliver())[0], 'confirm');
    await ctx.db.update(caeDivisions).set({ isActive: false }).where(eq(caeDivisions.id, ref.divisionA));

    const refused = await post('registrations/confirm', { token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'registration_place_gone',
      message:
        'A divisão CAE ou a cidade escolhida no registo já não está disponível. Registe a empresa novamente.',
    });
    expect(await count(companies)).toBe(0);
    expect(await count(accounts)).toBe(0);

    const again = await post(
      'registrations',
      form({ email, nif: '300000009', caeDivisionId: ref.divisionB, caeSectionId: ref.sectionB }),
    );
    expect(again.statusCode).toBe(202);
    expect(
      (await post('registrations/confirm', { token: tokenIn((await deliver())[0], 'confirm') })).statusCode,
    ).toBe(200);
    await ctx.signIn(email, PASSWORD);
  });

  it('refuses a division of another section and a wrong city with 400 on the field', async () => {
    const response = await post(
      'registrations',
      form({ email: 'secao@empresa.cv', caeDivisionId: ref.divisionB }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([{ path: 'caeDivisionId', message: 'Escolha uma opção' }]);
    const invalid = await post('registrations', form({ email: 'x', nif: '12', acceptedTerms: false }));
    expect(invalid.statusCode).toBe(400);
    const paths = invalid.json().error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'nif', 'acceptedTerms']));
    expect(await ctx.identity.findUserByEmail('secao@empresa.cv')).toBeNull();
  });

  it('keeps the mail when SMTP is down and delivers a working link once it is back', async () => {
    await stopReceiver(receiver.server);
    const email = 'retry@empresa.cv';
    expect((await post('registrations', form({ email, nif: '300000004', language: 'fr' }))).statusCode).toBe(
      202,
    );
    const t0 = new Date(Date.now() + 1000);
    expect(await deliver(t0)).toHaveLength(0);
    const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row?.lastError).toBeTruthy();

    receiver = await startReceiver(received, receiver.port);
    const [message] = await deliver(new Date(t0.getTime() + 31_000));
    expect(message?.subject).toBe("Confirmez l'inscription de votre entreprise — Excellence des Entreprises");
    expect(message?.text).toContain('/fr/register/confirm?token=');
    expect((await post('registrations/confirm', { token: tokenIn(message, 'confirm') })).statusCode).toBe(
      200,
    );
  });

  it('answers 429 once a client address sent too many registrations', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post('registrations', { nif: 'x' })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const other = await visitor();
    expect((await post('registrations', { nif: 'x' }, other)).statusCode).toBe(400);
  });
});

describe('public options', () => {
  it('lists active sections, the divisions of one section, islands and cities in the caller language', async () => {
    const get = (url: string, language = 'pt') =>
      ctx.app.inject({
        method: 'GET',
        url: `/app/api/v1/public/options/${url}`,
        headers: { 'x-language': language },
      });
    expect((await get('cae-sections')).json().map((o: { code: string }) => o.code)).toEqual(['G', 'I']);
    expect((await get(`cae-divisions?sectionId=${ref.sectionB}`, 'fr')).json()).toEqual([
      { id: ref.divisionB, code: '56', label: 'Restauração (fr)' },
    ]);
    expect((await get('islands', 'en')).json()).toEqual([
      { id: ref.island, code: 'ST', label: 'Santiago (en)' },
    ]);
    expect((await get(`cities?islandId=${ref.island}`)).json()).toEqual([
      { id: ref.city, code: 'PR', label: 'Praia' },
    ]);
  });

  it('lists the active company types for the company profile form', async () => {
    const text = (pt: string) => ({ pt, en: `${pt} (en)`, fr: `${pt} (fr)` });
    await ctx.db.insert(companyTypes).values([
      { code: 'SA', description: text('Sociedade anónima') },
      { code: 'LDA', description: text('Sociedade por quotas') },
      { code: 'OLD', description: text('Antiga forma'), isActive: false },
    ]);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/app/api/v1/public/options/company-types',
      headers: { 'x-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((o: { code: string; label: string }) => [o.code, o.label])).toEqual([
      ['SA', 'Sociedade anónima (en)'],
      ['LDA', 'Sociedade por quotas (en)'],
    ]);
  });
});

describe('invitations (admin pre-registration)', () => {
  it('pre-registers, invites, and the accepted invitation signs in linked to the company', async () => {
    const admin = await ctx.createUser({ email: 'admin@excelencia.test', roles: ['admin'] });
    const adminSession = await ctx.signIn(admin.email, admin.password);
    const company = await ctx.createUser({ email: 'outra@empresa.cv', roles: ['company'] });
    const companySession = await ctx.signIn(company.email, company.password);
    const body = {
      companyName: 'Hotel Atlântico',
      nif: '400000001',
      email: 'gerente@atlantico.cv',
      responsibleName: 'Rui Gomes',
      language: 'en',
      cityId: ref.city,
    };
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/app/api/v1/companies/pre-registrations',
      headers: companySession.headers,
      payload: body,
    });
    expect(refused.statusCode).toBe(403);
    const listRefused = await ctx.app.inject({
      method: 'GET',
      url: '/app/api/v1/companies/pre-registrations',
      headers: { cookie: companySession.cookie },
    });
    expect(listRefused.statusCode).toBe(403);

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/app/api/v1/companies/pre-registrations',
      headers: adminSession.headers,
      payload: body,
    });
    expect(created.statusCode).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({ companyName: 'Hotel Atlântico', state: 'pending', sentCount: 1 });
    const first = tokenIn((await deliver())[0], 'invitation');

    const resent = await ctx.app.inject({
      method: 'POST',
      url: `/app/api/v1/companies/pre-registrations/${item.id}/resend`,
      headers: adminSession.headers,
    });
    expect(resent.json()).toMatchObject({ sentCount: 2, state: 'pending' });
    const [message] = await deliver();
    expect(message?.subject).toBe('Invitation to the Business Excellence portal — Hotel Atlântico');
    const token = tokenIn(message, 'invitation');
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/app/api/v1/invitations/${first}` })).statusCode,
    ).toBe(410);

    const summary = await ctx.app.inject({ method: 'GET', url: `/app/api/v1/invitations/${token}` });
    expect(summary.json()).toEqual({
      companyName: 'Hotel Atlântico',
      email: 'gerente@atlantico.cv',
      name: 'Rui Gomes',
    });
    const mismatch = await post('invitations/accept', {
      token,
      password: PASSWORD,
      confirmPassword: 'other',
    });
    expect(mismatch.statusCode).toBe(400);
    const accepted = await post('invitations/accept', {
      token,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ status: 'accepted', email: 'gerente@atlantico.cv' });
    expect(
      (await post('invitations/accept', { token, password: PASSWORD, confirmPassword: PASSWORD })).statusCode,
    ).toBe(410);

    const session = await ctx.signIn('gerente@atlantico.cv', PASSWORD);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/app/api/v1/me/companies',
      headers: { cookie: session.cookie },
    });
    expect(JSON.stringify(mine.json())).toContain(item.companyId);
    const [account] = await ctx.db.select().from(accounts).where(eq(accounts.email, 'gerente@atlantico.cv'));
    const members = await ctx.db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.accountId, account?.id ?? ''));
    expect(members.map((m) => m.companyId)).toEqual([item.companyId]);

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/app/api/v1/companies/pre-registrations?search=atlantico',
      headers: { cookie: adminSession.cookie },
    });
    expect(list.json()).toMatchObject({ total: 1, items: [{ state: 'accepted', sentCount: 2 }] });
    const [invitation] = await ctx.db.select().from(companyInvitations);
    expect(invitation?.acceptedAt).toBeInstanceOf(Date);
  });

  it('links an existing company account to the invited company, keeping its other company', async () => {
    const admin = await ctx.createUser({ email: 'admin2@excelencia.test', roles: ['admin'] });
    const adminSession = await ctx.signIn(admin.email, admin.password);
    const owner = await ctx.createUser({ email: 'dona@duas.cv', roles: ['company'] });
    const firstCompany = await ctx.linkCompany(owner.accountId, {
      companyName: 'Primeira, Lda',
      nif: '400000002',
    });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/app/api/v1/companies/pre-registrations',
      headers: adminSession.headers,
      payload: {
        companyName: 'Segunda, Lda',
        nif: '400000003',
        email: 'Dona@duas.cv',
        responsibleName: 'Dona',
      },
    });
    expect(created.statusCode).toBe(201);
    const token = tokenIn((await deliver())[0], 'invitation');
    const accepted = await post('invitations/accept', {
      token,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(accepted.statusCode).toBe(200);
    const session = await ctx.signIn('dona@duas.cv', PASSWORD);
    const mine = JSON.stringify(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/app/api/v1/me/companies',
          headers: { cookie: session.cookie },
        })
      ).json(),
    );
    expect(mine).toContain(firstCompany);
    expect(mine).toContain(created.json().companyId);
    expect(await count(accounts)).toBe(2);
  });
});

describe('/dev/mail', () => {
  it('lists the outbox newest first with clickable, escaped content', async () => {
    expect(
      (
        await post(
          'registrations',
          form({ email: 'viewer@empresa.cv', nif: '300000005', companyName: '<b>Tag</b> & Co' }),
        )
      ).statusCode,
    ).toBe(202);
    const page = await ctx.app.inject({ method: 'GET', url: '/dev/mail', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('viewer@empresa.cv');
    expect(page.body).toContain('&lt;b&gt;Tag&lt;/b&gt; &amp; Co');
    expect(page.body).not.toContain('<b>Tag</b>');
    expect(page.body).toMatch(/<a href="http:\/\/localhost:4200\/pt\/register\/confirm\?token=[\w-]+">/);
    expect(page.body).not.toContain('<script');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});
