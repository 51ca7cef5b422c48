import type { EsgFormInput, EsgMatrixRow, EsgOption, EsgQuestion, LocalizedText } from '@excelencia/domain';

/**
 * The starter ESG form a deployment begins with (code ESG-STARTER): 30 questions for Cape Verdean small and
 * medium enterprises on energy and water, waste, staff and training, gender balance, community, ethics and
 * anti-corruption, and data protection. Options score 0 to 10 (more is better practice); text questions are
 * not scored. Admins edit it like any other form (an answered version becomes the next one).
 */

export const ESG_STARTER_CODE = 'ESG-STARTER';

type Words = readonly [pt: string, en: string, fr: string];
const t = ([pt, en, fr]: Words): LocalizedText => ({ pt, en, fr });
const NO_HELP: LocalizedText = { pt: '', en: '', fr: '' };

function options(list: readonly (readonly [id: string, words: Words, score: number | null])[]): EsgOption[] {
  return list.map(([id, words, score], index) => ({ id, order: index + 1, label: t(words), score }));
}

function rows(list: readonly (readonly [id: string, words: Words])[]): EsgMatrixRow[] {
  return list.map(([id, words], index) => ({ id, order: index + 1, label: t(words) }));
}

const YES_NO = options([
  ['yes', ['Sim', 'Yes', 'Oui'], 10],
  ['no', ['Não', 'No', 'Non'], 0],
]);
const YES_PARTLY_NO = options([
  ['yes', ['Sim', 'Yes', 'Oui'], 10],
  ['partly', ['Em parte', 'Partly', 'En partie'], 5],
  ['no', ['Não', 'No', 'Non'], 0],
]);
const FREQUENCY = options([
  ['never', ['Nunca', 'Never', 'Jamais'], 0],
  ['sometimes', ['Às vezes', 'Sometimes', 'Parfois'], 5],
  ['always', ['Sempre', 'Always', 'Toujours'], 10],
]);

type Draft =
  | {
      type: 'multipleChoice' | 'checkbox';
      id: string;
      label: Words;
      help?: Words;
      required?: boolean;
      options: EsgOption[];
    }
  | { type: 'text'; id: string; label: Words; help?: Words; required?: boolean }
  | {
      type: 'matrix';
      id: string;
      label: Words;
      help?: Words;
      required?: boolean;
      rows: EsgMatrixRow[];
      options: EsgOption[];
    };

function numbered(drafts: readonly Draft[]): EsgQuestion[] {
  return drafts.map((draft, index) => {
    const base = {
      id: draft.id,
      order: index + 1,
      label: t(draft.label),
      help: draft.help ? t(draft.help) : NO_HELP,
      required: draft.required ?? true,
    };
    if (draft.type === 'text') return { ...base, type: 'text' };
    if (draft.type === 'matrix') return { ...base, type: 'matrix', rows: draft.rows, options: draft.options };
    return { ...base, type: draft.type, options: draft.options };
  });
}

const ENVIRONMENT: Draft[] = [
  {
    type: 'multipleChoice',
    id: 'energy-renewable',
    label: [
      'Que parte da eletricidade da empresa vem de fontes renováveis (solar, eólica)?',
      "What share of the company's electricity comes from renewable sources (solar, wind)?",
      "Quelle part de l'électricité de l'entreprise provient de sources renouvelables (solaire, éolien) ?",
    ],
    help: [
      'Inclui painéis próprios e contratos com produtores renováveis.',
      'Includes own panels and contracts with renewable producers.',
      'Comprend les panneaux propres et les contrats avec des producteurs renouvelables.',
    ],
    options: options([
      ['none', ['Nenhuma', 'None', 'Aucune'], 0],
      ['under-25', ['Menos de 25 %', 'Under 25 %', 'Moins de 25 %'], 4],
      ['25-75', ['Entre 25 % e 75 %', '25 % to 75 %', 'Entre 25 % et 75 %'], 7],
      ['over-75', ['Mais de 75 %', 'Over 75 %', 'Plus de 75 %'], 10],
    ]),
  },
  {
    type: 'checkbox',
    id: 'energy-saving',
    label: [
      'Que medidas de poupança de energia aplica?',
      'Which energy-saving measures do you apply?',
      "Quelles mesures d'économie d'énergie appliquez-vous ?",
    ],
    required: false,
    options: options([
      ['led', ['Iluminação LED', 'LED lighting', 'Éclairage LED'], 2],
      [
        'efficient-ac',
        ['Ar condicionado eficiente', 'Efficient air conditioning', 'Climatisation efficace'],
        2,
      ],
      [
        'switch-off',
        [
          'Desligar equipamentos fora de horas',
          'Switching equipment off after hours',
          'Extinction des équipements hors des heures',
        ],
        2,
      ],
      [
        'metering',
        ['Contagem do consumo por área', 'Metering use by area', 'Comptage de la consommation par zone'],
        2,
      ],
      ['audit', ['Auditoria energética', 'Energy audit', 'Audit énergétique'], 2],
    ]),
  },
  {
    type: 'multipleChoice',
    id: 'water-source',
    label: [
      'Como é obtida a água usada na atividade?',
      'How is the water used in the business obtained?',
      "Comment l'eau utilisée par l'activité est-elle obtenue ?",
    ],
    help: [
      'Em Cabo Verde grande parte da água vem da dessalinização, que consome muita energia.',
      'In Cabo Verde much of the water comes from desalination, which uses a lot of energy.',
      "Au Cap-Vert, une grande partie de l'eau vient du dessalement, très consommateur d'énergie.",
    ],
    options: options([
      ['network', ['Só da rede pública', 'Public network only', 'Réseau public seulement'], 5],
      [
        'network-rain',
        [
          'Rede e recolha de água da chuva',
          'Network and rainwater harvesting',
          "Réseau et récupération d'eau de pluie",
        ],
        10,
      ],
      ['tanker', ['Autotanque', 'Tanker trucks', 'Camions-citernes'], 2],
      ['own-desalination', ['Dessalinização própria', 'Own desalination', 'Dessalement propre'], 4],
    ]),
  },
  {
    type: 'checkbox',
    id: 'water-saving',
    label: [
      'Que práticas de poupança de água tem?',
      'Which water-saving practices do you have?',
      "Quelles pratiques d'économie d'eau avez-vous ?",
    ],
    required: false,
    options: options([
      [
        'fixtures',
        [
          'Torneiras e autoclismos de baixo caudal',
          'Low-flow taps and toilets',
          'Robinets et chasses à faible débit',
        ],
        3,
      ],
      ['reuse', ['Reutilização de águas cinzentas', 'Grey-water reuse', 'Réutilisation des eaux grises'], 4],
      ['leaks', ['Verificação regular de fugas', 'Regular leak checks', 'Contrôle régulier des fuites'], 3],
    ]),
  },
  {
    type: 'matrix',
    id: 'waste-handling',
    label: [
      'Com que frequência separa cada tipo de resíduo para reciclagem ou reutilização?',
      'How often do you separate each kind of waste for recycling or reuse?',
      'À quelle fréquence triez-vous chaque type de déchet pour le recyclage ou la réutilisation ?',
    ],
    rows: rows([
      ['plastic', ['Plástico e garrafas', 'Plastic and bottles', 'Plastique et bouteilles']],
      ['paper', ['Papel e cartão', 'Paper and cardboard', 'Papier et carton']],
      ['organic', ['Resíduos orgânicos', 'Organic waste', 'Déchets organiques']],
      [
        'hazardous',
        ['Óleos, baterias e eletrónicos', 'Oils, batteries and electronics', 'Huiles, piles et électronique'],
      ],
    ]),
    options: FREQUENCY,
  },
  {
    type: 'multipleChoice',
    id: 'single-use-plastic',
    label: [
      'Reduziu o uso de plásticos descartáveis (sacos, copos, garrafas)?',
      'Have you reduced single-use plastics (bags, cups, bottles)?',
      'Avez-vous réduit les plastiques à usage unique (sacs, gobelets, bouteilles) ?',
    ],
    options: YES_PARTLY_NO,
  },
  {
    type: 'multipleChoice',
    id: 'environmental-licence',
    label: [
      'A atividade tem as licenças ambientais exigidas em dia?',
      'Does the business hold the required environmental licences, up to date?',
      "L'activité dispose-t-elle des autorisations environnementales exigées, à jour ?",
    ],
    options: options([
      ['yes', ['Sim', 'Yes', 'Oui'], 10],
      ['pending', ['Em processo', 'In progress', 'En cours'], 5],
      ['no', ['Não', 'No', 'Non'], 0],
      ['not-applicable', ['Não se aplica', 'Not applicable', 'Sans objet'], null],
    ]),
  },
  {
    type: 'multipleChoice',
    id: 'climate-risk',
    label: [
      'Avaliou os riscos da seca, das cheias ou da subida do mar para a sua atividade?',
      'Have you assessed the risks of drought, floods or sea-level rise to your business?',
      "Avez-vous évalué les risques de sécheresse, d'inondation ou de montée des eaux pour votre activité ?",
    ],
    options: YES_PARTLY_NO,
  },
  {
    type: 'text',
    id: 'environment-initiative',
    label: [
      'Descreva uma iniciativa ambiental de que a empresa se orgulhe.',
      'Describe an environmental initiative the company is proud of.',
      "Décrivez une initiative environnementale dont l'entreprise est fière.",
    ],
    required: false,
  },
];

const SOCIAL: Draft[] = [
  {
    type: 'multipleChoice',
    id: 'contracts',
    label: [
      'Que parte do pessoal tem contrato escrito e inscrição no INPS?',
      'What share of the staff has a written contract and INPS registration?',
      "Quelle part du personnel a un contrat écrit et une inscription à l'INPS ?",
    ],
    options: options([
      ['all', ['Todo', 'All', 'Tout'], 10],
      ['most', ['A maioria', 'Most', 'La plupart'], 6],
      ['few', ['Poucos', 'Few', 'Peu'], 2],
    ]),
  },
  {
    type: 'matrix',
    id: 'training-hours',
    label: [
      'Quantas horas de formação por ano recebe, em média, cada grupo?',
      'How many hours of training a year does each group receive on average?',
      "Combien d'heures de formation par an chaque groupe reçoit-il en moyenne ?",
    ],
    rows: rows([
      ['management', ['Direção', 'Management', 'Direction']],
      ['staff', ['Pessoal', 'Staff', 'Personnel']],
      ['new-hires', ['Recém-admitidos', 'New hires', 'Nouvelles recrues']],
    ]),
    options: options([
      ['none', ['Nenhuma', 'None', 'Aucune'], 0],
      ['under-8', ['Menos de 8 h', 'Under 8 h', 'Moins de 8 h'], 4],
      ['8-24', ['8 a 24 h', '8 to 24 h', '8 à 24 h'], 7],
      ['over-24', ['Mais de 24 h', 'Over 24 h', 'Plus de 24 h'], 10],
    ]),
  },
  {
    type: 'checkbox',
    id: 'health-safety',
    label: [
      'Que medidas de segurança e saúde no trabalho existem?',
      'Which occupational health and safety measures are in place?',
      'Quelles mesures de santé et sécurité au travail existent ?',
    ],
    options: options([
      [
        'first-aid',
        [
          'Kit e formação de primeiros socorros',
          'First-aid kit and training',
          'Trousse et formation aux premiers secours',
        ],
        3,
      ],
      [
        'ppe',
        [
          'Equipamento de proteção individual',
          'Personal protective equipment',
          'Équipement de protection individuelle',
        ],
        3,
      ],
      [
        'fire',
        [
          'Extintores e plano de evacuação',
          'Extinguishers and evacuation plan',
          "Extincteurs et plan d'évacuation",
        ],
        2,
      ],
      ['accident-log', ['Registo de acidentes', 'Accident log', 'Registre des accidents'], 2],
    ]),
  },
  {
    type: 'multipleChoice',
    id: 'women-workforce',
    label: [
      'Que parte do pessoal são mulheres?',
      'What share of the staff are women?',
      'Quelle part du personnel sont des femmes ?',
    ],
    options: options([
      ['under-20', ['Menos de 20 %', 'Under 20 %', 'Moins de 20 %'], 2],
      ['20-40', ['Entre 20 % e 40 %', '20 % to 40 %', 'Entre 20 % et 40 %'], 6],
      ['40-60', ['Entre 40 % e 60 %', '40 % to 60 %', 'Entre 40 % et 60 %'], 10],
      ['over-60', ['Mais de 60 %', 'Over 60 %', 'Plus de 60 %'], 8],
    ]),
  },
  {
    type: 'multipleChoice',
    id: 'women-management',
    label: [
      'Há mulheres na gerência ou na direção?',
      'Are there women in management or on the board?',
      'Y a-t-il des femmes dans la gérance ou la direction ?',
    ],
    options: YES_NO,
  },
  {
    type: 'multipleChoice',
    id: 'equal-pay',
    label: [
      'Verifica se mulheres e homens recebem o mesmo pelo mesmo trabalho?',
      'Do you check that women and men are paid the same for the same work?',
      'Vérifiez-vous que femmes et hommes sont payés pareil pour le même travail ?',
    ],
    options: YES_PARTLY_NO,
  },
  {
    type: 'checkbox',
    id: 'work-life',
    label: [
      'Que apoios oferece ao pessoal?',
      'What support do you offer the staff?',
      'Quels soutiens offrez-vous au personnel ?',
    ],
    required: false,
    options: options([
      ['flexible-hours', ['Horário flexível', 'Flexible hours', 'Horaires flexibles'], 2],
      [
        'parental',
        [
          'Licenças parentais além da lei',
          'Parental leave beyond the law',
          'Congés parentaux au-delà de la loi',
        ],
        3,
      ],
      ['health-insurance', ['Seguro de saúde', 'Health insurance', 'Assurance santé'], 3],
      ['transport', ['Transporte ou subsídio', 'Transport or allowance', 'Transport ou indemnité'], 2],
    ]),
  },
  {
    type: 'multipleChoice',
    id: 'local-suppliers',
    label: [
      'Que parte das compras é feita a fornecedores cabo-verdianos?',
      'What share of purchases goes to Cape Verdean suppliers?',
      'Quelle part des achats va à des fournisseurs cap-verdiens ?',
    ],
    options: options([
      ['under-25', ['Menos de 25 %', 'Under 25 %', 'Moins de 25 %'], 2],
      ['25-50', ['Entre 25 % e 50 %', '25 % to 50 %', 'Entre 25 % et 50 %'], 5],
      ['over-50', ['Mais de 50 %', 'Over 50 %', 'Plus de 50 %'], 10],
    ]),
  },
  {
    type: 'checkbox',
    id: 'community',
    label: [
      'Como apoia a comunidade local?',
      'How do you support the local community?',
      'Comment soutenez-vous la communauté locale ?',
    ],
    required: false,
    options: options([
      ['schools', ['Escolas e bolsas', 'Schools and grants', 'Écoles et bourses'], 3],
      ['internships', ['Estágios para jovens', 'Internships for young people', 'Stages pour les jeunes'], 3],
      ['volunteering', ['Voluntariado do pessoal', 'Staff volunteering', 'Bénévolat du personnel'], 2],
      [
        'sponsorship',
        [
          'Patrocínio de cultura e desporto',
          'Culture and sports sponsorship',
          'Parrainage culturel et sportif',
        ],
        2,
      ],
    ]),
  },
  {
    type: 'multipleChoice',
    id: 'accessibility',
    label: [
      'As instalações são acessíveis a pessoas com deficiência?',
      'Are the premises accessible to people with disabilities?',
      'Les locaux sont-ils accessibles aux personnes handicapées ?',
    ],
    options: YES_PARTLY_NO,
  },
  {
    type: 'text',
    id: 'social-initiative',
    label: [
      'Que projeto com a comunidade gostaria de fazer nos próximos dois anos?',
      'Which community project would you like to carry out in the next two years?',
      'Quel projet avec la communauté aimeriez-vous mener dans les deux prochaines années ?',
    ],
    required: false,
  },
];

const GOVERNANCE: Draft[] = [
  {
    type: 'multipleChoice',
    id: 'code-of-conduct',
    label: [
      'A empresa tem um código de ética ou de conduta escrito?',
      'Does the company have a written code of ethics or conduct?',
      "L'entreprise a-t-elle un code d'éthique ou de conduite écrit ?",
    ],
    options: YES_NO,
  },
  {
    type: 'multipleChoice',
    id: 'anti-corruption',
    label: [
      'Há regras contra subornos e presentes a funcionários públicos ou clientes?',
      'Are there rules against bribes and gifts to public officials or customers?',
      'Existe-t-il des règles contre les pots-de-vin et les cadeaux aux agents publics ou clients ?',
    ],
    options: YES_PARTLY_NO,
  },
  {
    type: 'multipleChoice',
    id: 'whistleblowing',
    label: [
      'O pessoal pode denunciar irregularidades de forma confidencial?',
      'Can staff report wrongdoing confidentially?',
      'Le personnel peut-il signaler des irrégularités de façon confidentielle ?',
    ],
    options: YES_NO,
  },
  {
    type: 'matrix',
    id: 'controls',
    label: [
      'Com que frequência aplica cada controlo?',
      'How often do you apply each control?',
      'À quelle fréquence appliquez-vous chaque contrôle ?',
    ],
    rows: rows([
      [
        'two-signatures',
        [
          'Duas assinaturas para pagamentos',
          'Two signatures for payments',
          'Deux signatures pour les paiements',
        ],
      ],
      ['reconciliation', ['Reconciliação bancária', 'Bank reconciliation', 'Rapprochement bancaire']],
      [
        'supplier-quotes',
        ['Várias propostas de fornecedores', 'Several supplier quotes', 'Plusieurs devis de fournisseurs'],
      ],
    ]),
    options: FREQUENCY,
  },
  {
    type: 'multipleChoice',
    id: 'accounts',
    label: [
      'As contas são certificadas por um contabilista ou auditor?',
      'Are the accounts certified by an accountant or auditor?',
      'Les comptes sont-ils certifiés par un comptable ou un auditeur ?',
    ],
    options: options([
      ['auditor', ['Por auditor externo', 'By an external auditor', 'Par un auditeur externe'], 10],
      [
        'accountant',
        ['Por contabilista certificado', 'By a certified accountant', 'Par un comptable agréé'],
        7,
      ],
      ['no', ['Não', 'No', 'Non'], 0],
    ]),
  },
  {
    type: 'multipleChoice',
    id: 'taxes',
    label: [
      'A situação perante as Finanças e o INPS está regularizada?',
      'Is the standing with the tax office and INPS regularised?',
      'La situation vis-à-vis des impôts et de l’INPS est-elle régularisée ?',
    ],
    options: YES_NO,
  },
  {
    type: 'multipleChoice',
    id: 'data-protection',
    label: [
      'A empresa cumpre a lei de proteção de dados pessoais (registo na CNPD)?',
      'Does the company comply with the personal data protection law (CNPD registration)?',
      "L'entreprise respecte-t-elle la loi sur la protection des données personnelles (enregistrement auprès de la CNPD) ?",
    ],
    help: [
      'A Comissão Nacional de Proteção de Dados regista os tratamentos de dados de clientes e pessoal.',
      'The National Data Protection Commission registers the processing of customer and staff data.',
      'La Commission nationale de protection des données enregistre les traitements de données des clients et du personnel.',
    ],
    options: YES_PARTLY_NO,
  },
  {
    type: 'checkbox',
    id: 'data-security',
    label: [
      'Que medidas protegem os dados de clientes e pessoal?',
      'Which measures protect customer and staff data?',
      'Quelles mesures protègent les données des clients et du personnel ?',
    ],
    options: options([
      ['passwords', ['Palavras-passe pessoais', 'Personal passwords', 'Mots de passe personnels'], 2],
      ['backups', ['Cópias de segurança regulares', 'Regular backups', 'Sauvegardes régulières'], 3],
      [
        'access',
        ['Acesso só a quem precisa', 'Access only for those who need it', 'Accès réservé à qui en a besoin'],
        3,
      ],
      ['consent', ['Consentimento dos clientes', 'Customer consent', 'Consentement des clients'], 2],
    ]),
  },
  {
    type: 'multipleChoice',
    id: 'esg-responsible',
    label: [
      'Há uma pessoa responsável pelos temas de sustentabilidade?',
      'Is one person responsible for sustainability matters?',
      'Une personne est-elle responsable des questions de durabilité ?',
    ],
    options: YES_NO,
  },
  {
    type: 'text',
    id: 'governance-notes',
    label: [
      'Que apoio ajudaria a empresa a melhorar a sua governação?',
      'What support would help the company improve its governance?',
      "Quel soutien aiderait l'entreprise à améliorer sa gouvernance ?",
    ],
    required: false,
  },
];

export const ESG_STARTER_FORM: EsgFormInput = {
  title: t([
    'Questionário de sustentabilidade (ESG)',
    'Sustainability survey (ESG)',
    'Questionnaire de durabilité (ESG)',
  ]),
  description: t([
    'Trinta perguntas sobre ambiente, pessoas e governação, pensadas para as PME cabo-verdianas: energia e água, resíduos, pessoal e formação, igualdade de género, comunidade, ética e anticorrupção, proteção de dados. As respostas dão uma pontuação por pilar, comparada com a mediana do setor.',
    'Thirty questions on environment, people and governance, written for Cape Verdean SMEs: energy and water, waste, staff and training, gender balance, community, ethics and anti-corruption, data protection. The answers give a score per pillar, compared with the sector median.',
    "Trente questions sur l'environnement, les personnes et la gouvernance, conçues pour les PME cap-verdiennes : énergie et eau, déchets, personnel et formation, égalité femmes-hommes, communauté, éthique et lutte contre la corruption, protection des données. Les réponses donnent un score par pilier, comparé à la médiane du secteur.",
  ]),
  period: 2025,
  editionId: null,
  status: 'open',
  definition: {
    sections: [
      { pillar: 'environment', questions: numbered(ENVIRONMENT) },
      { pillar: 'social', questions: numbered(SOCIAL) },
      { pillar: 'governance', questions: numbered(GOVERNANCE) },
    ],
  },
};
