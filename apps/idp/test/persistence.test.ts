import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningIdp } from '../src/index.ts';
import { signInThroughLoginPage } from '../src/testing.ts';
import {
  authorizationRequest,
  createAccount,
  exchangeCode,
  PORTAL,
  startTestIdp,
  tokenRequest,
  verifyWithJwks,
} from './fixtures.ts';

const running: RunningIdp[] = [];
let dataDir = '';

afterAll(async () => {
  await Promise.all(running.map((idp) => idp.close()));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('startIdp with a dataDir', () => {
  it('keeps accounts, keys and sign-ins across a restart', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'idp-data-'));
    const first = await startTestIdp({ dataDir });
    running.push(first);
    const user = await createAccount(first, { roles: ['partner'] });
    const request = authorizationRequest(first);
    const redirect = await signInThroughLoginPage(request.url, user.email, user.password);
    const { body: tokens } = await exchangeCode(first, redirect, request.verifier);
    await first.close();
    running.pop();

    const stored = await readFile(join(dataDir, 'accounts.json'), 'utf8');
    expect(stored).toContain(user.email);
    expect(stored).toContain('$argon2id$');
    expect(stored).not.toContain(user.password);

    // Same address as before, so the issuer (and with it the tokens' iss) is unchanged.
    const port = Number(new URL(first.issuer).port);
    const second = await startTestIdp({ dataDir, port, issuer: first.issuer });
    running.push(second);
    expect(second.issuer).toBe(first.issuer);

    const access = await verifyWithJwks(second, tokens.access_token);
    expect(access).toMatchObject({ sub: user.id, realm_access: { roles: ['partner', 'uma_authorization'] } });
    const id = await verifyWithJwks(second, tokens.id_token ?? '');
    expect(id.sub).toBe(user.id);

    const refreshed = await tokenRequest(second, PORTAL, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect(refreshed.status).toBe(200);

    const again = authorizationRequest(second);
    const code = await signInThroughLoginPage(again.url, user.email, user.password);
    expect((await exchangeCode(second, code, again.verifier)).status).toBe(200);
  });
});
