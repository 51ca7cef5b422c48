import type { CompanyRole } from '@excelencia/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  type SignedIn,
  type TestContext,
  type TestUser,
} from '../../../test/support/context.ts';
import { apiCalls, type Caller, visitorCsrf } from '../../../test/support/http.ts';
import { auditLog, companyInvitations, companyMembers, mailOutbox } from '../../db/schema/index.ts';

let ctx: TestContext;
const { as } = apiCalls(() => ctx.app);
const PASSWORD = 'Equipa!Segura-2026';

/** Names, NIFs and addresses no other test uses: each test builds its own companies and people. */
let serial = 0;
const next = () => {
  serial += 1;
  return serial;
};

interface Person {
  user: TestUser;
  session: SignedIn;
  api: Caller;
}

async function person(label: string, roles: ('company' | 'partner')[] = ['company']): Promise<Person> {
  const n = next();
  const user = await ctx.createUser({
    email: `${label}${n}@equipa.cv`,
    name: `${label[0]?.toUpperCase()}${label.slice(1)} ${n}`,
    roles,
  });
  const session = await ctx.signIn(user.email, user.password);
  return { user, session, api: as(session) };
}

/** A company with its owner, made as a registered company is (the owner is its first member). */
async function companyWithOwner(): Promise<{ companyId: string; companyName: string; owner: Person }> {
  const owner = await person('dona');
  const n = next();
  const companyName = `Equipa ${n}, Lda`;
  const companyId = await ctx.linkCompany(owner.user.accountId, {
    companyName,
    nif: String(300_000_000 + n),
  });
  return { companyId, companyName, owner };
}

/** A member of the company in `role` (a fixture: joining through the API is tested below). */
async function memberOf(companyId: string, role: CompanyRole, label = role): Promise<Person> {
  const member = await person(label);
  await ctx.db.insert(companyMembers).values({ companyId, accountId: member.user.accountId, role });
  return member;
}

/** The newest mail to an address in the outbox. */
async function lastMailTo(email: string) {
  const [mail] = await ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.createdAt));
  return mail;
}

async function mailsTo(email: string) {
  return ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
}

function tokenIn(text: string | undefined): string {
  const match = /http:\/\/localhost:4200\/(pt|en|fr)\/register\/invitation\?token=([\w-]+)/.exec(text ?? '');
  if (!match?.[2]) throw new Error(`No invitation link in ${text}`);
  return match[2];
}

async function visitor(): Promise<Caller> {
  const remoteAddress = `10.9.0.${next()}`;
  return as(await visitorCsrf(ctx.app, remoteAddress), { remoteAddress });
}

async function membersOf(companyId: string) {
  return ctx.db
    .select({ accountId: companyMembers.accountId, role: companyMembers.role })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId));
}

async function auditOf(companyId: string) {
  return ctx.db.select().from(auditLog).where(eq(auditLog.companyId, companyId)).orderBy(desc(auditLog.id));
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
});

afterAll(async () => {
  await ctx.close();
});

describe('the team of a company', () => {
  it('lists the members (owners first) then the invitations to any member and admins; another company gets 404', async () => {
    const { companyId, owner } = await companyWithOwner();
    const viewer = await memberOf(companyId, 'viewer');
    const accountant = await memberOf(companyId, 'accountant');
    const invited = await owner.api.post(`/companies/${companyId}/members`, {
      email: 'Convidado@Fora.cv',
      role: 'viewer',
      language: 'pt',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({
      accountId: null,
      email: 'convidado@fora.cv',
      role: 'viewer',
      status: 'invited',
    });

    for (const reader of [owner, viewer, accountant]) {
      const list = await reader.api.get(`/companies/${companyId}/members`);
      expect(list.statusCode).toBe(200);
      expect(
        list.json().map((m: { email: string; role: string; status: string }) => [m.email, m.role, m.status]),
      ).toEqual([
        [owner.user.email, 'owner', 'active'],
        [accountant.user.email, 'accountant', 'active'],
        [viewer.user.email, 'viewer', 'active'],
        ['convidado@fora.cv', 'viewer', 'invited'],
      ]);
    }
    const admin = await ctx.createUser({ email: `admin${next()}@equipa.cv`, roles: ['admin'] });
    const adminApi = as(await ctx.signIn(admin.email, admin.password));
    expect((await adminApi.get(`/companies/${companyId}/members`)).json()).toHaveLength(4);
    const other = await companyWithOwner();
    expect((await other.owner.api.get(`/companies/${companyId}/members`)).statusCode).toBe(404);
  });

  it('invites someone without an account: the mail names who, the company, the role and what it allows, the link and its expiry; the password set from it joins with the role', async () => {
    const { companyId, companyName, owner } = await companyWithOwner();
    const email = `nova${next()}@contabilista.cv`;
    const sent = await owner.api.post(`/companies/${companyId}/members`, {
      email,
      name: '  Inês Tavares ',
      role: 'accountant',
      language: 'fr',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ name: 'Inês Tavares', status: 'invited' });
    const mail = await lastMailTo(email);
    expect(mail?.language).toBe('fr');
    expect(mail?.subject).toBe(`Invitation dans l’équipe de ${companyName} — Excellence des Entreprises`);
    expect(mail?.textBody).toContain(
      `${owner.user.name} vous invite à rejoindre l’équipe de l’entreprise ${companyName} sur le portail Excellence des Entreprises, avec le rôle Comptable.`,
    );
    expect(mail?.textBody).toContain(
      'Avec ce rôle, vous pouvez : charger les balances, faire les diagnostics et préparer les chiffres et documents de la candidature, sans la soumettre.',
    );
    expect(mail?.textBody).toMatch(/Le lien est valable jusqu’au \d{1,2}(er)? \S+ \d{4}, \d\d:\d\d/);
    expect(mail?.textBody).toContain('http://localhost:4200/fr/register/invitation?token=');
    const token = tokenIn(mail?.textBody);
    const [row] = await ctx.db.select().from(companyInvitations).where(eq(companyInvitations.email, email));
    const days = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 86_400_000;
    expect(Math.round(days)).toBe(7);

    const client = await visitor();
    const summary = await client.get(`/invitations/${token}`);
    expect(summary.json()).toEqual({
      companyName,
      email,
      name: 'Inês Tavares',
      role: 'accountant',
      kind: 'team',
      hasAccount: false,
      invitedByName: owner.user.name,
    });
    // The person corrects the name the owner typed as they accept: their account carries theirs.
    const accepted = await client.post('/invitations/accept', {
      token,
      name: 'Inês Martins Tavares',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptedTerms: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = await ctx.signIn(email, PASSWORD);
    const mine = await as(session).get('/me/companies');
    expect(mine.json()).toEqual([expect.objectContaining({ id: companyId, role: 'accountant' })]);
    expect((await as(session).get('/me')).json().name).toBe('Inês Martins Tavares');
    expect((await client.get(`/invitations/${token}`)).statusCode).toBe(410);
    const audit = await auditOf(companyId);
    expect(audit.map((a) => [a.entity, a.action])).toEqual([
      ['company_invitations', 'accept'],
      ['company_invitations', 'invite'],
    ]);
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('invites someone with an account alike; the link does not set its password (409), it signs in and joins with the role', async () => {
    const { companyId, companyName, owner } = await companyWithOwner();
    const elsewhere = await companyWithOwner();
    const accountant = elsewhere.owner;
    const newcomer = `ninguem${next()}@fora.cv`;
    const withAccount = await owner.api.post(`/companies/${companyId}/members`, {
      email: accountant.user.email,
      role: 'accountant',
      language: 'en',
    });
    const withoutAccount = await owner.api.post(`/companies/${companyId}/members`, {
      email: newcomer,
      role: 'accountant',
      language: 'en',
    });
    // The answer does not say whether the address has an account.
    const shape = (body: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(body).filter(
          ([key]) => !['email', 'name', 'invitationId', 'since', 'expiresAt'].includes(key),
        ),
      );
    expect(withAccount.statusCode).toBe(withoutAccount.statusCode);
    expect(shape(withAccount.json())).toEqual(shape(withoutAccount.json()));
    expect(Object.keys(withAccount.json()).sort()).toEqual(Object.keys(withoutAccount.json()).sort());

    const mail = await lastMailTo(accountant.user.email);
    expect(mail?.subject).toBe(`Invitation to the team of ${companyName} — Business Excellence`);
    const token = tokenIn(mail?.textBody);
    const client = await visitor();
    expect((await client.get(`/invitations/${token}`)).json()).toMatchObject({
      kind: 'team',
      role: 'accountant',
      hasAccount: true,
    });
    const refused = await client.post('/invitations/accept', {
      token,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptedTerms: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'sign_in_to_join',
      message: 'Este endereço já tem uma conta no portal: entre com ela e aceite o convite a partir do link.',
    });
    // Its password is the one it had; the link still works.
    await ctx.signIn(accountant.user.email, accountant.user.password);
    await expect(ctx.signIn(accountant.user.email, PASSWORD)).rejects.toThrow();

    const stranger = await person('estranho');
    const notYours = await stranger.api.post('/invitations/join', { token }, { language: 'en' });
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().error).toMatchObject({
      code: 'invitation_for_another',
      message:
        'This invitation was sent to another e-mail address: sign in to the portal with that address’s account to accept it.',
    });
    expect(await membersOf(companyId)).toHaveLength(1);

    const joined = await accountant.api.post('/invitations/join', { token });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({ companyId, companyName, role: 'accountant' });
    const mine = (await accountant.api.get('/me/companies')).json();
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: companyId, role: 'accountant' }),
        expect.objectContaining({ id: elsewhere.companyId, role: 'owner' }),
      ]),
    );
    expect((await accountant.api.post('/invitations/join', { token })).statusCode).toBe(410);
    // The accountant prepares, but the team is the owner's.
    const invite = await accountant.api.post(
      `/companies/${companyId}/members`,
      { email: `x${next()}@fora.cv`, role: 'viewer', language: 'pt' },
      { language: 'en' },
    );
    expect(invite.statusCode).toBe(403);
    expect(invite.json().error.message).toBe(
      'Your role in this company is Accountant: only an owner can do this.',
    );
    const [audit] = await auditOf(companyId);
    expect(audit).toMatchObject({
      entity: 'company_invitations',
      action: 'join',
      actorAccountId: accountant.user.accountId,
    });
  });

  it('a signed-in user without the company role joins and gains it at the identity provider', async () => {
    const { companyId, owner } = await companyWithOwner();
    const banker = await person('banqueiro', ['partner']);
    await owner.api.post(`/companies/${companyId}/members`, {
      email: banker.user.email,
      role: 'viewer',
      language: 'pt',
    });
    const token = tokenIn((await lastMailTo(banker.user.email))?.textBody);
    const joined = await banker.api.post('/invitations/join', { token });
    expect(joined.statusCode, joined.body).toBe(200);
    // A new sign-in carries the realm role the provider now gives it.
    const again = as(await ctx.signIn(banker.user.email, banker.user.password));
    const me = (await again.get('/me')).json();
    expect(me.roles).toEqual(expect.arrayContaining(['company', 'partner']));
    expect((await again.get('/me/companies')).json()).toEqual([
      expect.objectContaining({ id: companyId, role: 'viewer' }),
    ]);
  });

  it('refuses a second invitation of an address to the same company (409), not to another company, nor a member (409)', async () => {
    const a = await companyWithOwner();
    const b = await companyWithOwner();
    const email = `procurada${next()}@contas.cv`;
    const body = { email, role: 'accountant', language: 'pt' };
    expect((await a.owner.api.post(`/companies/${a.companyId}/members`, body)).statusCode).toBe(201);
    const again = await a.owner.api.post(`/companies/${a.companyId}/members`, body, { language: 'fr' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'invitation_pending',
      message:
        'Cette adresse a déjà une invitation de cette entreprise en attente : vous pouvez la renvoyer ou l’annuler.',
    });
    expect((await b.owner.api.post(`/companies/${b.companyId}/members`, body)).statusCode).toBe(201);
    expect(await mailsTo(email)).toHaveLength(2);

    const member = await memberOf(a.companyId, 'viewer');
    const known = await a.owner.api.post(`/companies/${a.companyId}/members`, {
      ...body,
      email: member.user.email.toUpperCase(),
    });
    expect(known.statusCode).toBe(409);
    expect(known.json().error).toMatchObject({
      code: 'already_member',
      message: 'Esta pessoa já faz parte da equipa desta empresa.',
    });
  });

  it('sends again with a fresh link (the old one stops working) and cancels an invitation', async () => {
    const { companyId, owner } = await companyWithOwner();
    const email = `reenvio${next()}@fora.cv`;
    const sent = await owner.api.post(`/companies/${companyId}/members`, {
      email,
      role: 'viewer',
      language: 'pt',
    });
    const first = tokenIn((await lastMailTo(email))?.textBody);
    const id = sent.json().invitationId;
    const resent = await owner.api.post(`/companies/${companyId}/invitations/${id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ invitationId: id, status: 'invited' });
    const second = tokenIn((await lastMailTo(email))?.textBody);
    expect(second).not.toBe(first);
    const client = await visitor();
    expect((await client.get(`/invitations/${first}`)).statusCode).toBe(410);
    expect((await client.get(`/invitations/${second}`)).statusCode).toBe(200);

    const viewer = await memberOf(companyId, 'viewer');
    expect((await viewer.api.delete(`/companies/${companyId}/invitations/${id}`)).statusCode).toBe(403);
    expect((await owner.api.delete(`/companies/${companyId}/invitations/${id}`)).statusCode).toBe(204);
    expect((await client.get(`/invitations/${second}`)).statusCode).toBe(410);
    const list = (await owner.api.get(`/companies/${companyId}/members`)).json();
    expect(list.map((m: { email: string }) => m.email)).not.toContain(email);
    expect((await auditOf(companyId)).map((a) => a.action).slice(0, 3)).toEqual([
      'cancel',
      'resend',
      'invite',
    ]);
  });

  it('answers 429 once a company sent its invitations of the hour, with a message', async () => {
    const { companyId, owner } = await companyWithOwner();
    for (let i = 0; i < 20; i += 1) {
      const sent = await owner.api.post(`/companies/${companyId}/members`, {
        email: `lote${i}-${next()}@fora.cv`,
        role: 'viewer',
        language: 'pt',
      });
      expect(sent.statusCode).toBe(201);
    }
    const over = await owner.api.post(
      `/companies/${companyId}/members`,
      { email: `demais${next()}@fora.cv`, role: 'viewer', language: 'pt' },
      { language: 'en' },
    );
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatchObject({
      code: 'invitation_limit',
      message: 'This company has sent 20 invitations in the last hour. Try again later.',
    });
    // Another company is not held by it.
    const other = await companyWithOwner();
    expect(
      (
        await other.owner.api.post(`/companies/${other.companyId}/members`, {
          email: `demais${next()}@fora.cv`,
          role: 'viewer',
          language: 'pt',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('changes a role: the member is mailed in its language and the change audited', async () => {
    const { companyId, companyName, owner } = await companyWithOwner();
    const viewer = await memberOf(companyId, 'viewer');
    await ctx.app.inject({
      method: 'PUT',
      url: '/app/api/v1/me/language',
      headers: { ...viewer.session.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ language: 'en' }),
    });
    const changed = await owner.api.put(`/companies/${companyId}/members/${viewer.user.accountId}`, {
      role: 'accountant',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      accountId: viewer.user.accountId,
      role: 'accountant',
      status: 'active',
    });
    const mail = await lastMailTo(viewer.user.email);
    expect(mail?.subject).toBe(`Your role in ${companyName} changed — Business Excellence`);
    expect(mail?.textBody).toContain(
      `${owner.user.name} changed your role in the team of the company ${companyName} from Viewer to Accountant.`,
    );
    const [audit] = await auditOf(companyId);
    expect(audit).toMatchObject({
      entity: 'company_members',
      action: 'update',
      entityId: viewer.user.accountId,
      before: expect.objectContaining({ role: 'viewer' }),
      after: expect.objectContaining({ role: 'accountant' }),
    });
    // An owner may give any role, owner included.
    const promoted = await owner.api.put(`/companies/${companyId}/members/${viewer.user.accountId}`, {
      role: 'owner',
    });
    expect(promoted.json().role).toBe('owner');
  });

  it('removes a member (mailed), and any member leaves (not mailed)', async () => {
    const { companyId, companyName, owner } = await companyWithOwner();
    const accountant = await memberOf(companyId, 'accountant');
    const viewer = await memberOf(companyId, 'viewer');
    const removed = await owner.api.delete(`/companies/${companyId}/members/${accountant.user.accountId}`);
    expect(removed.statusCode).toBe(204);
    const mail = await lastMailTo(accountant.user.email);
    expect(mail?.subject).toBe(`Deixou de fazer parte da equipa de ${companyName} — Excelência Empresarial`);
    expect((await accountant.api.get(`/companies/${companyId}/members`)).statusCode).toBe(404);

    const left = await viewer.api.delete(`/companies/${companyId}/members/${viewer.user.accountId}`);
    expect(left.statusCode).toBe(204);
    expect(await mailsTo(viewer.user.email)).toHaveLength(0);
    expect((await viewer.api.get(`/companies/${companyId}/members`)).statusCode).toBe(404);
    expect((await auditOf(companyId)).map((a) => [a.entity, a.action]).slice(0, 2)).toEqual([
      ['company_members', 'leave'],
      ['company_members', 'remove'],
    ]);
    expect(await membersOf(companyId)).toEqual([{ accountId: owner.user.accountId, role: 'owner' }]);
  });

  it('keeps an owner: the last one can be neither demoted nor removed, nor leave (409 last_owner in each language), and nothing changes', async () => {
    const { companyId, owner } = await companyWithOwner();
    const accountant = await memberOf(companyId, 'accountant');
    const admin = await ctx.createUser({ email: `admin${next()}@equipa.cv`, roles: ['admin'] });
    const adminApi = as(await ctx.signIn(admin.email, admin.password));
    const before = await membersOf(companyId);
    const auditBefore = (await auditOf(companyId)).length;
    const messages = {
      pt: 'Uma empresa tem sempre pelo menos um proprietário: dê o papel de proprietário a outro membro antes de retirar, mudar ou deixar este.',
      en: 'A company always keeps at least one owner: give the owner role to another member before removing, changing or leaving this one.',
      fr: 'Une entreprise garde toujours au moins un propriétaire : donnez le rôle de propriétaire à un autre membre avant de retirer, modifier ou quitter celui-ci.',
    };
    for (const [language, message] of Object.entries(messages)) {
      const url = `/companies/${companyId}/members/${owner.user.accountId}`;
      for (const res of [
        await owner.api.put(url, { role: 'accountant' }, { language }),
        await owner.api.delete(url, undefined, { language }),
        await adminApi.delete(url, undefined, { language }),
        await adminApi.put(url, { role: 'viewer' }, { language }),
      ]) {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().error).toMatchObject({ code: 'last_owner', message });
      }
    }
    expect(await membersOf(companyId)).toEqual(before);
    expect((await auditOf(companyId)).length).toBe(auditBefore);
    expect(await mailsTo(owner.user.email)).toHaveLength(0);

    // With a second owner, the first may go.
    await owner.api.put(`/companies/${companyId}/members/${accountant.user.accountId}`, { role: 'owner' });
    expect(
      (await owner.api.delete(`/companies/${companyId}/members/${owner.user.accountId}`)).statusCode,
    ).toBe(204);
    expect(await membersOf(companyId)).toEqual([{ accountId: accountant.user.accountId, role: 'owner' }]);
  });

  it("answers a non-owner's change with 403 naming its role, in each language, changing nothing", async () => {
    const { companyId, owner } = await companyWithOwner();
    const accountant = await memberOf(companyId, 'accountant');
    const viewer = await memberOf(companyId, 'viewer');
    const expected: Record<string, Record<'accountant' | 'viewer', string>> = {
      pt: {
        accountant: 'O seu papel nesta empresa é Contabilista: só um proprietário pode fazer isto.',
        viewer: 'O seu papel nesta empresa é Leitor: só um proprietário pode fazer isto.',
      },
      en: {
        accountant: 'Your role in this company is Accountant: only an owner can do this.',
        viewer: 'Your role in this company is Viewer: only an owner can do this.',
      },
      fr: {
        accountant: 'Votre rôle dans cette entreprise est Comptable : seul un propriétaire peut faire cela.',
        viewer: 'Votre rôle dans cette entreprise est Lecteur : seul un propriétaire peut faire cela.',
      },
    };
    const sent = await owner.api.post(`/companies/${companyId}/members`, {
      email: `pendente${next()}@fora.cv`,
      role: 'viewer',
      language: 'pt',
    });
    const invitationId = sent.json().invitationId;
    const before = await membersOf(companyId);
    for (const [language, byRole] of Object.entries(expected)) {
      for (const [role, member] of [
        ['accountant', accountant],
        ['viewer', viewer],
      ] as const) {
        const other = role === 'accountant' ? viewer : accountant;
        for (const res of [
          await member.api.post(
            `/companies/${companyId}/members`,
            { email: `y${next()}@fora.cv`, role: 'owner', language: 'pt' },
            { language },
          ),
          await member.api.put(
            `/companies/${companyId}/members/${member.user.accountId}`,
            { role: 'owner' },
            { language },
          ),
          await member.api.delete(`/companies/${companyId}/members/${other.user.accountId}`, undefined, {
            language,
          }),
          await member.api.delete(`/companies/${companyId}/invitations/${invitationId}`, undefined, {
            language,
          }),
          await member.api.post(`/companies/${companyId}/invitations/${invitationId}/resend`, undefined, {
            language,
          }),
        ]) {
          expect(res.statusCode, res.body).toBe(403);
          expect(res.json().error).toMatchObject({ code: 'company_role', message: byRole[role] });
        }
      }
    }
    expect(await membersOf(companyId)).toEqual(before);
    expect(
      await ctx.db
        .select()
        .from(companyInvitations)
        .where(and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.sentCount, 1))),
    ).toHaveLength(1);
  });

  it("an invitation of company A lets nobody into company B, and A's owner cannot touch B's team", async () => {
    const a = await companyWithOwner();
    const b = await companyWithOwner();
    const bViewer = await memberOf(b.companyId, 'viewer');
    const guest = await person('convidada');
    await a.owner.api.post(`/companies/${a.companyId}/members`, {
      email: guest.user.email,
      role: 'owner',
      language: 'pt',
    });
    const token = tokenIn((await lastMailTo(guest.user.email))?.textBody);
    const bInvite = await b.owner.api.post(`/companies/${b.companyId}/members`, {
      email: `b${next()}@fora.cv`,
      role: 'viewer',
      language: 'pt',
    });
    const bInvitationId = bInvite.json().invitationId;

    expect((await guest.api.post('/invitations/join', { token })).json()).toMatchObject({
      companyId: a.companyId,
      role: 'owner',
    });
    expect((await guest.api.get(`/companies/${b.companyId}/members`)).statusCode).toBe(404);
    expect(await membersOf(b.companyId)).toHaveLength(2);
    // A's owner, with B's ids, through A's path or B's: nothing found.
    for (const res of [
      await a.owner.api.get(`/companies/${b.companyId}/members`),
      await a.owner.api.delete(`/companies/${b.companyId}/members/${bViewer.user.accountId}`),
      await a.owner.api.put(`/companies/${b.companyId}/members/${bViewer.user.accountId}`, { role: 'owner' }),
      await a.owner.api.delete(`/companies/${a.companyId}/members/${bViewer.user.accountId}`),
      await a.owner.api.delete(`/companies/${b.companyId}/invitations/${bInvitationId}`),
      await a.owner.api.delete(`/companies/${a.companyId}/invitations/${bInvitationId}`),
      await a.owner.api.post(`/companies/${a.companyId}/invitations/${bInvitationId}/resend`),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect(await membersOf(b.companyId)).toHaveLength(2);
    expect((await b.owner.api.get(`/companies/${b.companyId}/members`)).json()).toHaveLength(3);
  });
});
