import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/support/database.ts';
import type { AuthContext } from '../auth/types.ts';
import { accounts, companies, companyMembers } from '../db/schema/index.ts';
import { assertCompanyAccess, isMember } from './company-access.ts';

let database: TestDatabase;
let companyId: string;
let memberId: string;
let strangerId: string;

const callerOf = (accountId: string, roles: string[]): AuthContext => ({
  accountId,
  email: `${accountId}@example.cv`,
  name: 'Someone',
  roles,
  language: 'pt',
  via: 'session',
});

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database.handle;
  const [member, stranger] = await db
    .insert(accounts)
    .values([
      { email: 'member@example.cv', name: 'Member', roles: ['company'] },
      { email: 'stranger@example.cv', name: 'Stranger', roles: ['company'] },
    ])
    .returning({ id: accounts.id });
  memberId = member?.id as string;
  strangerId = stranger?.id as string;
  const [company] = await db
    .insert(companies)
    .values({ companyName: 'Ilha Verde, Lda', nif: '200000001', email: 'geral@ilhaverde.cv' })
    .returning({ id: companies.id });
  companyId = company?.id as string;
  await db.insert(companyMembers).values({ companyId, accountId: memberId });
});

afterAll(() => database.dispose());

describe('company access policy', () => {
  it('lets a member of the company in, not as an admin', async () => {
    const { db } = database.handle;
    expect(await isMember(db, companyId, memberId)).toBe(true);
    await expect(assertCompanyAccess(db, callerOf(memberId, ['company']), companyId)).resolves.toBe(false);
  });

  it('answers 404 to a company user of another company, as for a company that does not exist', async () => {
    const { db } = database.handle;
    expect(await isMember(db, companyId, strangerId)).toBe(false);
    await expect(assertCompanyAccess(db, callerOf(strangerId, ['company']), companyId)).rejects.toMatchObject(
      {
        status: 404,
      },
    );
  });

  it('lets an admin into any existing company, and answers 404 for an unknown one', async () => {
    const { db } = database.handle;
    await expect(assertCompanyAccess(db, callerOf(strangerId, ['admin']), companyId)).resolves.toBe(true);
    await expect(
      assertCompanyAccess(db, callerOf(strangerId, ['admin']), '00000000-0000-4000-8000-000000000000'),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('does not let a partner in through the company routes, even of a company it assists', async () => {
    const { db } = database.handle;
    await expect(assertCompanyAccess(db, callerOf(strangerId, ['partner']), companyId)).rejects.toMatchObject(
      {
        status: 404,
      },
    );
  });
});
