import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../auth/types.ts';
import type { Database } from '../db/client.ts';
import { caeDivisions, cities, companies, companyTypes, employeeRanges } from '../db/schema/index.ts';
import {
  createBalanceSheetsService,
  type TrialBalanceRow,
  trialBalanceWorkbook,
} from '../modules/balance-sheets/index.ts';
import { refreshSheetIndicators } from '../modules/diagnosis/index.ts';
import type { FileStore } from '../platform/files/file-store.ts';

/**
 * The demo company's profile and balance sheets, and five fictitious companies of the same CAE division (retail
 * trade, 47) with theirs, so that a first `npm start` shows a comparison diagnosis, indicator charts, the sector
 * median (which needs 5 companies) and the admin's statistics. The sheets go through the real upload check.
 */

/** A trading company's year, in escudos; the retained earnings (56) balance the trial balance. */
interface Year {
  fixedAssets: number; // 43
  inventory: number; // 32
  clients: number; // 21
  cash: number; // 11
  bank: number; // 12
  capital: number; // 51
  loans: number; // 25
  suppliers: number; // 22
  state: number; // 24, credit
  sales: number; // 71
  services: number; // 72
  goodsSold: number; // 61
  externalServices: number; // 62
  staff: number; // 63
  depreciation: number; // 64
  interest: number; // 69
}

/** The year's trial balance before closing: assets and costs on the debit side, the rest on the credit side. */
export function demoTrialBalance(year: Year): TrialBalanceRow[] {
  const assets = year.fixedAssets + year.inventory + year.clients + year.cash + year.bank;
  const costs = year.goodsSold + year.externalServices + year.staff + year.depreciation + year.interest;
  const revenue = year.sales + year.services;
  const retained = assets + costs - revenue - year.capital - year.loans - year.suppliers - year.state;
  return [
    ['11', 'Caixa', year.cash, 0],
    ['12', 'Depósitos à ordem', year.bank, 0],
    ['21', 'Clientes', year.clients, 0],
    ['22', 'Fornecedores', 0, year.suppliers],
    ['24', 'Estado e outros entes públicos', 0, year.state],
    ['25', 'Financiamentos obtidos', 0, year.loans],
    ['32', 'Mercadorias', year.inventory, 0],
    ['43', 'Ativos fixos tangíveis', year.fixedAssets, 0],
    ['51', 'Capital', 0, year.capital],
    ['56', 'Resultados transitados', Math.max(0, -retained), Math.max(0, retained)],
    ['61', 'Custo das mercadorias vendidas', year.goodsSold, 0],
    ['62', 'Fornecimentos e serviços externos', year.externalServices, 0],
    ['63', 'Gastos com o pessoal', year.staff, 0],
    ['64', 'Gastos de depreciação e de amortização', year.depreciation, 0],
    ['69', 'Gastos de financiamento', year.interest, 0],
    ['71', 'Vendas', 0, year.sales],
    ['72', 'Prestações de serviços', 0, year.services],
  ];
}

const DEMO_2024: Year = {
  fixedAssets: 4_500_000,
  inventory: 1_800_000,
  clients: 1_200_000,
  cash: 150_000,
  bank: 950_000,
  capital: 3_000_000,
  loans: 1_400_000,
  suppliers: 900_000,
  state: 200_000,
  sales: 9_800_000,
  services: 600_000,
  goodsSold: 6_200_000,
  externalServices: 1_300_000,
  staff: 1_500_000,
  depreciation: 450_000,
  interest: 100_000,
};

const DEMO_2025: Year = {
  fixedAssets: 4_300_000,
  inventory: 2_000_000,
  clients: 1_350_000,
  cash: 180_000,
  bank: 1_740_000,
  capital: 3_000_000,
  loans: 1_100_000,
  suppliers: 1_050_000,
  state: 250_000,
  sales: 10_900_000,
  services: 700_000,
  goodsSold: 6_900_000,
  externalServices: 1_450_000,
  staff: 1_700_000,
  depreciation: 400_000,
  interest: 80_000,
};

/** A peer's year: the demo company's, scaled, with its costs and debt moved by the given factors. */
function peerYear(base: Year, scale: number, costs: number, debt: number): Year {
  const round = (value: number) => Math.round(value / 1000) * 1000;
  const scaled = Object.fromEntries(
    Object.entries(base).map(([key, value]) => [key, round(value * scale)]),
  ) as unknown as Year;
  return {
    ...scaled,
    goodsSold: round(scaled.goodsSold * costs),
    externalServices: round(scaled.externalServices * costs),
    loans: round(scaled.loans * debt),
    interest: round(scaled.interest * debt),
  };
}

/** Every field the company's own profile form requires (responsible name and phone too), so saving it works. */
const DEMO_PROFILE = {
  responsibleName: 'Empresa Demo',
  phone: '+238 260 12 34',
  division: '47',
  city: 'ST-PR',
  companyType: 'LDA',
  employeeRange: 'SMALL',
  legalName: 'Demo Comércio, Limitada',
  ownerName: 'Empresa Demo',
  managerName: 'Empresa Demo',
  establishmentDate: '2012-03-15',
  annualTurnover: '11600000.00',
  employeeCount: 18,
  contactPhone: '2601234',
  contactEmail: 'empresa@excelencia.cv',
};

/** Fictitious companies of the demo company's division; none has an account. */
const PEERS = [
  {
    name: 'Mercearia Atlântico, Lda',
    nif: '200000002',
    responsible: 'Ana Lopes',
    established: '2015-06-01',
    phone: '2612345',
    city: 'ST-CA',
    type: 'LDA',
    range: 'MICRO',
    scale: 0.4,
    costs: 1.02,
    debt: 0.5,
  },
  {
    name: 'Sal Rei Distribuição, SA',
    nif: '200000003',
    responsible: 'Carlos Évora',
    established: '2008-02-11',
    phone: '2511234',
    website: 'https://salrei-distribuicao.example',
    city: 'BV-BV',
    type: 'SA',
    range: 'MEDIUM',
    scale: 2.5,
    costs: 0.98,
    debt: 1.6,
  },
  {
    name: 'Mindelo Abastecimentos, Lda',
    nif: '200000004',
    responsible: 'Joana Lima',
    established: '2011-09-20',
    phone: '2321234',
    website: 'https://mindelo-abastecimentos.example',
    city: 'SV-SV',
    type: 'LDA',
    range: 'SMALL',
    scale: 1.3,
    costs: 1.06,
    debt: 1.2,
  },
  {
    name: 'Fogo Comercial, Lda',
    nif: '200000005',
    responsible: 'Pedro Fontes',
    established: '2019-04-03',
    phone: '2811234',
    city: 'FG-SF',
    type: 'LDA',
    range: 'MICRO',
    scale: 0.6,
    costs: 0.95,
    debt: 0,
  },
  {
    name: 'Espargos Trading, SU, Lda',
    nif: '200000006',
    responsible: 'Rosa Brito',
    established: '2017-11-15',
    phone: '2411234',
    city: 'SL-SL',
    type: 'SUQ',
    range: 'SMALL',
    scale: 0.9,
    costs: 1.1,
    debt: 0.8,
  },
] as const;

async function idOf(
  db: Database,
  table: typeof caeDivisions | typeof cities | typeof companyTypes | typeof employeeRanges,
  code: string,
): Promise<string | null> {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.code, code)).limit(1);
  return row?.id ?? null;
}

/**
 * Fills the demo data's companies: the demo company's profile and its 2024 and 2025 annual sheets (uploaded as
 * its user), and the five peers with theirs (uploaded as the admin). Run once, when the demo company is created,
 * so that what a person deletes while trying the portal stays deleted.
 */
export async function seedDemoCompanies(
  db: Database,
  fileStore: FileStore,
  demo: { companyId: string; companyUser: AuthContext; admin: AuthContext },
): Promise<void> {
  const division = await idOf(db, caeDivisions, DEMO_PROFILE.division);
  const { division: _, city, companyType, employeeRange, ...profile } = DEMO_PROFILE;
  await db
    .update(companies)
    .set({
      ...profile,
      caeDivisionId: division,
      cityId: await idOf(db, cities, city),
      companyTypeId: await idOf(db, companyTypes, companyType),
      employeeRangeId: await idOf(db, employeeRanges, employeeRange),
    })
    .where(eq(companies.id, demo.companyId));

  const sheets = createBalanceSheetsService({ db, fileStore, onSheetsChanged: refreshSheetIndicators });
  const folder = await mkdtemp(join(tmpdir(), 'excelencia-demo-'));
  try {
    const upload = async (caller: AuthContext, companyId: string, year: number, figures: Year) => {
      const path = join(folder, `${companyId}-${year}.xlsx`);
      await trialBalanceWorkbook('pt', demoTrialBalance(figures)).xlsx.writeFile(path);
      await sheets.upload(
        caller,
        { accountId: caller.accountId, requestId: 'demo-data' },
        companyId,
        {
          startDate: `${year}-01-01`,
          endDate: `${year}-12-31`,
          typeFrequence: 'annual',
          path,
          originalName: `Balancete ${year}.xlsx`,
        },
        'pt',
      );
    };
    await upload(demo.companyUser, demo.companyId, 2024, DEMO_2024);
    await upload(demo.companyUser, demo.companyId, 2025, DEMO_2025);

    for (const peer of PEERS) {
      const [row] = await db
        .insert(companies)
        .values({
          companyName: peer.name,
          nif: peer.nif,
          email: `geral.${peer.nif}@empresas.example`,
          responsibleName: peer.responsible,
          phone: peer.phone,
          caeDivisionId: division,
          cityId: await idOf(db, cities, peer.city),
          companyTypeId: await idOf(db, companyTypes, peer.type),
          employeeRangeId: await idOf(db, employeeRanges, peer.range),
          establishmentDate: peer.established,
          contactPhone: peer.phone,
          website: 'website' in peer ? peer.website : null,
          isListed: true,
        })
        .onConflictDoNothing({ target: companies.nif })
        .returning({ id: companies.id });
      if (!row) continue;
      await upload(demo.admin, row.id, 2024, peerYear(DEMO_2024, peer.scale, peer.costs, peer.debt));
      await upload(demo.admin, row.id, 2025, peerYear(DEMO_2025, peer.scale, peer.costs, peer.debt));
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
