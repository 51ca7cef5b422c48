import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { listAudit, writeAudit } from './audit.ts';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
});

afterEach(async () => {
  await handle.db.execute(sql`truncate table audit_log`);
});

afterAll(async () => {
  await handle.close();
});

describe('audit log', () => {
  it('records who changed what, newest first, filtered by entity and record', async () => {
    const actor = randomUUID();
    await writeAudit(handle.db, {
      actorAccountId: actor,
      action: 'create',
      entity: 'company',
      entityId: 'c1',
      after: { companyName: 'Ilha Verde, Lda', nif: '123456789' },
      requestId: 'req-1',
    });
    await writeAudit(handle.db, {
      actorAccountId: actor,
      action: 'update',
      entity: 'company',
      entityId: 'c1',
      before: { companyName: 'Ilha Verde, Lda' },
      after: { companyName: 'Ilha Verde, SA', updatedAt: new Date('2025-03-01T10:00:00Z') },
    });
    await writeAudit(handle.db, { actorAccountId: null, action: 'delete', entity: 'faq', entityId: '7' });

    const company = await listAudit(handle.db, { entity: 'company', entityId: 'c1' });
    expect(company.map((r) => r.action)).toEqual(['update', 'create']);
    expect(company[0]).toMatchObject({
      actorAccountId: actor,
      before: { companyName: 'Ilha Verde, Lda' },
      after: { companyName: 'Ilha Verde, SA', updatedAt: '2025-03-01T10:00:00.000Z' },
      requestId: null,
    });
    expect(company[1]?.requestId).toBe('req-1');
    expect(company[1]?.at).toBeInstanceOf(Date);
    expect(await listAudit(handle.db, {})).toHaveLength(3);
    expect(await listAudit(handle.db, { limit: 1 })).toMatchObject([{ entity: 'faq', before: null }]);
  });

  it('never stores passwords, tokens or secrets, at any depth', async () => {
    await writeAudit(handle.db, {
      actorAccountId: null,
      action: 'update',
      entity: 'account',
      entityId: 'a1',
      before: { email: 'ana@empresa.cv', passwordHash: '$argon2id$v=19$abc', password: 'hunter2' },
      after: {
        email: 'ana@empresa.cv',
        session: { accessToken: 'eyJ.a.b', refreshToken: 'r-1', token: 't', idToken: 'i' },
        clients: [{ name: 'portal', secret: 's', clientSecret: 'cs' }],
      },
    });
    const [row] = await listAudit(handle.db, { entity: 'account' });
    expect(row?.before).toEqual({ email: 'ana@empresa.cv' });
    expect(row?.after).toEqual({ email: 'ana@empresa.cv', session: {}, clients: [{ name: 'portal' }] });
    const raw = JSON.stringify(await handle.db.execute(sql`select * from audit_log`));
    for (const secret of ['argon2id', 'hunter2', 'eyJ.a.b', 'r-1', '"cs"']) expect(raw).not.toContain(secret);
  });

  it('loses the entry when the change it records rolls back', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await writeAudit(tx, { actorAccountId: null, action: 'create', entity: 'news', entityId: 'n1' });
        throw new Error('validation failed');
      }),
    ).rejects.toThrow('validation failed');
    expect(await listAudit(handle.db, {})).toEqual([]);

    await handle.db.transaction(async (tx) => {
      await writeAudit(tx, { actorAccountId: null, action: 'create', entity: 'news', entityId: 'n2' });
    });
    expect((await listAudit(handle.db, {})).map((r) => r.entityId)).toEqual(['n2']);
  });
});
