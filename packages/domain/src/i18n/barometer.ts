import { defineMessages } from './define.ts';

/**
 * The public barometer (docs/adr/0033-barometer-disclosure-control.md): its downloads, the suppression notes,
 * the company's position and the statistical-use consent. The public page adds its texts here too.
 */
export const barometer = defineMessages({
  pt: {
    errors: {
      badYear: 'O ano do barómetro deve ser um ano entre 1900 e 2200.',
      badBy: 'Escolha como agrupar: global, ilha, secção CAE ou escalão de pessoal.',
      badTable: 'Escolha a tabela: critérios ou edições.',
    },
    suppressed: {
      fewCompanies: 'menos de {{min}} empresas',
      dominance: 'uma empresa tem mais de {{share}}% do volume de negócios',
      secondary: 'oculto para proteger outra célula',
    },
    dimensions: {
      overall: 'Global',
      island: 'Ilha',
      caeSection: 'Secção CAE',
      employeeRange: 'Escalão de pessoal',
    },
    notStated: 'Não indicado',
    all: 'Todas as empresas',
    download: {
      fileName: 'barometro-{{year}}-{{by}}',
      sheetName: 'Barómetro {{year}}',
      editionsSheetName: 'Edições',
      criterion: 'Critério',
      criterionCode: 'Código',
      group: 'Grupo',
      count: 'Empresas',
      q1: '1.º quartil',
      median: 'Mediana',
      q3: '3.º quartil',
      meetingShare: 'Cumprem a meta',
      note: 'Nota',
      edition: 'Edição',
      registered: 'Registadas',
      applied: 'Candidatas',
      distinguished: 'Distinguidas',
      renewals: 'Renovações',
    },
    consent: {
      title: 'Uso estatístico dos números',
      description:
        'Os indicadores da empresa entram, anonimizados, no barómetro público e nos quartis que cada empresa vê. Nenhum número de uma só empresa é publicado.',
      allowed: 'Permitir o uso estatístico, anonimizado',
      withdrawn: 'Retirado: os números da empresa não entram no barómetro nem nos quartis.',
      terms:
        'Os termos incluem o uso, anonimizado, dos indicadores da empresa no barómetro público das empresas; o proprietário pode retirar esta autorização no perfil da empresa.',
      saved: 'Preferência de uso estatístico guardada.',
    },
  },
  en: {
    errors: {
      badYear: "The barometer's year must be a year between 1900 and 2200.",
      badBy: 'Choose how to group: overall, island, CAE section or employee range.',
      badTable: 'Choose the table: criteria or editions.',
    },
    suppressed: {
      fewCompanies: 'fewer than {{min}} companies',
      dominance: 'one company holds more than {{share}}% of the turnover',
      secondary: 'hidden to protect another cell',
    },
    dimensions: {
      overall: 'Overall',
      island: 'Island',
      caeSection: 'CAE section',
      employeeRange: 'Employee range',
    },
    notStated: 'Not stated',
    all: 'All companies',
    download: {
      fileName: 'barometer-{{year}}-{{by}}',
      sheetName: 'Barometer {{year}}',
      editionsSheetName: 'Editions',
      criterion: 'Criterion',
      criterionCode: 'Code',
      group: 'Group',
      count: 'Companies',
      q1: 'First quartile',
      median: 'Median',
      q3: 'Third quartile',
      meetingShare: 'Meeting the target',
      note: 'Note',
      edition: 'Edition',
      registered: 'Registered',
      applied: 'Applied',
      distinguished: 'Distinguished',
      renewals: 'Renewals',
    },
    consent: {
      title: 'Statistical use of the figures',
      description:
        "The company's indicators are used, anonymised, in the public barometer and in the quartiles each company sees. No single company's figures are published.",
      allowed: 'Allow anonymised statistical use',
      withdrawn: "Withdrawn: the company's figures are in neither the barometer nor the quartiles.",
      terms:
        "The terms include the anonymised use of the company's indicators in the public barometer of companies; the owner can withdraw this in the company's profile.",
      saved: 'Statistical use preference saved.',
    },
  },
  fr: {
    errors: {
      badYear: "L'année du baromètre doit être une année entre 1900 et 2200.",
      badBy: 'Choisissez comment regrouper : global, île, section CAE ou tranche d’effectif.',
      badTable: 'Choisissez le tableau : critères ou éditions.',
    },
    suppressed: {
      fewCompanies: 'moins de {{min}} entreprises',
      dominance: "une entreprise détient plus de {{share}} % du chiffre d'affaires",
      secondary: 'masqué pour protéger une autre cellule',
    },
    dimensions: {
      overall: 'Global',
      island: 'Île',
      caeSection: 'Section CAE',
      employeeRange: 'Tranche d’effectif',
    },
    notStated: 'Non indiqué',
    all: 'Toutes les entreprises',
    download: {
      fileName: 'barometre-{{year}}-{{by}}',
      sheetName: 'Baromètre {{year}}',
      editionsSheetName: 'Éditions',
      criterion: 'Critère',
      criterionCode: 'Code',
      group: 'Groupe',
      count: 'Entreprises',
      q1: 'Premier quartile',
      median: 'Médiane',
      q3: 'Troisième quartile',
      meetingShare: "Atteignent l'objectif",
      note: 'Note',
      edition: 'Édition',
      registered: 'Inscrites',
      applied: 'Candidates',
      distinguished: 'Distinguées',
      renewals: 'Renouvellements',
    },
    consent: {
      title: 'Usage statistique des chiffres',
      description:
        "Les indicateurs de l'entreprise sont utilisés, anonymisés, dans le baromètre public et dans les quartiles que chaque entreprise voit. Aucun chiffre d'une seule entreprise n'est publié.",
      allowed: "Autoriser l'usage statistique anonymisé",
      withdrawn:
        "Retiré : les chiffres de l'entreprise n'entrent ni dans le baromètre ni dans les quartiles.",
      terms:
        "Les conditions incluent l'usage, anonymisé, des indicateurs de l'entreprise dans le baromètre public des entreprises ; le propriétaire peut retirer cette autorisation dans le profil de l'entreprise.",
      saved: "Préférence d'usage statistique enregistrée.",
    },
  },
});
