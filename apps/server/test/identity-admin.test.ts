import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './support/context.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

async function sessionOf(email: string, password: string) {
  const { cookie } = await ctx.signIn(email, password);
  return (await ctx.app.inject({ url: '/auth/session', headers: { cookie } })).json();
}

describe('IdentityAdmin over the Keycloak admin REST API', () => {
  it('creates a user that can sign in with its roles, and finds it by e-mail', async () => {
    const { id } = await ctx.identity.createUser({
      email: 'Nova@Empresa.cv',
      name: 'Nova Empresa',
      password: 'Nova!2026-password',
      enabled: true,
      roles: ['company'],
      language: 'fr',
    });
    expect(await ctx.identity.findUserByEmail('nova@empresa.cv')).toEqual({
      id,
      email: 'nova@empresa.cv',
      name: 'Nova Empresa',
      enabled: true,
    });
    expect(await ctx.identity.findUserByEmail('nobody@empresa.cv')).toBeNull();
    const session = await sessionOf('nova@empresa.cv', 'Nova!2026-password');
    expect(session.user).toMatchObject({ name: 'Nova Empresa', email: 'nova@empresa.cv' });
    expect(session.roles).toEqual(expect.arrayContaining(['company', 'uma_authorization']));
  });

  it('changes roles, password and profile; a disabled user cannot sign in', async () => {
    const user = await ctx.createUser({ email: 'muda@parceiro.cv', name: 'Muda', roles: ['company'] });

    await ctx.identity.setRoles(user.subject, ['partner']);
    await ctx.identity.updateProfile(user.subject, { name: 'Muda de Nome', language: 'en' });
    const session = await sessionOf(user.email, user.password);
    expect(session.roles).toContain('partner');
    expect(session.roles).toContain('uma_authorization');
    expect(session.roles).not.toContain('company');
    expect(session.user.name).toBe('Muda de Nome');

    await ctx.identity.setPassword(user.subject, 'Outra!Senha-2026');
    await expect(ctx.signIn(user.email, user.password)).rejects.toThrow();
    expect((await sessionOf(user.email, 'Outra!Senha-2026')).status).toBe('authenticated');

    await ctx.identity.setEnabled(user.subject, false);
    expect((await ctx.identity.findUserByEmail(user.email))?.enabled).toBe(false);
    await expect(ctx.signIn(user.email, 'Outra!Senha-2026')).rejects.toThrow();
    await ctx.identity.setEnabled(user.subject, true);
    expect((await sessionOf(user.email, 'Outra!Senha-2026')).status).toBe('authenticated');
  });

  it('deletes a user, who then cannot sign in; deleting an unknown id is not an error', async () => {
    const user = await ctx.createUser({ email: 'apaga@parceiro.cv', name: 'Apaga', roles: ['partner'] });
    await ctx.identity.deleteUser(user.subject);
    expect(await ctx.identity.findUserByEmail(user.email)).toBeNull();
    await expect(ctx.signIn(user.email, user.password)).rejects.toThrow();
    await expect(ctx.identity.deleteUser(user.subject)).resolves.toBeUndefined();
  });
});
