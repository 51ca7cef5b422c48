import type { SeedEmployeeRange, SeedSimple } from './types.ts';

/**
 * Company types: the legal forms of the Cabo Verde commercial companies code (Código das Empresas Comerciais)
 * and the other forms a business commonly takes (sole trader, cooperative, public enterprise, branch).
 */
export const COMPANY_TYPES: readonly SeedSimple[] = [
  {
    code: 'LDA',
    description: {
      pt: 'Sociedade por quotas (Lda)',
      en: 'Private limited company (Lda)',
      fr: 'Société à responsabilité limitée (Lda)',
    },
  },
  {
    code: 'SUQ',
    description: {
      pt: 'Sociedade unipessoal por quotas',
      en: 'Single-member private limited company',
      fr: 'Société unipersonnelle à responsabilité limitée',
    },
  },
  {
    code: 'SA',
    description: {
      pt: 'Sociedade anónima (SA)',
      en: 'Public limited company (SA)',
      fr: 'Société anonyme (SA)',
    },
  },
  {
    code: 'SNC',
    description: {
      pt: 'Sociedade em nome coletivo',
      en: 'General partnership',
      fr: 'Société en nom collectif',
    },
  },
  {
    code: 'SCOM',
    description: {
      pt: 'Sociedade em comandita',
      en: 'Limited partnership',
      fr: 'Société en commandite',
    },
  },
  {
    code: 'ENI',
    description: {
      pt: 'Empresário em nome individual',
      en: 'Sole trader',
      fr: 'Entrepreneur individuel',
    },
  },
  {
    code: 'COOP',
    description: { pt: 'Cooperativa', en: 'Cooperative', fr: 'Coopérative' },
  },
  {
    code: 'EP',
    description: { pt: 'Empresa pública', en: 'State-owned enterprise', fr: 'Entreprise publique' },
  },
  {
    code: 'SUC',
    description: {
      pt: 'Sucursal de sociedade estrangeira',
      en: 'Branch of a foreign company',
      fr: "Succursale d'une société étrangère",
    },
  },
  {
    code: 'ACE',
    description: {
      pt: 'Agrupamento complementar de empresas',
      en: 'Complementary grouping of companies',
      fr: "Groupement d'intérêt économique",
    },
  },
];

/**
 * Employee ranges (people employed), the usual micro / small / medium / large size classes. They do not
 * overlap and the last one is open-ended.
 */
export const EMPLOYEE_RANGES: readonly SeedEmployeeRange[] = [
  {
    code: 'MICRO',
    minEmployees: 1,
    maxEmployees: 9,
    description: {
      pt: 'Microempresa (1 a 9 trabalhadores)',
      en: 'Micro enterprise (1 to 9 employees)',
      fr: 'Micro-entreprise (1 à 9 salariés)',
    },
  },
  {
    code: 'SMALL',
    minEmployees: 10,
    maxEmployees: 49,
    description: {
      pt: 'Pequena empresa (10 a 49 trabalhadores)',
      en: 'Small enterprise (10 to 49 employees)',
      fr: 'Petite entreprise (10 à 49 salariés)',
    },
  },
  {
    code: 'MEDIUM',
    minEmployees: 50,
    maxEmployees: 249,
    description: {
      pt: 'Média empresa (50 a 249 trabalhadores)',
      en: 'Medium-sized enterprise (50 to 249 employees)',
      fr: 'Moyenne entreprise (50 à 249 salariés)',
    },
  },
  {
    code: 'LARGE',
    minEmployees: 250,
    maxEmployees: null,
    description: {
      pt: 'Grande empresa (250 ou mais trabalhadores)',
      en: 'Large enterprise (250 or more employees)',
      fr: 'Grande entreprise (250 salariés ou plus)',
    },
  },
];

/** The situations a company's registration can be in. */
export const COMPANY_SITUATIONS: readonly SeedSimple[] = [
  { code: 'ATIVA', description: { pt: 'Ativa', en: 'Active', fr: 'En activité' } },
  {
    code: 'SUSPENSA',
    description: { pt: 'Atividade suspensa', en: 'Activity suspended', fr: 'Activité suspendue' },
  },
  { code: 'INATIVA', description: { pt: 'Inativa', en: 'Inactive', fr: 'Inactive' } },
  {
    code: 'INSOLVENCIA',
    description: {
      pt: 'Em processo de insolvência',
      en: 'In insolvency proceedings',
      fr: "En procédure d'insolvabilité",
    },
  },
  { code: 'LIQUIDACAO', description: { pt: 'Em liquidação', en: 'In liquidation', fr: 'En liquidation' } },
  {
    code: 'EXTINTA',
    description: { pt: 'Dissolvida e extinta', en: 'Dissolved', fr: 'Dissoute et radiée' },
  },
];

/** Kinds of partner entities (the organisations whose users follow the companies). */
export const PARTNER_TYPES: readonly SeedSimple[] = [
  { code: 'BANCO', description: { pt: 'Banco', en: 'Bank', fr: 'Banque' } },
  {
    code: 'IFNB',
    description: {
      pt: 'Instituição financeira não bancária',
      en: 'Non-bank financial institution',
      fr: 'Institution financière non bancaire',
    },
  },
  {
    code: 'SEGURADORA',
    description: { pt: 'Companhia de seguros', en: 'Insurance company', fr: "Compagnie d'assurance" },
  },
  {
    code: 'GESTORA',
    description: { pt: 'Entidade gestora', en: 'Managing body', fr: 'Organisme gestionnaire' },
  },
  {
    code: 'ASSOC_EMP',
    description: {
      pt: 'Associação empresarial',
      en: 'Business association',
      fr: "Association d'entreprises",
    },
  },
  {
    code: 'CAMARA_COM',
    description: {
      pt: 'Câmara de comércio',
      en: 'Chamber of commerce',
      fr: 'Chambre de commerce',
    },
  },
  {
    code: 'INST_PUB',
    description: { pt: 'Instituição pública', en: 'Public institution', fr: 'Institution publique' },
  },
  {
    code: 'ENSINO',
    description: {
      pt: 'Instituição de ensino superior',
      en: 'Higher education institution',
      fr: "Établissement d'enseignement supérieur",
    },
  },
  {
    code: 'CONSULTORA',
    description: {
      pt: 'Empresa de consultoria',
      en: 'Consulting firm',
      fr: 'Cabinet de conseil',
    },
  },
];
