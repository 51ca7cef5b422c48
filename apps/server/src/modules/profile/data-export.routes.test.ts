import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { apiCalls } from '../../../test/support/http.ts';
import { companyInvitations, companyMembers } from '../../db/schema/index.ts';

let ctx: TestContext;
let person: SignedIn;
let other: SignedIn;
let personId: string;
let ownCompany: string;
let clientCompany: string;

const { get, send } = apiCalls(() => ctx.app, { language: 'en' });

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  const personUser = await ctx.createUser({
    email: 'pessoa@me.cv',
    roles: ['company'],
    name: 'Paula Pessoa',
  });
  const otherUser = await ctx.createUser({ email: 'outra@me.cv', roles: ['company'], name: 'Outra Pessoa' });
  personId = personUser.accountId;
  ownCompany = await ctx.linkCompany(personId, { companyName: 'Própria, Lda', nif: '200000051' });
  clientCompany = await ctx.linkCompany(otherUser.accountId, {
    companyName: 'Cliente, Lda',
    nif: '200000052',
  });
  await ctx.db
    .insert(companyMembers)
    .values({ companyId: clientCompany, accountId: personId, role: 'accountant' });
  const third = await ctx.linkCompany(otherUser.accountId, {
    companyName: 'Terceira, Lda',
    nif: '200000053',
  });
  await ctx.db.insert(companyInvitations).values({
    companyId: third,
    email: 'pessoa@me.cv',
    name: 'Paula Pessoa',
    role: 'viewer',
    kind: 'team',
    tokenHash: 'f'.repeat(64),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  [person, other] = await Promise.all([
    ctx.signIn(personUser.email, personUser.password),
    ctx.signIn(otherUser.email, otherUser.password),
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET me/data-export', () => {
  it('downloads as JSON what the portal keeps of the caller: account, companies and roles, invitations, audit rows', async () => {
    const renamed = await send(person, 'PUT', '/me/profile', { name: 'Paula P. Pessoa', language: 'en' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await send(other, 'PUT', '/me/profile', { name: 'Outra P.', language: 'pt' })).statusCode).toBe(
      200,
    );

    const res = await get(person, '/me/data-export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const data = res.json();
    expect(data.profile).toMatchObject({
      id: personId,
      email: 'pessoa@me.cv',
      name: 'Paula P. Pessoa',
      language: 'en',
      roles: expect.arrayContaining(['company']),
    });
    expect(data.profile).not.toHaveProperty('searchText');
    expect(data.memberships).toEqual([
      expect.objectContaining({ companyId: ownCompany, companyName: 'Própria, Lda', role: 'owner' }),
      expect.objectContaining({ companyId: clientCompany, companyName: 'Cliente, Lda', role: 'accountant' }),
    ]);
    expect(data.partnerEntity).toBeNull();
    expect(data.invitations).toEqual([
      expect.objectContaining({ email: 'pessoa@me.cv', companyName: 'Terceira, Lda', role: 'viewer' }),
    ]);
    expect(data.invitations[0]).not.toHaveProperty('tokenHash');
    expect(JSON.stringify(data)).not.toContain('f'.repeat(64));
    // Their own audit rows only, newest first.
    expect(data.auditRows.length).toBeGreaterThan(0);
    expect(data.auditRows.every((row: { actorAccountId: string }) => row.actorAccountId === personId)).toBe(
      true,
    );
    expect(data.auditRows[0]).toMatchObject({
      entity: 'me/profile',
      after: expect.objectContaining({ name: 'Paula P. Pessoa' }),
    });
    expect(JSON.stringify(data.auditRows)).not.toContain('Outra P.');
  });

  it('is for signed-in users only', async () => {
    expect((await get(null, '/me/data-export')).statusCode).toBe(401);
  });
});
