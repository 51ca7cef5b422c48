import type { Role } from '@excelencia/domain';
import { SIGNED_IN_ROLE } from '@excelencia/domain';
import { eq } from 'drizzle-orm';
import {
  findAccountByEmail,
  findAccountBySubject,
  insertAccountIfAbsent,
  updateAccount,
} from '../auth/accounts.repository.ts';
import type { IdentityAdmin } from '../auth/identity-admin.ts';
import type { AuthContext } from '../auth/types.ts';
import type { Database } from '../db/client.ts';
import { companies, companyMembers } from '../db/schema/index.ts';
import type { FileStore } from '../platform/files/file-store.ts';
import { seedDemoContent } from './seed-content.ts';
import { seedDemoEdition } from './seed-demo-edition.ts';
import { seedDemoPartner } from './seed-demo-partner.ts';
import { seedDemoCompanies } from './seed-demo-sheets.ts';

export interface DemoAccount {
  email: string;
  password: string;
  name: string;
  role: Role;
}

/** The demo accounts `npm start` creates with the built-in identity provider (printed at start). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@excelencia.cv', password: 'Admin!2026', name: 'Administrador Demo', role: 'admin' },
  /** A second admin, who confirms the first one's decisions on applications (four eyes). */
  { email: 'avaliador@excelencia.cv', password: 'Avaliador!2026', name: 'Avaliador Demo', role: 'admin' },
  { email: 'empresa@excelencia.cv', password: 'Empresa!2026', name: 'Empresa Demo', role: 'company' },
  { email: 'parceiro@excelencia.cv', password: 'Parceiro!2026', name: 'Parceiro Demo', role: 'partner' },
];

export const DEMO_COMPANY = {
  companyName: 'Demo Comércio, Lda',
  nif: '200000001',
  email: 'empresa@excelencia.cv',
};

/**
 * Makes sure an account exists at the identity provider (created through IdentityAdmin, so the same path works
 * on Keycloak) and in the portal database. Existing accounts keep their password; roles are set.
 */
export async function ensureAccount(
  db: Database,
  identity: IdentityAdmin,
  input: { email: string; password: string; name: string; roles: Role[] },
): Promise<{ accountId: string; subject: string }> {
  const email = input.email.toLowerCase();
  let user = await identity.findUserByEmail(email);
  if (!user) {
    const { id } = await identity.createUser({
      email,
      name: input.name,
      password: input.password,
      enabled: true,
      roles: input.roles,
      language: 'pt',
    });
    user = { id, email, name: input.name, enabled: true };
  } else {
    await identity.setRoles(user.id, input.roles);
  }
  const roles = [...new Set<string>([...input.roles, SIGNED_IN_ROLE])];
  const existing = (await findAccountBySubject(db, user.id)) ?? (await findAccountByEmail(db, email));
  if (existing) {
    await updateAccount(db, existing.id, { subject: user.id, email, roles });
    return { accountId: existing.id, subject: user.id };
  }
  await insertAccountIfAbsent(db, {
    subject: user.id,
    email,
    name: user.name || input.name,
    roles,
    language: 'pt',
  });
  const created = await findAccountBySubject(db, user.id);
  if (!created) throw new Error(`The account ${email} could not be stored`);
  return { accountId: created.id, subject: user.id };
}

/** Links an account to a company (created when its NIF is new). */
export async function ensureCompanyMember(
  db: Database,
  company: { companyName: string; nif: string; email: string },
  accountId: string,
): Promise<string> {
  await db.insert(companies).values(company).onConflictDoNothing({ target: companies.nif });
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.nif, company.nif));
  if (!row) throw new Error(`The company ${company.nif} could not be stored`);
  await db.insert(companyMembers).values({ companyId: row.id, accountId }).onConflictDoNothing();
  return row.id;
}

/**
 * The demo data of `npm start`: idempotent, safe to run at every start. The accounts are made sure of every
 * time; the demo company's profile, its balance sheets and the companies around it only when the demo company
 * is created, so that what a person changes or deletes while trying the portal stays so.
 */
export async function seedDemoData(
  db: Database,
  identity: IdentityAdmin,
  fileStore: FileStore,
): Promise<void> {
  const [existing] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.nif, DEMO_COMPANY.nif))
    .limit(1);
  const callers = new Map<Role, AuthContext>();
  let companyId: string | undefined;
  for (const account of DEMO_ACCOUNTS) {
    const { accountId } = await ensureAccount(db, identity, {
      email: account.email,
      password: account.password,
      name: account.name,
      roles: [account.role],
    });
    if (callers.has(account.role)) continue;
    callers.set(account.role, {
      accountId,
      email: account.email,
      name: account.name,
      roles: [account.role, SIGNED_IN_ROLE],
      language: 'pt',
      via: 'session',
    });
    if (account.role === 'company') companyId = await ensureCompanyMember(db, DEMO_COMPANY, accountId);
  }
  const companyUser = callers.get('company');
  const admin = callers.get('admin');
  if (!existing && companyId && companyUser && admin) {
    await seedDemoCompanies(db, fileStore, { companyId, companyUser, admin });
    await seedDemoEdition(db, fileStore, admin);
  }
  const partner = callers.get('partner');
  if (partner) await seedDemoPartner(db, partner.accountId);
  await seedDemoContent(db, fileStore);
}
