import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import PostalMime, { type Email } from 'postal-mime';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { apiCalls, type Caller, visitorCsrf } from '../../../test/support/http.ts';
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
  registrationMailWindows,
} from '../../db/schema/index.ts';
import { listAudit } from '../../platform/audit/audit.ts';
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
let client: Caller;

const { get, send, as } = apiCalls(() => ctx.app);

/** A visitor holding the CSRF cookie, calling from the next client address. */
async function visitor(): Promise<Caller> {
  address += 1;
  const remoteAddress = `10.0.0.${address}`;
  return as(await visitorCsrf(ctx.app, remoteAddress), { remoteAddress });
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
    const response = await client.post('registrations', form({ email }));
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

    const confirmed = await client.post('registrations/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'confirmed', email });

    const session: SignedIn = await ctx.signIn(email, PASSWORD);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: { cookie: session.cookie },
    });
    expect(JSON.stringify(me.json())).toContain('company');
    const mine = await get(session, '/me/companies');
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

    const again = await client.post('registrations/confirm', { token });
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe('link_invalid');
  });

  it('refuses only the NIF of a confirmed company (409), creating nothing anywhere', async () => {
    const owner = await ctx.createUser({ email: 'dono@existente.cv', roles: ['company'] });
    await ctx.linkCompany(owner.accountId, { companyName: 'Existente, SA', nif: '200000009' });
    const mailsBefore = await count(mailOutbox);

    const nif = await client.post('registrations', form({ email: 'novo.nif@empresa.cv', nif: '200000009' }));
    expect(nif.statusCode).toBe(409);
    expect(nif.json().error).toMatchObject({ code: 'nif_taken', details: [{ path: 'nif' }] });
    expect(nif.json().error.message).not.toContain('Existente');
    expect(await ctx.identity.findUserByEmail('novo.nif@empresa.cv')).toBeNull();
    expect(await count(pendingRegistrations)).toBe(0);
    expect(await count(mailOutbox)).toBe(mailsBefore);

    // A NIF claimed by a registration waiting for confirmation is not held: both wait, each with its link.
    expect(
      (await client.post('registrations', form({ email: 'first@empresa.cv', nif: '300000002' }))).statusCode,
    ).toBe(202);
    const second = await client.post('registrations', form({ email: 'second@empresa.cv', nif: '300000002' }));
    expect(second.statusCode).toBe(202);
    expect(await count(pendingRegistrations)).toBe(2);
    expect((await deliver()).map((m) => m.to?.[0]?.address)).toEqual([
      'first@empresa.cv',
      'second@empresa.cv',
    ]);
  });

  it("answers an account's e-mail byte for byte as a new one, and mails the account in its language instead", async () => {
    const owner = await ctx.createUser({
      email: 'conta@existente.cv',
      roles: ['company'],
      name: 'Ana Conta',
    });
    await ctx.db.update(accounts).set({ language: 'fr' }).where(eq(accounts.id, owner.accountId));
    const fresh = await client.post('registrations', form({ email: 'nova@empresa.cv', nif: '300000011' }));
    await deliver();
    const taken = await (await visitor()).post(
      'registrations',
      form({ email: 'Conta@Existente.cv', nif: '300000012', companyName: 'Ligue 000 000 000' }),
    );

    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(202);
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
    expect(taken.body.replace('conta@existente.cv', '<e-mail>')).toBe(
      fresh.body.replace('nova@empresa.cv', '<e-mail>'),
    );
    expect(taken.body).toBe(JSON.stringify({ status: 'pending', email: 'conta@existente.cv' }));

    // Nothing was registered: no pending row, no second account at the provider.
    const pending = await ctx.db.select().from(pendingRegistrations);
    expect(pending.map((row) => row.email)).toEqual(['nova@empresa.cv']);
    const [message] = await deliver();
    expect(message?.to?.[0]?.address).toBe('conta@existente.cv');
    expect(message?.subject).toBe('Tentative d’inscription avec votre e-mail — Excellence des Entreprises');
    expect(message?.text).toContain('Bonjour Ana Conta,');
    expect(message?.text).toContain("Quelqu'un a tenté d'inscrire une entreprise");
    expect(message?.text).toContain('« Mot de passe oublié ? »');
    expect(message?.text).toContain(
      'http://localhost:4200/auth/login?callbackUrl=%2Ffr%2Fcompany%2Fdashboard&lang=fr',
    );
    // What the requester typed does not reach the account's mailbox.
    expect(message?.text).not.toContain('Ligue 000');
    expect(message?.text).not.toContain('/register/confirm');
    await ctx.signIn('conta@existente.cv', owner.password);
  });

  it('answers a repeated registration of a waiting address as a new one, with a fresh link to the waiting registration', async () => {
    const email = 'pendente@empresa.cv';
    const first = await client.post('registrations', form({ email, nif: '300000006' }));
    expect(first.statusCode).toBe(202);
    const firstToken = tokenIn((await deliver())[0], 'confirm');

    for (const nif of ['300000006', '300000007']) {
      const again = await client.post('registrations', form({ email: 'Pendente@Empresa.cv', nif }));
      expect(again.statusCode).toBe(202);
      expect(again.body).toBe(first.body);
    }
    expect(await count(pendingRegistrations)).toBe(1);
    const repeated = await deliver();
    expect(repeated).toHaveLength(2);
    expect(repeated[0]?.subject).toBe(
      'O registo da sua empresa está à espera de confirmação — Excelência Empresarial',
    );
    expect(repeated[0]?.text).toContain('Pastelaria Boa Vista, Lda');
    const latest = tokenIn(repeated[1], 'confirm');

    // Only the newest link works; it confirms the registration that was waiting.
    expect((await client.post('registrations/confirm', { token: firstToken })).json().error.code).toBe(
      'link_invalid',
    );
    expect((await client.post('registrations/confirm', { token: latest })).statusCode).toBe(200);
    const [company] = await ctx.db.select().from(companies);
    expect(company?.nif).toBe('300000006');

    // Once confirmed, the NIF answers as any registered company's, the e-mail as any new one's (its owner told,
    // an hour later: the address had its three mails), and resend stays silent.
    expect((await client.post('registrations', form({ email, nif: '300000006' }))).json().error.code).toBe(
      'nif_taken',
    );
    await ctx.db
      .update(registrationMailWindows)
      .set({ requestWindowStartedAt: new Date(Date.now() - 61 * 60_000) });
    const other = await client.post('registrations', form({ email, nif: '300000008' }));
    expect(other.statusCode).toBe(202);
    expect(other.body).toBe(first.body);
    expect((await deliver()).map((m) => m.subject)).toEqual([
      'Tentativa de registo com o seu e-mail — Excelência Empresarial',
    ]);
    const resend = await client.post('registrations/resend', { email });
    expect(resend.statusCode).toBe(202);
    expect(resend.json()).toEqual({ status: 'accepted' });
    expect(await deliver()).toHaveLength(0);
  });

  it('sends at most 3 registration mails an hour to one address, whoever asks, with the same answer', async () => {
    const email = 'muitos@empresa.cv';
    expect((await client.post('registrations', form({ email, nif: '300000013' }))).statusCode).toBe(202);
    expect(await deliver()).toHaveLength(1);
    // The hour of that first mail is over.
    await ctx.db
      .update(registrationMailWindows)
      .set({ requestWindowStartedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(registrationMailWindows.email, email));

    const answers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await (await visitor()).post('registrations/resend', { email });
      answers.push(`${res.statusCode} ${res.body}`);
    }
    expect(answers).toEqual(Array(4).fill('202 {"status":"accepted"}'));
    const mails = await deliver();
    expect(mails).toHaveLength(3);
    expect(new Set(mails.map((m) => m.to?.[0]?.address))).toEqual(new Set([email]));
    // A registration of the same address is answered alike and mails nothing more this hour.
    const again = await (await visitor()).post('registrations', form({ email, nif: '300000013' }));
    expect(again.statusCode).toBe(202);
    expect(await deliver()).toHaveLength(0);
    const outbox = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(outbox).toHaveLength(4);

    // The last link mailed still confirms: the refused resends changed nothing.
    expect(
      (await client.post('registrations/confirm', { token: tokenIn(mails[2], 'confirm') })).statusCode,
    ).toBe(200);
  });

  it('answers 410 link_expired for an old link; resend sends a working one and retires the old', async () => {
    const email = 'expira@empresa.cv';
    expect((await client.post('registrations', form({ email, nif: '300000003' }))).statusCode).toBe(202);
    const old = tokenIn((await deliver())[0], 'confirm');
    await ctx.db.update(pendingRegistrations).set({ expiresAt: new Date(Date.now() - 1000) });

    const expired = await client.post('registrations/confirm', { token: old });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toMatchObject({ code: 'link_expired', key: 'errors:linkExpired' });

    const resend = await client.post('registrations/resend', { email });
    expect(resend.statusCode).toBe(202);
    const fresh = tokenIn((await deliver())[0], 'confirm');
    expect(fresh).not.toBe(old);
    expect((await client.post('registrations/confirm', { token: old })).json().error.code).toBe(
      'link_invalid',
    );
    expect((await client.post('registrations/confirm', { token: fresh })).statusCode).toBe(200);
    await ctx.signIn(email, PASSWORD);

    // Resending for an unknown address answers the same and sends nothing.
    expect((await client.post('registrations/resend', { email: 'ninguem@empresa.cv' })).statusCode).toBe(202);
    expect(await deliver()).toHaveLength(0);
  });

  it('answers 409 with a clear message when the chosen division was deactivated before the link was followed, and a new registration is then open', async () => {
    const email = 'divisao@empresa.cv';
    expect((await client.post('registrations', form({ email, nif: '300000009' }))).statusCode).toBe(202);
    const token = tokenIn((await deliver())[0], 'confirm');
    await ctx.db.update(caeDivisions).set({ isActive: false }).where(eq(caeDivisions.id, ref.divisionA));

    const refused = await client.post('registrations/confirm', { token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'registration_place_gone',
      message:
        'A divisão CAE ou a cidade escolhida no registo já não está disponível. Registe a empresa novamente.',
    });
    expect(await count(companies)).toBe(0);
    expect(await count(accounts)).toBe(0);

    const again = await client.post(
      'registrations',
      form({ email, nif: '300000009', caeDivisionId: ref.divisionB, caeSectionId: ref.sectionB }),
    );
    expect(again.statusCode).toBe(202);
    expect(
      (await client.post('registrations/confirm', { token: tokenIn((await deliver())[0], 'confirm') }))
        .statusCode,
    ).toBe(200);
    await ctx.signIn(email, PASSWORD);
  });

  it('refuses a division of another section and a wrong city with 400 on the field', async () => {
    const response = await client.post(
      'registrations',
      form({ email: 'secao@empresa.cv', caeDivisionId: ref.divisionB }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([{ path: 'caeDivisionId', message: 'Escolha uma opção' }]);
    const invalid = await client.post('registrations', form({ email: 'x', nif: '12', acceptedTerms: false }));
    expect(invalid.statusCode).toBe(400);
    const paths = invalid.json().error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'nif', 'acceptedTerms']));
    expect(await ctx.identity.findUserByEmail('secao@empresa.cv')).toBeNull();
  });

  it('keeps the mail when SMTP is down and delivers a working link once it is back', async () => {
    await stopReceiver(receiver.server);
    const email = 'retry@empresa.cv';
    expect(
      (await client.post('registrations', form({ email, nif: '300000004', language: 'fr' }))).statusCode,
    ).toBe(202);
    const t0 = new Date(Date.now() + 1000);
    expect(await deliver(t0)).toHaveLength(0);
    const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row?.lastError).toBeTruthy();

    receiver = await startReceiver(received, receiver.port);
    const [message] = await deliver(new Date(t0.getTime() + 31_000));
    expect(message?.subject).toBe("Confirmez l'inscription de votre entreprise — Excellence des Entreprises");
    expect(message?.text).toContain('/fr/register/confirm?token=');
    expect(
      (await client.post('registrations/confirm', { token: tokenIn(message, 'confirm') })).statusCode,
    ).toBe(200);
  });

  it('answers 429 once a client address sent too many registrations', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await client.post('registrations', { nif: 'x' })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const other = await visitor();
    expect((await other.post('registrations', { nif: 'x' })).statusCode).toBe(400);
  });
});

describe('public options', () => {
  it('lists active sections, the divisions of one section, islands and cities in the caller language', async () => {
    const options = (url: string, language = 'pt') => get(null, `/public/options/${url}`, { language });
    expect((await options('cae-sections')).json().map((o: { code: string }) => o.code)).toEqual(['G', 'I']);
    expect((await options(`cae-divisions?sectionId=${ref.sectionB}`, 'fr')).json()).toEqual([
      { id: ref.divisionB, code: '56', label: 'Restauração (fr)' },
    ]);
    expect((await options('islands', 'en')).json()).toEqual([
      { id: ref.island, code: 'ST', label: 'Santiago (en)' },
    ]);
    expect((await options(`cities?islandId=${ref.island}`)).json()).toEqual([
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
    const res = await get(null, '/public/options/company-types', { language: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((o: { code: string; label: string }) => [o.code, o.label])).toEqual([
      ['SA', 'Sociedade anónima (en)'],
      ['LDA', 'Sociedade por quotas (en)'],
    ]);
  });
});

describe('invitations (admin pre-registration)', () => {
  it('pre-registers, invites, and the accepted invitation signs in linked to the company', async () => {
    const admin = await ctx.createUser({
      email: 'admin@excelencia.test',
      name: 'Ana Tavares',
      roles: ['admin'],
    });
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
    const refused = await send(companySession, 'POST', '/companies/pre-registrations', body);
    expect(refused.statusCode).toBe(403);
    const listRefused = await get(companySession, '/companies/pre-registrations');
    expect(listRefused.statusCode).toBe(403);

    const created = await send(adminSession, 'POST', '/companies/pre-registrations', body);
    expect(created.statusCode).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({ companyName: 'Hotel Atlântico', state: 'pending', sentCount: 1 });
    const firstMail = (await deliver())[0];
    const first = tokenIn(firstMail, 'invitation');
    // It says who invited them, in their language (en here).
    expect(firstMail?.text).toContain(
      'Ana Tavares, of the Business Excellence portal team, pre-registered the company Hotel Atlântico on the portal with you as its responsible person.',
    );

    const resent = await send(adminSession, 'POST', `/companies/pre-registrations/${item.id}/resend`);
    expect(resent.json()).toMatchObject({ sentCount: 2, state: 'pending' });
    const [message] = await deliver();
    expect(message?.subject).toBe('Invitation to the Business Excellence portal — Hotel Atlântico');
    expect(message?.text).toContain('Ana Tavares, of the Business Excellence portal team');
    const token = tokenIn(message, 'invitation');
    expect((await get(null, `/invitations/${first}`)).statusCode).toBe(410);

    const summary = await get(null, `/invitations/${token}`);
    expect(summary.json()).toEqual({
      companyName: 'Hotel Atlântico',
      email: 'gerente@atlantico.cv',
      name: 'Rui Gomes',
      role: 'owner',
      kind: 'owner',
      hasAccount: false,
      invitedByName: null,
    });
    const mismatch = await client.post('invitations/accept', {
      token,
      password: PASSWORD,
      confirmPassword: 'other',
      acceptedTerms: true,
    });
    expect(mismatch.statusCode).toBe(400);
    // The privacy policy and the regulation are accepted as a self-registration accepts them, with its message.
    const registrationWithout = await client.post('registrations', form({ acceptedTerms: false }));
    expect(registrationWithout.statusCode).toBe(400);
    const termsMessage = registrationWithout
      .json()
      .error.details.find((d: { path: string }) => d.path === 'acceptedTerms')?.message;
    expect(termsMessage).toBe('Tem de aceitar os termos e condições');
    for (const acceptedTerms of [undefined, false]) {
      const withoutTerms = await client.post('invitations/accept', {
        token,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptedTerms,
      });
      expect(withoutTerms.statusCode).toBe(400);
      expect(withoutTerms.json().error.details).toEqual([{ path: 'acceptedTerms', message: termsMessage }]);
    }
    expect(await count(accounts)).toBe(2);
    const accepted = await client.post('invitations/accept', {
      token,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptedTerms: true,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ status: 'accepted', email: 'gerente@atlantico.cv' });
    expect(
      (
        await client.post('invitations/accept', {
          token,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          acceptedTerms: true,
        })
      ).statusCode,
    ).toBe(410);

    const session = await ctx.signIn('gerente@atlantico.cv', PASSWORD);
    const mine = await get(session, '/me/companies');
    expect(JSON.stringify(mine.json())).toContain(item.companyId);
    const [account] = await ctx.db.select().from(accounts).where(eq(accounts.email, 'gerente@atlantico.cv'));
    const members = await ctx.db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.accountId, account?.id ?? ''));
    expect(members.map((m) => m.companyId)).toEqual([item.companyId]);

    const list = await get(adminSession, '/companies/pre-registrations?search=atlantico');
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
    const created = await send(adminSession, 'POST', '/companies/pre-registrations', {
      companyName: 'Segunda, Lda',
      nif: '400000003',
      email: 'Dona@duas.cv',
      responsibleName: 'Dona',
    });
    expect(created.statusCode).toBe(201);
    const token = tokenIn((await deliver())[0], 'invitation');
    const accepted = await client.post('invitations/accept', {
      token,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptedTerms: true,
    });
    expect(accepted.statusCode).toBe(200);
    const session = await ctx.signIn('dona@duas.cv', PASSWORD);
    const mine = JSON.stringify((await get(session, '/me/companies')).json());
    expect(mine).toContain(firstCompany);
    expect(mine).toContain(created.json().companyId);
    expect(await count(accounts)).toBe(2);
  });
});

describe('NIF claims', () => {
  let admin: SignedIn;
  let adminName: string;

  beforeEach(async () => {
    const user = await ctx.createUser({
      email: 'admin.nif@excelencia.test',
      roles: ['admin'],
      name: 'Admin NIF',
    });
    adminName = user.name;
    admin = await ctx.signIn(user.email, user.password);
  });

  const conflicts = async () => {
    const res = await get(admin, '/companies/nif-conflicts');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { nif: string; claims: { kind: string; id: string; email: string }[] }[];
  };
  const settle = (nif: string, kind: string, id: string) =>
    send(admin, 'POST', '/companies/nif-conflicts/settle', { nif, keep: { kind, id } });
  const preRegister = (payload: Record<string, unknown>) =>
    send(admin, 'POST', '/companies/pre-registrations', {
      companyName: 'Pré, Lda',
      responsibleName: 'Pré Responsável',
      ...payload,
    });

  it('an unconfirmed registration does not block the real company; the admin sees both and keeps the real one', async () => {
    const nif = '500000001';
    const squatter = await client.post(
      'registrations',
      form({
        email: 'ocupa@falsa.cv',
        nif,
        companyName: 'Falsa, Lda',
        responsibleName: 'Zé Falso',
        language: 'fr',
      }),
    );
    expect(squatter.statusCode).toBe(202);
    const real = await (await visitor()).post('registrations', form({ email: 'maria@real.cv', nif }));
    expect(real.statusCode).toBe(202);
    const [squatterMail, realMail] = await deliver();
    const squatterToken = tokenIn(squatterMail, 'confirm');
    const realToken = tokenIn(realMail, 'confirm');

    const [conflict, ...none] = await conflicts();
    expect(none).toEqual([]);
    expect(conflict).toEqual({
      nif,
      claims: [
        expect.objectContaining({
          kind: 'registration',
          companyName: 'Falsa, Lda',
          name: 'Zé Falso',
          email: 'ocupa@falsa.cv',
          language: 'fr',
          createdAt: expect.any(String),
          expiresAt: expect.any(String),
        }),
        expect.objectContaining({
          kind: 'registration',
          companyName: 'Pastelaria Boa Vista, Lda',
          name: 'Maria Lopes',
          email: 'maria@real.cv',
        }),
      ],
    });
    const [squatterClaim, realClaim] = conflict?.claims ?? [];

    const settled = await settle(nif, 'registration', realClaim?.id ?? '');
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json()).toMatchObject({
      kept: { email: 'maria@real.cv' },
      cancelled: [{ kind: 'registration', email: 'ocupa@falsa.cv' }],
    });
    const [cancelledMail, ...more] = await deliver();
    expect(more).toEqual([]);
    expect(cancelledMail?.to?.[0]?.address).toBe('ocupa@falsa.cv');
    expect(cancelledMail?.subject).toBe(
      "L'inscription de Falsa, Lda a été annulée — Excellence des Entreprises",
    );
    expect(cancelledMail?.text).toContain('(NIF 500000001)');
    const audit = await listAudit(ctx.db, { entity: 'registrations', entityId: squatterClaim?.id ?? '' });
    expect(audit[0]).toMatchObject({
      action: 'cancel',
      after: { keptKind: 'registration', keptId: realClaim?.id },
    });
    expect(audit[0]?.actorAccountId).toBeTruthy();
    expect((await listAudit(ctx.db, { entity: 'companies/nif-conflicts', entityId: nif }))[0]?.action).toBe(
      'settle',
    );
    expect(await conflicts()).toEqual([]);
    expect(await ctx.identity.findUserByEmail('ocupa@falsa.cv')).toBeNull();
    expect((await client.post('registrations/confirm', { token: squatterToken })).json().error.code).toBe(
      'link_invalid',
    );

    expect((await client.post('registrations/confirm', { token: realToken })).statusCode).toBe(200);
    const [company] = await ctx.db.select().from(companies).where(eq(companies.nif, nif));
    expect(company?.email).toBe('maria@real.cv');
    // Settled once: a second settlement finds nothing to settle.
    expect((await settle(nif, 'registration', realClaim?.id ?? '')).statusCode).toBe(404);
  });

  it('a pre-registration nobody accepted does not block the real company: the first claim confirmed takes the NIF', async () => {
    const nif = '500000002';
    const created = await preRegister({ nif, email: 'convidado@pre.cv', language: 'en' });
    expect(created.statusCode, created.body).toBe(201);
    const invitationToken = tokenIn((await deliver())[0], 'invitation');
    const real = await client.post('registrations', form({ email: 'dona@real.cv', nif }));
    expect(real.statusCode).toBe(202);
    const realToken = tokenIn((await deliver())[0], 'confirm');

    expect((await conflicts()).map((c) => c.claims)).toEqual([
      [
        expect.objectContaining({
          kind: 'preRegistration',
          id: created.json().id,
          email: 'convidado@pre.cv',
          createdBy: adminName,
        }),
        expect.objectContaining({ kind: 'registration', email: 'dona@real.cv', createdBy: null }),
      ],
    ]);

    expect((await client.post('registrations/confirm', { token: realToken })).statusCode).toBe(200);
    const held = await ctx.db.select().from(companies).where(eq(companies.nif, nif));
    expect(held.map((c) => c.email)).toEqual(['dona@real.cv']);
    const [cancelled] = await deliver();
    expect(cancelled?.to?.[0]?.address).toBe('convidado@pre.cv');
    expect(cancelled?.subject).toBe('The invitation for Pré, Lda was cancelled — Business Excellence');
    expect((await get(null, `/invitations/${invitationToken}`)).statusCode).toBe(410);
    const audit = await listAudit(ctx.db, {
      entity: 'companies/pre-registrations',
      entityId: created.json().id,
    });
    expect(audit[0]).toMatchObject({ action: 'cancel', after: { keptKind: 'registration' } });
    expect(await conflicts()).toEqual([]);
  });

  it('an expired claim blocks nothing, and a confirmed company is kept: only the other claims can go', async () => {
    const nif = '500000003';
    expect((await preRegister({ nif, email: 'antigo@pre.cv' })).statusCode).toBe(201);
    expect((await preRegister({ nif, email: 'outro@pre.cv' })).json().error.code).toBe('nif_taken');
    await ctx.db.update(companyInvitations).set({ expiresAt: new Date(Date.now() - 1000) });
    const again = await preRegister({ nif, email: 'outro@pre.cv' });
    expect(again.statusCode, again.body).toBe(201);
    expect((await ctx.db.select().from(companies).where(eq(companies.nif, nif))).map((c) => c.email)).toEqual(
      ['outro@pre.cv'],
    );
    await deliver();

    // A registration waits for NIF 500000004 when a company with it is confirmed (made by an administrator).
    expect(
      (await client.post('registrations', form({ email: 'tarde@empresa.cv', nif: '500000004' }))).statusCode,
    ).toBe(202);
    const owner = await ctx.createUser({ email: 'dono@confirmada.cv', roles: ['company'] });
    const companyId = await ctx.linkCompany(owner.accountId, {
      companyName: 'Confirmada, SA',
      nif: '500000004',
    });
    const [conflict] = await conflicts();
    expect(conflict?.claims.map((c) => c.kind)).toEqual(['company', 'registration']);
    const registrationId = conflict?.claims[1]?.id ?? '';
    const refused = await settle('500000004', 'registration', registrationId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('nif_company_confirmed');
    const kept = await settle('500000004', 'company', companyId);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().cancelled).toEqual([expect.objectContaining({ id: registrationId })]);
    expect(await count(pendingRegistrations)).toBe(0);
  });

  it('gives one address at most one pending invitation, then another once it expired', async () => {
    expect((await preRegister({ nif: '500000005', email: 'unico@pre.cv' })).statusCode).toBe(201);
    const second = await preRegister({ nif: '500000006', email: 'Unico@pre.cv' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'invitation_pending',
      details: [{ path: 'email' }],
      message:
        'Este e-mail já tem um convite à espera de ser aceite. Pode ser convidado de novo quando esse convite for aceite ou expirar.',
    });
    expect(
      (await ctx.db.select().from(companyInvitations).where(eq(companyInvitations.email, 'unico@pre.cv')))
        .length,
    ).toBe(1);
    await ctx.db.update(companyInvitations).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await preRegister({ nif: '500000006', email: 'unico@pre.cv' })).statusCode).toBe(201);
    // The expired one cannot be sent again while the new one waits: still one pending invitation.
    const oldId = (
      await ctx.db.select().from(companyInvitations).where(eq(companyInvitations.email, 'unico@pre.cv'))
    ).find((row) => row.expiresAt.getTime() < Date.now())?.id;
    expect(oldId).toBeTruthy();
    const resent = await send(admin, 'POST', `/companies/pre-registrations/${oldId}/resend`);
    expect(resent.statusCode).toBe(409);
    expect(resent.json().error.code).toBe('invitation_pending');
  });

  it("a company's invitation into its team neither blocks the address's pre-registration nor is listed among them", async () => {
    const owner = await ctx.createUser({ email: 'dona@equipa.cv', roles: ['company'] });
    const companyId = await ctx.linkCompany(owner.accountId, {
      companyName: 'Equipa, Lda',
      nif: '500000008',
    });
    const session = await ctx.signIn(owner.email, owner.password);
    const invited = await send(session, 'POST', `/companies/${companyId}/members`, {
      email: 'contabilista@pre.cv',
      role: 'accountant',
      language: 'pt',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const created = await preRegister({ nif: '500000007', email: 'contabilista@pre.cv' });
    expect(created.statusCode, created.body).toBe(201);
    const list = await get(admin, '/companies/pre-registrations');
    expect(list.json()).toMatchObject({
      total: 1,
      items: [{ nif: '500000007', email: 'contabilista@pre.cv' }],
    });
    // The company holding a team's invitation stays a confirmed company.
    expect((await preRegister({ nif: '500000008', email: 'outra@pre.cv' })).json().error.code).toBe(
      'nif_taken',
    );
  });
});

describe('/dev/mail', () => {
  it('lists the outbox newest first with clickable, escaped content', async () => {
    expect(
      (
        await client.post(
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
