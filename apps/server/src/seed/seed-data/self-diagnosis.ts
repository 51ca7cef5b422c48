import type { AccountNature, LocalizedText } from '@excelencia/domain';
import type { SeedHeading, SeedTreeNode } from './types.ts';

/**
 * The self-diagnosis tree: the SNCRF chart of accounts of Cabo Verde (Decreto-Lei n.º 5/2008; classes 1 to 8)
 * mapped to the balance sheet (Ativo, Capital próprio, Passivo) and the income statement (Rendimentos, Gastos).
 *
 * - Amounts are entered at the leaves; a parent is the sum of its children. Every leaf lists the account codes
 *   or prefixes it covers; a parent lists the union of its children's.
 * - Sign convention: an amount is positive on the natural side of its heading (debit for Ativo and Gastos,
 *   credit for Capital próprio, Passivo and Rendimentos); balances on the other side are entered as negative
 *   numbers (own shares, interim dividends, a loss, negative retained earnings, a fall in production
 *   inventories). So AT = CP + PT and the net result is REND - GAST.
 * - Accounts of class 2 whose balance may be on either side (23, 24, 26, 27, 28) appear under an asset and a
 *   liability node: a debit balance goes to the asset, a credit balance to the liability. Account 25 appears
 *   twice, split by maturity (DF_NC, DF_C).
 * - Every code is unique in the whole tree and formula-friendly: criteria formulas use them as names.
 *   Derived figures: EBITDA = REXP - GEXP; operating result = REXP - GEXP - DEP; net result = REND - GAST;
 *   financial debt DF = DF_NC + DF_C (see docs/seed-data.md).
 */

type Text = readonly [pt: string, en: string, fr: string];

function text([pt, en, fr]: Text): LocalizedText {
  return { pt, en, fr };
}

/** A leaf: the accounts it covers. */
function leaf(code: string, description: Text, accountCodes: string[]): SeedTreeNode {
  return { code, description: text(description), accountCodes, children: [] };
}

/** A parent: its accounts are the union of its children's, in order. */
function parent(code: string, description: Text, children: SeedTreeNode[]): SeedTreeNode {
  const accountCodes = [...new Set(children.flatMap((child) => child.accountCodes))];
  return { code, description: text(description), accountCodes, children };
}

function heading(
  code: string,
  description: Text,
  nature: AccountNature,
  children: SeedTreeNode[],
): SeedHeading {
  return { ...parent(code, description, children), nature };
}

export const SELF_DIAGNOSIS_TREE: readonly SeedHeading[] = [
  heading('AT', ['Ativo', 'Assets', 'Actif'], 'debit', [
    parent(
      'ANC',
      ['Ativo não corrente', 'Non-current assets', 'Actif non courant'],
      [
        leaf(
          'AFT',
          ['Ativos fixos tangíveis', 'Property, plant and equipment', 'Immobilisations corporelles'],
          ['43'],
        ),
        leaf(
          'PINV',
          ['Propriedades de investimento', 'Investment property', 'Immeubles de placement'],
          ['42'],
        ),
        leaf('AINT', ['Ativos intangíveis', 'Intangible assets', 'Immobilisations incorporelles'], ['44']),
        leaf(
          'INVFIN',
          ['Investimentos financeiros', 'Financial investments', 'Immobilisations financières'],
          ['41'],
        ),
        leaf(
          'INVCUR',
          ['Investimentos em curso', 'Investments in progress', 'Immobilisations en cours'],
          ['45'],
        ),
      ],
    ),
    parent(
      'AC',
      ['Ativo corrente', 'Current assets', 'Actif courant'],
      [
        leaf('INV', ['Inventários', 'Inventories', 'Stocks'], ['32', '33', '34', '35', '36']),
        leaf('ABIO', ['Ativos biológicos', 'Biological assets', 'Actifs biologiques'], ['37']),
        leaf('CLI', ['Clientes', 'Trade receivables', 'Créances clients'], ['21']),
        leaf(
          'EST_DEV',
          [
            'Estado e outros entes públicos (saldos devedores)',
            'State and other public entities (receivables)',
            'État et autres collectivités publiques (créances)',
          ],
          ['24'],
        ),
        leaf(
          'SOC_DEV',
          [
            'Acionistas/sócios (saldos devedores)',
            'Shareholders (receivables)',
            'Actionnaires et associés (créances)',
          ],
          ['26'],
        ),
        leaf('OCR', ['Outras contas a receber', 'Other receivables', 'Autres créances'], ['23', '27']),
        leaf(
          'DIF_DEV',
          ['Diferimentos (gastos a reconhecer)', 'Deferred expenses', "Charges constatées d'avance"],
          ['28'],
        ),
        leaf(
          'OAF',
          ['Outros ativos financeiros', 'Other financial assets', 'Autres actifs financiers'],
          ['14'],
        ),
        leaf(
          'ANCDV',
          [
            'Ativos não correntes detidos para venda',
            'Non-current assets held for sale',
            'Actifs non courants détenus en vue de la vente',
          ],
          ['46'],
        ),
        parent(
          'CX',
          ['Caixa e depósitos bancários', 'Cash and bank deposits', 'Caisse et dépôts bancaires'],
          [
            leaf('CAIXA', ['Caixa', 'Cash on hand', 'Caisse'], ['11']),
            leaf('DO', ['Depósitos à ordem', 'Demand deposits', 'Dépôts à vue'], ['12']),
            leaf(
              'ODB',
              ['Outros depósitos bancários', 'Other bank deposits', 'Autres dépôts bancaires'],
              ['13'],
            ),
          ],
        ),
      ],
    ),
  ]),
  heading('CP', ['Capital próprio', 'Equity', 'Capitaux propres'], 'credit', [
    parent(
      'CPC',
      ['Capital e reservas', 'Capital and reserves', 'Capital et réserves'],
      [
        leaf('CAP', ['Capital', 'Share capital', 'Capital social'], ['51']),
        leaf('ACPROP', ['Ações (quotas) próprias', 'Own shares', 'Actions (parts) propres'], ['52']),
        leaf(
          'OICP',
          [
            'Outros instrumentos de capital próprio',
            'Other equity instruments',
            'Autres instruments de capitaux propres',
          ],
          ['53'],
        ),
        leaf('PREM', ['Prémios de emissão', 'Share premium', "Primes d'émission"], ['54']),
        leaf('RES', ['Reservas', 'Reserves', 'Réserves'], ['55']),
        leaf(
          'EXREV',
          ['Excedentes de revalorização', 'Revaluation surplus', 'Écarts de réévaluation'],
          ['58'],
        ),
        leaf(
          'OVCP',
          [
            'Ajustamentos e outras variações no capital próprio',
            'Adjustments and other changes in equity',
            'Ajustements et autres variations des capitaux propres',
          ],
          ['57', '59'],
        ),
      ],
    ),
    parent(
      'CPR',
      ['Resultados', 'Results', 'Résultats'],
      [
        leaf('RT', ['Resultados transitados', 'Retained earnings', 'Report à nouveau'], ['56']),
        leaf(
          'RLPER',
          ['Resultado líquido do período', 'Net profit or loss for the period', "Résultat net de l'exercice"],
          ['818'],
        ),
        leaf('DIVA', ['Dividendos antecipados', 'Interim dividends', 'Acomptes sur dividendes'], ['89']),
      ],
    ),
  ]),
  heading('PT', ['Passivo', 'Liabilities', 'Passif'], 'credit', [
    parent(
      'PNC',
      ['Passivo não corrente', 'Non-current liabilities', 'Passif non courant'],
      [
        leaf('PROV', ['Provisões', 'Provisions', 'Provisions'], ['29']),
        leaf(
          'DF_NC',
          [
            'Financiamentos obtidos (não corrente)',
            'Borrowings (non-current)',
            'Emprunts et dettes financières (non courant)',
          ],
          ['25'],
        ),
        leaf(
          'OCP_NC',
          [
            'Outras contas a pagar (não corrente)',
            'Other payables (non-current)',
            'Autres dettes (non courant)',
          ],
          ['27'],
        ),
      ],
    ),
    parent(
      'PC',
      ['Passivo corrente', 'Current liabilities', 'Passif courant'],
      [
        leaf('FORN', ['Fornecedores', 'Trade payables', 'Dettes fournisseurs'], ['22']),
        leaf(
          'EST_CRED',
          [
            'Estado e outros entes públicos (saldos credores)',
            'State and other public entities (payables)',
            'État et autres collectivités publiques (dettes)',
          ],
          ['24'],
        ),
        leaf(
          'SOC_CRED',
          [
            'Acionistas/sócios (saldos credores)',
            'Shareholders (payables)',
            'Actionnaires et associés (dettes)',
          ],
          ['26'],
        ),
        leaf(
          'DF_C',
          [
            'Financiamentos obtidos (corrente)',
            'Borrowings (current)',
            'Emprunts et dettes financières (courant)',
          ],
          ['25'],
        ),
        leaf('OCP', ['Outras contas a pagar', 'Other payables', 'Autres dettes'], ['23', '27']),
        leaf(
          'DIF_CRED',
          ['Diferimentos (rendimentos a reconhecer)', 'Deferred income', "Produits constatés d'avance"],
          ['28'],
        ),
      ],
    ),
  ]),
  heading('REND', ['Rendimentos', 'Income', 'Produits'], 'credit', [
    parent(
      'REXP',
      ['Rendimentos operacionais', 'Operating income', "Produits d'exploitation"],
      [
        parent(
          'VN',
          ['Volume de negócios', 'Turnover', "Chiffre d'affaires"],
          [
            leaf('VENDAS', ['Vendas', 'Sales', 'Ventes'], ['71']),
            leaf('PSERV', ['Prestações de serviços', 'Services rendered', 'Prestations de services'], ['72']),
          ],
        ),
        leaf(
          'VPROD',
          [
            'Variação nos inventários da produção',
            'Change in inventories of finished goods and work in progress',
            'Variation des stocks de produits (production stockée)',
          ],
          ['73'],
        ),
        leaf(
          'TPE',
          ['Trabalhos para a própria entidade', 'Own work capitalised', 'Production immobilisée'],
          ['74'],
        ),
        leaf(
          'SUBEXP',
          ['Subsídios à exploração', 'Operating subsidies', "Subventions d'exploitation"],
          ['75'],
        ),
        leaf('REVER', ['Reversões', 'Reversals', 'Reprises sur dépréciations et provisions'], ['76']),
        leaf(
          'GJV',
          ['Ganhos por aumentos de justo valor', 'Gains from fair value increases', 'Gains de juste valeur'],
          ['77'],
        ),
        leaf(
          'ORG',
          ['Outros rendimentos e ganhos', 'Other income and gains', 'Autres produits et gains'],
          ['78'],
        ),
      ],
    ),
    leaf(
      'RFIN',
      [
        'Juros, dividendos e outros rendimentos similares',
        'Interest, dividends and similar income',
        'Intérêts, dividendes et produits assimilés',
      ],
      ['79'],
    ),
  ]),
  heading('GAST', ['Gastos', 'Expenses', 'Charges'], 'debit', [
    parent(
      'GEXP',
      [
        'Gastos operacionais (antes de depreciações)',
        'Operating expenses (before depreciation)',
        "Charges d'exploitation (hors amortissements)",
      ],
      [
        leaf(
          'CMVMC',
          [
            'Custo das mercadorias vendidas e das matérias consumidas',
            'Cost of goods sold and materials consumed',
            'Coût des marchandises vendues et des matières consommées',
          ],
          ['61'],
        ),
        leaf(
          'FSE',
          [
            'Fornecimentos e serviços externos',
            'External supplies and services',
            'Achats et charges externes',
          ],
          ['62'],
        ),
        leaf('GP', ['Gastos com o pessoal', 'Staff costs', 'Charges de personnel'], ['63']),
        leaf('IMPAR', ['Perdas por imparidade', 'Impairment losses', 'Pertes de valeur'], ['65']),
        leaf(
          'PRJV',
          [
            'Perdas por reduções de justo valor',
            'Losses from fair value decreases',
            'Pertes de juste valeur',
          ],
          ['66'],
        ),
        leaf(
          'PROVP',
          ['Provisões do período', 'Provisions for the period', 'Dotations aux provisions'],
          ['67'],
        ),
        leaf(
          'OGP',
          ['Outros gastos e perdas', 'Other expenses and losses', 'Autres charges et pertes'],
          ['68'],
        ),
      ],
    ),
    leaf(
      'DEP',
      [
        'Gastos de depreciação e de amortização',
        'Depreciation and amortisation',
        'Dotations aux amortissements',
      ],
      ['64'],
    ),
    leaf(
      'JUR',
      [
        'Juros e gastos similares suportados',
        'Interest and similar expenses',
        'Intérêts et charges assimilées',
      ],
      ['69'],
    ),
    leaf(
      'IRC',
      [
        'Imposto sobre o rendimento do período',
        'Income tax for the period',
        "Impôt sur le résultat de l'exercice",
      ],
      ['812'],
    ),
  ]),
];

/** Every node code of the tree, upper case: the names criteria formulas may use. */
export function treeNodeCodes(tree: readonly SeedTreeNode[] = SELF_DIAGNOSIS_TREE): string[] {
  return tree.flatMap((node) => [node.code, ...treeNodeCodes(node.children)]);
}
