import type { LocalizedText, TargetComparison } from '@excelencia/domain';
import type { SeedCriterion, SeedCriterionType } from './types.ts';

/** The criterion types, in their fixed order: EE, F, L, RE, RF, C. */
export const CRITERION_TYPES: readonly SeedCriterionType[] = [
  {
    code: 'EE',
    sortOrder: 1,
    description: {
      pt: 'Estrutura de endividamento',
      en: 'Debt structure',
      fr: "Structure d'endettement",
    },
  },
  { code: 'F', sortOrder: 2, description: { pt: 'Funcionamento', en: 'Functioning', fr: 'Fonctionnement' } },
  { code: 'L', sortOrder: 3, description: { pt: 'Liquidez', en: 'Liquidity', fr: 'Liquidité' } },
  {
    code: 'RE',
    sortOrder: 4,
    description: {
      pt: 'Rentabilidade económica',
      en: 'Economic profitability',
      fr: 'Rentabilité économique',
    },
  },
  {
    code: 'RF',
    sortOrder: 5,
    description: {
      pt: 'Rentabilidade financeira',
      en: 'Financial profitability',
      fr: 'Rentabilité financière',
    },
  },
  {
    code: 'C',
    sortOrder: 6,
    description: {
      pt: 'Critérios de candidatura',
      en: 'Application criteria',
      fr: 'Critères de candidature',
    },
  },
];

/**
 * Derived figures, written out in every formula that needs them (formulas have no variables):
 * EBITDA = REXP - GEXP; operating result (RO) = REXP - GEXP - DEP; net result (RL) = REND - GAST;
 * net financial debt = DF_NC + DF_C - CX. See docs/seed-data.md for the sign convention.
 */
const EBITDA = '(REXP - GEXP)';
const RO = '(REXP - GEXP - DEP)';
const RL = '(REND - GAST)';

type Text = readonly [pt: string, en: string, fr: string];

function criterion(
  criterionTypeCode: string,
  sortOrder: number,
  code: string,
  [pt, en, fr]: Text,
  formula: string,
  targetComparison: TargetComparison,
  targetValue: string,
  recommendation: LocalizedText,
): SeedCriterion {
  return {
    code,
    description: { pt, en, fr },
    formula,
    targetComparison,
    targetValue,
    recommendation,
    criterionTypeCode,
    sortOrder,
    isApplicationCriterion: criterionTypeCode === 'C',
  };
}

/** The eight application criteria, in their fixed order. */
export const APPLICATION_CRITERIA: readonly SeedCriterion[] = [
  criterion(
    'C',
    1,
    'RLP',
    ['Resultado Líquido Positivo', 'Positive net result', 'Résultat net positif'],
    'REND - GAST',
    '>',
    '0',
    {
      pt: 'A empresa deve apresentar lucro no exercício. Reveja a estrutura de gastos e a política de preços para voltar a resultados positivos.',
      en: 'The company must make a profit for the year. Review its cost structure and pricing to return to a positive result.',
      fr: "L'entreprise doit dégager un bénéfice sur l'exercice. Revoyez la structure des charges et la politique de prix pour revenir à un résultat positif.",
    },
  ),
  criterion('C', 2, 'EBITDA', ['EBITDA', 'EBITDA', 'EBITDA'], 'REXP - GEXP', '>', '0', {
    pt: 'A atividade operacional deve gerar excedente antes de depreciações, juros e impostos. Aumente a margem bruta ou reduza gastos operacionais.',
    en: 'Operations must generate a surplus before depreciation, interest and taxes. Increase the gross margin or reduce operating expenses.',
    fr: "L'exploitation doit dégager un excédent avant amortissements, intérêts et impôts. Améliorez la marge brute ou réduisez les charges d'exploitation.",
  }),
  criterion(
    'C',
    3,
    'EBITDA_2A',
    [
      'EBITDA positivo nos dois anos analisados',
      'Positive EBITDA in both years analysed',
      'EBITDA positif sur les deux exercices analysés',
    ],
    'min(REXP - GEXP, prev(REXP) - prev(GEXP))',
    '>',
    '0',
    {
      pt: 'O EBITDA deve ser positivo no último exercício e no anterior. Uma rentabilidade operacional sustentada é condição de candidatura.',
      en: 'EBITDA must be positive in the last year and in the year before. Sustained operating profitability is a condition for applying.',
      fr: "L'EBITDA doit être positif sur le dernier exercice et sur le précédent. Une rentabilité d'exploitation durable est une condition de candidature.",
    },
  ),
  criterion(
    'C',
    4,
    'DFL_EBITDA',
    ['Dívida Financeira Líquida / EBITDA', 'Net financial debt / EBITDA', 'Dette financière nette / EBITDA'],
    `(DF_NC + DF_C - CX) / ${EBITDA}`,
    '<=',
    '3',
    {
      pt: 'A dívida financeira líquida não deve exceder três anos de EBITDA. Amortize financiamentos, reforce a tesouraria ou melhore o EBITDA.',
      en: 'Net financial debt should not exceed three years of EBITDA. Repay borrowings, build up cash or improve EBITDA.',
      fr: "La dette financière nette ne doit pas dépasser trois années d'EBITDA. Remboursez des emprunts, renforcez la trésorerie ou améliorez l'EBITDA.",
    },
  ),
  criterion(
    'C',
    5,
    'RCP',
    ['Rentabilidade dos Capitais Próprios', 'Return on equity', 'Rentabilité des capitaux propres'],
    `${RL} / CP`,
    '>=',
    '0.1',
    {
      pt: 'O resultado líquido deve remunerar pelo menos 10% dos capitais próprios. Melhore as margens ou a rotação dos ativos.',
      en: 'Net profit should return at least 10% of equity. Improve margins or asset turnover.',
      fr: 'Le résultat net doit rémunérer au moins 10 % des capitaux propres. Améliorez les marges ou la rotation des actifs.',
    },
  ),
  criterion(
    'C',
    6,
    'AF',
    ['Autonomia Financeira', 'Equity ratio', 'Autonomie financière'],
    'CP / AT',
    '>=',
    '0.375',
    {
      pt: 'Os capitais próprios devem financiar pelo menos 37,5% do ativo. Reforce o capital, retenha resultados ou reduza o passivo.',
      en: 'Equity should finance at least 37.5% of total assets. Strengthen capital, retain earnings or reduce liabilities.',
      fr: "Les capitaux propres doivent financer au moins 37,5 % de l'actif. Renforcez le capital, mettez les résultats en réserve ou réduisez le passif.",
    },
  ),
  criterion(
    'C',
    7,
    'EBITDA_AT',
    ['EBITDA / Ativo', 'EBITDA / Total assets', 'EBITDA / Actif'],
    `${EBITDA} / AT`,
    '>=',
    '0.1',
    {
      pt: 'O EBITDA deve representar pelo menos 10% do ativo. Rentabilize ou aliene ativos pouco produtivos.',
      en: 'EBITDA should be at least 10% of total assets. Make better use of, or dispose of, unproductive assets.',
      fr: "L'EBITDA doit représenter au moins 10 % de l'actif. Valorisez ou cédez les actifs peu productifs.",
    },
  ),
  criterion(
    'C',
    8,
    'EBITDA_VN',
    ['EBITDA / Volume de Negócios', 'EBITDA / Turnover', "EBITDA / Chiffre d'affaires"],
    `${EBITDA} / VN`,
    '>=',
    '0.075',
    {
      pt: 'O EBITDA deve representar pelo menos 7,5% do volume de negócios. Reveja preços, custos das vendas e gastos de estrutura.',
      en: 'EBITDA should be at least 7.5% of turnover. Review prices, cost of sales and overheads.',
      fr: "L'EBITDA doit représenter au moins 7,5 % du chiffre d'affaires. Revoyez les prix, le coût des ventes et les frais de structure.",
    },
  ),
];

/** The usual ratios of a self-diagnosis, by type (EE, F, L, RE, RF). */
export const SELF_DIAGNOSIS_CRITERIA: readonly SeedCriterion[] = [
  // EE: debt structure
  criterion(
    'EE',
    1,
    'EE_END',
    ['Rácio de endividamento', 'Debt ratio', "Taux d'endettement"],
    'PT / AT',
    '<=',
    '0.7',
    {
      pt: 'O passivo não deve ultrapassar 70% do ativo. Reduza a dependência de capitais alheios reforçando os capitais próprios.',
      en: 'Liabilities should not exceed 70% of total assets. Reduce reliance on borrowed funds by strengthening equity.',
      fr: "Le passif ne doit pas dépasser 70 % de l'actif. Réduisez la dépendance aux capitaux empruntés en renforçant les capitaux propres.",
    },
  ),
  criterion(
    'EE',
    2,
    'EE_SOLV',
    ['Solvabilidade', 'Solvency ratio', 'Ratio de solvabilité'],
    'CP / PT',
    '>=',
    '0.43',
    {
      pt: 'Os capitais próprios devem cobrir pelo menos 43% do passivo. Uma solvabilidade baixa dificulta o acesso ao crédito.',
      en: 'Equity should cover at least 43% of liabilities. Low solvency makes access to credit harder.',
      fr: "Les capitaux propres doivent couvrir au moins 43 % du passif. Une faible solvabilité rend l'accès au crédit plus difficile.",
    },
  ),
  criterion(
    'EE',
    3,
    'EE_CAP_PERM',
    [
      'Cobertura do ativo não corrente por capitais permanentes',
      'Coverage of non-current assets by long-term funds',
      "Couverture de l'actif non courant par les capitaux permanents",
    ],
    '(CP + PNC) / ANC',
    '>=',
    '1',
    {
      pt: 'Os investimentos de longo prazo devem ser financiados por capitais próprios e dívida de médio e longo prazo, não por passivo corrente.',
      en: 'Long-term investments should be financed by equity and medium- or long-term debt, not by current liabilities.',
      fr: 'Les investissements durables doivent être financés par les capitaux propres et la dette à moyen ou long terme, non par le passif courant.',
    },
  ),
  criterion(
    'EE',
    4,
    'EE_JUR_EBITDA',
    ['Peso dos juros no EBITDA', 'Interest to EBITDA', "Poids des intérêts dans l'EBITDA"],
    `JUR / ${EBITDA}`,
    '<=',
    '0.3',
    {
      pt: 'Os juros não devem absorver mais de 30% do EBITDA. Renegoceie as condições dos financiamentos ou reduza a dívida.',
      en: 'Interest should not absorb more than 30% of EBITDA. Renegotiate borrowing terms or reduce debt.',
      fr: "Les intérêts ne doivent pas absorber plus de 30 % de l'EBITDA. Renégociez les conditions des emprunts ou réduisez la dette.",
    },
  ),
  // F: functioning (activity)
  criterion(
    'F',
    1,
    'F_PMR',
    [
      'Prazo médio de recebimentos (dias)',
      'Average collection period (days)',
      'Délai moyen de recouvrement clients (jours)',
    ],
    'CLI / VN * 365',
    '<=',
    '60',
    {
      pt: 'Os clientes devem pagar em média em 60 dias ou menos. Reveja as condições de crédito e acompanhe as cobranças.',
      en: 'Customers should pay within 60 days on average. Review credit terms and follow up collections.',
      fr: 'Les clients doivent payer en moyenne sous 60 jours. Revoyez les conditions de crédit et suivez les encaissements.',
    },
  ),
  criterion(
    'F',
    2,
    'F_PMP',
    [
      'Prazo médio de pagamentos (dias)',
      'Average payment period (days)',
      'Délai moyen de paiement fournisseurs (jours)',
    ],
    'FORN / (CMVMC + FSE) * 365',
    '<=',
    '60',
    {
      pt: 'Os fornecedores devem ser pagos em média em 60 dias ou menos. Atrasos prolongados degradam a relação comercial e a reputação.',
      en: 'Suppliers should be paid within 60 days on average. Long delays harm business relationships and reputation.',
      fr: 'Les fournisseurs doivent être payés en moyenne sous 60 jours. Des retards prolongés nuisent à la relation commerciale et à la réputation.',
    },
  ),
  criterion(
    'F',
    3,
    'F_PMI',
    [
      'Prazo médio de inventários (dias)',
      'Inventory holding period (days)',
      'Durée moyenne de rotation des stocks (jours)',
    ],
    'INV / max(CMVMC, 1) * 365',
    '<=',
    '90',
    {
      pt: 'Os inventários não devem ficar mais de 90 dias em armazém. Ajuste as compras à procura e escoe os artigos de baixa rotação.',
      en: 'Inventories should not stay in stock for more than 90 days. Match purchases to demand and clear slow-moving items.',
      fr: 'Les stocks ne doivent pas rester plus de 90 jours en magasin. Ajustez les achats à la demande et écoulez les articles à faible rotation.',
    },
  ),
  criterion(
    'F',
    4,
    'F_RA',
    ['Rotação do ativo', 'Asset turnover', "Rotation de l'actif"],
    'VN / AT',
    '>=',
    '0.5',
    {
      pt: 'O volume de negócios deve representar pelo menos metade do ativo. Aumente as vendas ou liberte ativos sem utilização.',
      en: 'Turnover should be at least half of total assets. Increase sales or release unused assets.',
      fr: "Le chiffre d'affaires doit représenter au moins la moitié de l'actif. Augmentez les ventes ou libérez les actifs inutilisés.",
    },
  ),
  // L: liquidity
  criterion(
    'L',
    1,
    'L_LG',
    ['Liquidez geral', 'Current ratio', 'Liquidité générale'],
    'AC / PC',
    '>=',
    '1.2',
    {
      pt: 'O ativo corrente deve cobrir o passivo corrente com margem (1,2 vezes). Converta dívida de curto prazo em médio e longo prazo.',
      en: 'Current assets should cover current liabilities with a margin (1.2 times). Convert short-term debt into medium- or long-term debt.',
      fr: "L'actif courant doit couvrir le passif courant avec une marge (1,2 fois). Transformez la dette à court terme en dette à moyen ou long terme.",
    },
  ),
  criterion(
    'L',
    2,
    'L_LR',
    ['Liquidez reduzida', 'Quick ratio', 'Liquidité réduite'],
    '(AC - INV) / PC',
    '>=',
    '0.8',
    {
      pt: 'Sem contar com os inventários, o ativo corrente deve cobrir pelo menos 80% do passivo corrente. Reduza inventários excessivos.',
      en: 'Excluding inventories, current assets should cover at least 80% of current liabilities. Reduce excess inventories.',
      fr: "Hors stocks, l'actif courant doit couvrir au moins 80 % du passif courant. Réduisez les stocks excédentaires.",
    },
  ),
  criterion(
    'L',
    3,
    'L_LI',
    ['Liquidez imediata', 'Cash ratio', 'Liquidité immédiate'],
    'CX / PC',
    '>=',
    '0.2',
    {
      pt: 'Caixa e depósitos devem cobrir pelo menos 20% do passivo corrente. Mantenha uma reserva de tesouraria para imprevistos.',
      en: 'Cash and deposits should cover at least 20% of current liabilities. Keep a cash reserve for contingencies.',
      fr: 'La trésorerie doit couvrir au moins 20 % du passif courant. Conservez une réserve de trésorerie pour les imprévus.',
    },
  ),
  criterion(
    'L',
    4,
    'L_FM',
    ['Fundo de maneio', 'Working capital', 'Fonds de roulement'],
    'AC - PC',
    '>',
    '0',
    {
      pt: 'O fundo de maneio deve ser positivo: o ativo corrente deve exceder o passivo corrente.',
      en: 'Working capital should be positive: current assets should exceed current liabilities.',
      fr: "Le fonds de roulement doit être positif : l'actif courant doit dépasser le passif courant.",
    },
  ),
  // RE: economic profitability
  criterion(
    'RE',
    1,
    'RE_ROA',
    ['Rentabilidade do ativo', 'Return on assets', "Rentabilité de l'actif"],
    `${RO} / AT`,
    '>=',
    '0.05',
    {
      pt: 'O resultado operacional deve representar pelo menos 5% do ativo. Melhore as margens e a utilização dos ativos.',
      en: 'Operating profit should be at least 5% of total assets. Improve margins and the use of assets.',
      fr: "Le résultat d'exploitation doit représenter au moins 5 % de l'actif. Améliorez les marges et l'utilisation des actifs.",
    },
  ),
  criterion(
    'RE',
    2,
    'RE_MO',
    ['Margem operacional', 'Operating margin', "Marge d'exploitation"],
    `${RO} / VN`,
    '>=',
    '0.05',
    {
      pt: 'O resultado operacional deve representar pelo menos 5% do volume de negócios. Controle os gastos operacionais.',
      en: 'Operating profit should be at least 5% of turnover. Keep operating expenses under control.',
      fr: "Le résultat d'exploitation doit représenter au moins 5 % du chiffre d'affaires. Maîtrisez les charges d'exploitation.",
    },
  ),
  criterion('RE', 3, 'RE_ML', ['Margem líquida', 'Net margin', 'Marge nette'], `${RL} / VN`, '>=', '0.03', {
    pt: 'O resultado líquido deve representar pelo menos 3% do volume de negócios. Reveja os gastos financeiros e a carga fiscal.',
    en: 'Net profit should be at least 3% of turnover. Review financial expenses and the tax burden.',
    fr: "Le résultat net doit représenter au moins 3 % du chiffre d'affaires. Revoyez les charges financières et la charge fiscale.",
  }),
  // RF: financial profitability
  criterion(
    'RF',
    1,
    'RF_ROE',
    ['Rentabilidade dos capitais próprios', 'Return on equity', 'Rentabilité des capitaux propres'],
    `${RL} / CP`,
    '>=',
    '0.1',
    {
      pt: 'Os capitais próprios devem render pelo menos 10% ao ano, acima das aplicações de baixo risco. Melhore a rentabilidade ou a estrutura financeira.',
      en: 'Equity should earn at least 10% a year, more than low-risk savings. Improve profitability or the financial structure.',
      fr: 'Les capitaux propres doivent rapporter au moins 10 % par an, plus que les placements peu risqués. Améliorez la rentabilité ou la structure financière.',
    },
  ),
  criterion(
    'RF',
    2,
    'RF_ALAV',
    ['Efeito de alavanca financeira', 'Financial leverage effect', 'Effet de levier financier'],
    `(${RL} / CP) / (${RO} / AT)`,
    '>=',
    '1',
    {
      pt: 'A rentabilidade dos capitais próprios deve ser pelo menos igual à do ativo: o endividamento só compensa se o ativo render mais do que custa a dívida.',
      en: 'Return on equity should be at least the return on assets: borrowing only pays when assets earn more than the debt costs.',
      fr: "La rentabilité des capitaux propres doit être au moins égale à celle de l'actif : l'endettement n'est profitable que si l'actif rapporte plus que le coût de la dette.",
    },
  ),
];

export const CRITERIA: readonly SeedCriterion[] = [...SELF_DIAGNOSIS_CRITERIA, ...APPLICATION_CRITERIA];
