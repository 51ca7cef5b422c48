import { searchText } from '@excelencia/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  companies,
  partnerAssistedCompanies,
  partnerConsents,
  partnerEntities,
  partnerFollowRequests,
  partners,
  partnerTypes,
} from '../db/schema/index.ts';

/** The demo partner's bank (fictitious), of the seeded partner type BANCO. */
export const DEMO_BANK = { code: 'BDEMO', name: 'Banco Demo de Cabo Verde' };

/**
 * Demo peers the bank assists, and what each shares with it: one both levels, one its state only, one nothing
 * (the bank then sees its public data only).
 */
export const DEMO_ASSISTED = [
  { nif: '200000002', status: true, diagnosis: true },
  { nif: '200000003', status: true, diagnosis: false },
  { nif: '200000004', status: false, diagnosis: false },
] as const;

/**
 * The demo company (empresa@), which registered on its own: the bank asks to follow it, so its profile shows the
 * request to accept or refuse beside the bank's consent (docs/adr/0024-partner-follow-requests.md).
 */
const DEMO_FOLLOWED_NIF = '200000001';

/**
 * Links the demo partner account to the demo bank. The bank, its assisted companies and their consents are
 * written when the bank is created, so that a consent a person revokes while trying the portal stays revoked.
 */
export async function seedDemoPartner(db: Database, accountId: string): Promise<void> {
  const [linked] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.accountId, accountId));
  if (linked) return;
  const [type] = await db
    .select({ id: partnerTypes.id })
    .from(partnerTypes)
    .where(eq(partnerTypes.code, 'BANCO'));
  if (!type) return;
  const [created] = await db
    .insert(partnerEntities)
    .values({
      code: DEMO_BANK.code,
      name: DEMO_BANK.name,
      description: {
        pt: 'Banco fictício dos dados de demonstração.',
        en: 'Fictitious bank of the demo data.',
        fr: 'Banque fictive des données de démonstration.',
      },
      partnerTypeId: type.id,
      searchText: searchText(DEMO_BANK.code, DEMO_BANK.name),
    })
    .onConflictDoNothing({ target: partnerEntities.code })
    .returning({ id: partnerEntities.id });
  const [bank] = created
    ? [created]
    : await db
        .select({ id: partnerEntities.id })
        .from(partnerEntities)
        .where(eq(partnerEntities.code, DEMO_BANK.code));
  if (!bank) return;
  await db.insert(partners).values({ accountId, partnerEntityId: bank.id });
  if (!created) return;
  const peers = await db
    .select({ id: companies.id, nif: companies.nif })
    .from(companies)
    .where(
      inArray(
        companies.nif,
        DEMO_ASSISTED.map((a) => a.nif),
      ),
    );
  for (const assisted of DEMO_ASSISTED) {
    const peer = peers.find((p) => p.nif === assisted.nif);
    if (!peer) continue;
    await db.insert(partnerAssistedCompanies).values({ partnerEntityId: bank.id, companyId: peer.id });
    if (assisted.status || assisted.diagnosis) {
      await db.insert(partnerConsents).values({
        companyId: peer.id,
        partnerEntityId: bank.id,
        seesStatus: assisted.status,
        seesDiagnosis: assisted.diagnosis,
      });
    }
  }
  const [followed] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.nif, DEMO_FOLLOWED_NIF));
  if (followed) {
    await db
      .insert(partnerFollowRequests)
      .values({ partnerEntityId: bank.id, companyId: followed.id, requestedBy: accountId });
  }
}
