import type { SeedCaeDivision, SeedSimple } from './types.ts';

/**
 * Economic activities: CAE-CV Rev.1 follows the structure of ISIC Rev.4 (21 sections A–U, 88 divisions).
 * pt: the Portuguese CAE Rev.3 titles (which CAE-CV mirrors, in their pre-1990-agreement spelling);
 * en: the UN ISIC Rev.4 titles; fr: the titles of the French NAF rév.2 (aligned on CITI/NACE Rev.4).
 */

type Row = readonly [code: string, pt: string, en: string, fr: string];

const SECTION_ROWS: readonly Row[] = [
  [
    'A',
    'Agricultura, produção animal, caça, floresta e pesca',
    'Agriculture, forestry and fishing',
    'Agriculture, sylviculture et pêche',
  ],
  ['B', 'Indústrias extractivas', 'Mining and quarrying', 'Industries extractives'],
  ['C', 'Indústrias transformadoras', 'Manufacturing', 'Industrie manufacturière'],
  [
    'D',
    'Electricidade, gás, vapor, água quente e fria e ar frio',
    'Electricity, gas, steam and air conditioning supply',
    "Production et distribution d'électricité, de gaz, de vapeur et d'air conditionné",
  ],
  [
    'E',
    'Captação, tratamento e distribuição de água; saneamento, gestão de resíduos e despoluição',
    'Water supply; sewerage, waste management and remediation activities',
    "Production et distribution d'eau ; assainissement, gestion des déchets et dépollution",
  ],
  ['F', 'Construção', 'Construction', 'Construction'],
  [
    'G',
    'Comércio por grosso e a retalho; reparação de veículos automóveis e motociclos',
    'Wholesale and retail trade; repair of motor vehicles and motorcycles',
    "Commerce ; réparation d'automobiles et de motocycles",
  ],
  ['H', 'Transportes e armazenagem', 'Transportation and storage', 'Transports et entreposage'],
  [
    'I',
    'Alojamento, restauração e similares',
    'Accommodation and food service activities',
    'Hébergement et restauration',
  ],
  [
    'J',
    'Actividades de informação e de comunicação',
    'Information and communication',
    'Information et communication',
  ],
  [
    'K',
    'Actividades financeiras e de seguros',
    'Financial and insurance activities',
    "Activités financières et d'assurance",
  ],
  ['L', 'Actividades imobiliárias', 'Real estate activities', 'Activités immobilières'],
  [
    'M',
    'Actividades de consultoria, científicas, técnicas e similares',
    'Professional, scientific and technical activities',
    'Activités spécialisées, scientifiques et techniques',
  ],
  [
    'N',
    'Actividades administrativas e dos serviços de apoio',
    'Administrative and support service activities',
    'Activités de services administratifs et de soutien',
  ],
  [
    'O',
    'Administração pública e defesa; segurança social obrigatória',
    'Public administration and defence; compulsory social security',
    'Administration publique et défense ; sécurité sociale obligatoire',
  ],
  ['P', 'Educação', 'Education', 'Enseignement'],
  [
    'Q',
    'Actividades de saúde humana e apoio social',
    'Human health and social work activities',
    'Santé humaine et action sociale',
  ],
  [
    'R',
    'Actividades artísticas, de espectáculos, desportivas e recreativas',
    'Arts, entertainment and recreation',
    'Arts, spectacles et activités récréatives',
  ],
  ['S', 'Outras actividades de serviços', 'Other service activities', 'Autres activités de services'],
  [
    'T',
    'Actividades das famílias empregadoras de pessoal doméstico e actividades de produção das famílias para uso próprio',
    'Activities of households as employers; undifferentiated goods- and services-producing activities of households for own use',
    "Activités des ménages en tant qu'employeurs ; activités indifférenciées des ménages en tant que producteurs de biens et services pour usage propre",
  ],
  [
    'U',
    'Actividades dos organismos internacionais e outras instituições extra-territoriais',
    'Activities of extraterritorial organizations and bodies',
    'Activités extra-territoriales',
  ],
];

/** Division rows: [code, section, pt, en, fr]. */
type DivisionRow = readonly [code: string, section: string, pt: string, en: string, fr: string];

const DIVISION_ROWS: readonly DivisionRow[] = [
  // A
  [
    '01',
    'A',
    'Agricultura, produção animal, caça e actividades dos serviços relacionados',
    'Crop and animal production, hunting and related service activities',
    'Culture et production animale, chasse et services annexes',
  ],
  [
    '02',
    'A',
    'Silvicultura e exploração florestal',
    'Forestry and logging',
    'Sylviculture et exploitation forestière',
  ],
  ['03', 'A', 'Pesca e aquicultura', 'Fishing and aquaculture', 'Pêche et aquaculture'],
  // B
  [
    '05',
    'B',
    'Extracção de hulha e lenhite',
    'Mining of coal and lignite',
    'Extraction de houille et de lignite',
  ],
  [
    '06',
    'B',
    'Extracção de petróleo bruto e gás natural',
    'Extraction of crude petroleum and natural gas',
    "Extraction d'hydrocarbures",
  ],
  [
    '07',
    'B',
    'Extracção e preparação de minérios metálicos',
    'Mining of metal ores',
    'Extraction de minerais métalliques',
  ],
  ['08', 'B', 'Outras indústrias extractivas', 'Other mining and quarrying', 'Autres industries extractives'],
  [
    '09',
    'B',
    'Actividades dos serviços relacionados com as indústrias extractivas',
    'Mining support service activities',
    'Services de soutien aux industries extractives',
  ],
  // C
  ['10', 'C', 'Indústrias alimentares', 'Manufacture of food products', 'Industries alimentaires'],
  ['11', 'C', 'Indústria das bebidas', 'Manufacture of beverages', 'Fabrication de boissons'],
  [
    '12',
    'C',
    'Indústria do tabaco',
    'Manufacture of tobacco products',
    'Fabrication de produits à base de tabac',
  ],
  ['13', 'C', 'Fabricação de têxteis', 'Manufacture of textiles', 'Fabrication de textiles'],
  ['14', 'C', 'Indústria do vestuário', 'Manufacture of wearing apparel', "Industrie de l'habillement"],
  [
    '15',
    'C',
    'Indústria do couro e dos produtos do couro',
    'Manufacture of leather and related products',
    'Industrie du cuir et de la chaussure',
  ],
  [
    '16',
    'C',
    'Indústrias da madeira e da cortiça e suas obras, excepto mobiliário; fabricação de obras de cestaria e de espartaria',
    'Manufacture of wood and of products of wood and cork, except furniture; manufacture of articles of straw and plaiting materials',
    "Travail du bois et fabrication d'articles en bois et en liège, à l'exception des meubles ; fabrication d'articles en vannerie et sparterie",
  ],
  [
    '17',
    'C',
    'Fabricação de pasta, de papel, de cartão e seus artigos',
    'Manufacture of paper and paper products',
    'Industrie du papier et du carton',
  ],
  [
    '18',
    'C',
    'Impressão e reprodução de suportes gravados',
    'Printing and reproduction of recorded media',
    "Imprimerie et reproduction d'enregistrements",
  ],
  [
    '19',
    'C',
    'Fabricação de coque, de produtos petrolíferos refinados e de aglomerados de combustíveis',
    'Manufacture of coke and refined petroleum products',
    'Cokéfaction et raffinage',
  ],
  [
    '20',
    'C',
    'Fabricação de produtos químicos e de fibras sintéticas ou artificiais, excepto produtos farmacêuticos',
    'Manufacture of chemicals and chemical products',
    'Industrie chimique',
  ],
  [
    '21',
    'C',
    'Fabricação de produtos farmacêuticos de base e de preparações farmacêuticas',
    'Manufacture of basic pharmaceutical products and pharmaceutical preparations',
    'Industrie pharmaceutique',
  ],
  [
    '22',
    'C',
    'Fabricação de artigos de borracha e de matérias plásticas',
    'Manufacture of rubber and plastics products',
    'Fabrication de produits en caoutchouc et en plastique',
  ],
  [
    '23',
    'C',
    'Fabricação de outros produtos minerais não metálicos',
    'Manufacture of other non-metallic mineral products',
    "Fabrication d'autres produits minéraux non métalliques",
  ],
  ['24', 'C', 'Indústrias metalúrgicas de base', 'Manufacture of basic metals', 'Métallurgie'],
  [
    '25',
    'C',
    'Fabricação de produtos metálicos, excepto máquinas e equipamentos',
    'Manufacture of fabricated metal products, except machinery and equipment',
    "Fabrication de produits métalliques, à l'exception des machines et des équipements",
  ],
  [
    '26',
    'C',
    'Fabricação de equipamentos informáticos, equipamento para comunicações e produtos electrónicos e ópticos',
    'Manufacture of computer, electronic and optical products',
    'Fabrication de produits informatiques, électroniques et optiques',
  ],
  [
    '27',
    'C',
    'Fabricação de equipamento eléctrico',
    'Manufacture of electrical equipment',
    "Fabrication d'équipements électriques",
  ],
  [
    '28',
    'C',
    'Fabricação de máquinas e de equipamentos, n.e.',
    'Manufacture of machinery and equipment n.e.c.',
    'Fabrication de machines et équipements n.c.a.',
  ],
  [
    '29',
    'C',
    'Fabricação de veículos automóveis, reboques, semi-reboques e componentes para veículos automóveis',
    'Manufacture of motor vehicles, trailers and semi-trailers',
    'Industrie automobile',
  ],
  [
    '30',
    'C',
    'Fabricação de outro equipamento de transporte',
    'Manufacture of other transport equipment',
    "Fabrication d'autres matériels de transport",
  ],
  ['31', 'C', 'Fabricação de mobiliário e de colchões', 'Manufacture of furniture', 'Fabrication de meubles'],
  [
    '32',
    'C',
    'Outras indústrias transformadoras',
    'Other manufacturing',
    'Autres industries manufacturières',
  ],
  [
    '33',
    'C',
    'Reparação, manutenção e instalação de máquinas e equipamentos',
    'Repair and installation of machinery and equipment',
    "Réparation et installation de machines et d'équipements",
  ],
  // D
  [
    '35',
    'D',
    'Electricidade, gás, vapor, água quente e fria e ar frio',
    'Electricity, gas, steam and air conditioning supply',
    "Production et distribution d'électricité, de gaz, de vapeur et d'air conditionné",
  ],
  // E
  [
    '36',
    'E',
    'Captação, tratamento e distribuição de água',
    'Water collection, treatment and supply',
    "Captage, traitement et distribution d'eau",
  ],
  [
    '37',
    'E',
    'Recolha, drenagem e tratamento de águas residuais',
    'Sewerage',
    'Collecte et traitement des eaux usées',
  ],
  [
    '38',
    'E',
    'Recolha, tratamento e eliminação de resíduos; valorização de materiais',
    'Waste collection, treatment and disposal activities; materials recovery',
    'Collecte, traitement et élimination des déchets ; récupération',
  ],
  [
    '39',
    'E',
    'Descontaminação e actividades similares',
    'Remediation activities and other waste management services',
    'Dépollution et autres services de gestion des déchets',
  ],
  // F
  [
    '41',
    'F',
    'Promoção imobiliária (desenvolvimento de projectos de edifícios); construção de edifícios',
    'Construction of buildings',
    'Construction de bâtiments',
  ],
  ['42', 'F', 'Engenharia civil', 'Civil engineering', 'Génie civil'],
  [
    '43',
    'F',
    'Actividades especializadas de construção',
    'Specialized construction activities',
    'Travaux de construction spécialisés',
  ],
  // G
  [
    '45',
    'G',
    'Comércio, manutenção e reparação, de veículos automóveis e motociclos',
    'Wholesale and retail trade and repair of motor vehicles and motorcycles',
    "Commerce et réparation d'automobiles et de motocycles",
  ],
  [
    '46',
    'G',
    'Comércio por grosso (inclui agentes), excepto de veículos automóveis e motociclos',
    'Wholesale trade, except of motor vehicles and motorcycles',
    "Commerce de gros, à l'exception des automobiles et des motocycles",
  ],
  [
    '47',
    'G',
    'Comércio a retalho, excepto de veículos automóveis e motociclos',
    'Retail trade, except of motor vehicles and motorcycles',
    "Commerce de détail, à l'exception des automobiles et des motocycles",
  ],
  // H
  [
    '49',
    'H',
    'Transportes terrestres e transportes por oleodutos ou gasodutos',
    'Land transport and transport via pipelines',
    'Transports terrestres et transport par conduites',
  ],
  ['50', 'H', 'Transportes por água', 'Water transport', 'Transports par eau'],
  ['51', 'H', 'Transportes aéreos', 'Air transport', 'Transports aériens'],
  [
    '52',
    'H',
    'Armazenagem e actividades auxiliares dos transportes (inclui manuseamento)',
    'Warehousing and support activities for transportation',
    'Entreposage et services auxiliaires des transports',
  ],
  [
    '53',
    'H',
    'Actividades postais e de courier',
    'Postal and courier activities',
    'Activités de poste et de courrier',
  ],
  // I
  ['55', 'I', 'Alojamento', 'Accommodation', 'Hébergement'],
  ['56', 'I', 'Restauração e similares', 'Food and beverage service activities', 'Restauration'],
  // J
  ['58', 'J', 'Actividades de edição', 'Publishing activities', 'Édition'],
  [
    '59',
    'J',
    'Actividades cinematográficas, de vídeo, de produção de programas de televisão, de gravação de som e de edição de música',
    'Motion picture, video and television programme production, sound recording and music publishing activities',
    'Production de films cinématographiques, de vidéo et de programmes de télévision ; enregistrement sonore et édition musicale',
  ],
  [
    '60',
    'J',
    'Actividades de rádio e de televisão',
    'Programming and broadcasting activities',
    'Programmation et diffusion',
  ],
  ['61', 'J', 'Telecomunicações', 'Telecommunications', 'Télécommunications'],
  [
    '62',
    'J',
    'Consultoria e programação informática e actividades relacionadas',
    'Computer programming, consultancy and related activities',
    'Programmation, conseil et autres activités informatiques',
  ],
  [
    '63',
    'J',
    'Actividades dos serviços de informação',
    'Information service activities',
    "Services d'information",
  ],
  // K
  [
    '64',
    'K',
    'Actividades de serviços financeiros, excepto seguros e fundos de pensões',
    'Financial service activities, except insurance and pension funding',
    'Activités des services financiers, hors assurance et caisses de retraite',
  ],
  [
    '65',
    'K',
    'Seguros, resseguros e fundos de pensões, excepto segurança social obrigatória',
    'Insurance, reinsurance and pension funding, except compulsory social security',
    'Assurance',
  ],
  [
    '66',
    'K',
    'Actividades auxiliares de serviços financeiros e dos seguros',
    'Activities auxiliary to financial service and insurance activities',
    "Activités auxiliaires de services financiers et d'assurance",
  ],
  // L
  ['68', 'L', 'Actividades imobiliárias', 'Real estate activities', 'Activités immobilières'],
  // M
  [
    '69',
    'M',
    'Actividades jurídicas e de contabilidade',
    'Legal and accounting activities',
    'Activités juridiques et comptables',
  ],
  [
    '70',
    'M',
    'Actividades das sedes sociais e de consultoria para a gestão',
    'Activities of head offices; management consultancy activities',
    'Activités des sièges sociaux ; conseil de gestion',
  ],
  [
    '71',
    'M',
    'Actividades de arquitectura, de engenharia e técnicas afins; actividades de ensaios e de análises técnicas',
    'Architectural and engineering activities; technical testing and analysis',
    "Activités d'architecture et d'ingénierie ; activités de contrôle et analyses techniques",
  ],
  [
    '72',
    'M',
    'Actividades de investigação científica e de desenvolvimento',
    'Scientific research and development',
    'Recherche-développement scientifique',
  ],
  [
    '73',
    'M',
    'Publicidade, estudos de mercado e sondagens de opinião',
    'Advertising and market research',
    'Publicité et études de marché',
  ],
  [
    '74',
    'M',
    'Outras actividades de consultoria, científicas, técnicas e similares',
    'Other professional, scientific and technical activities',
    'Autres activités spécialisées, scientifiques et techniques',
  ],
  ['75', 'M', 'Actividades veterinárias', 'Veterinary activities', 'Activités vétérinaires'],
  // N
  [
    '77',
    'N',
    'Actividades de aluguer',
    'Rental and leasing activities',
    'Activités de location et location-bail',
  ],
  ['78', 'N', 'Actividades de emprego', 'Employment activities', "Activités liées à l'emploi"],
  [
    '79',
    'N',
    'Agências de viagem, operadores turísticos, outros serviços de reservas e actividades relacionadas',
    'Travel agency, tour operator, reservation service and related activities',
    'Activités des agences de voyage, voyagistes, services de réservation et activités connexes',
  ],
  [
    '80',
    'N',
    'Actividades de investigação e segurança',
    'Security and investigation activities',
    'Enquêtes et sécurité',
  ],
  [
    '81',
    'N',
    'Actividades relacionadas com edifícios, plantação e manutenção de jardins',
    'Services to buildings and landscape activities',
    'Services relatifs aux bâtiments et aménagement paysager',
  ],
  [
    '82',
    'N',
    'Actividades de serviços administrativos e de apoio prestados às empresas',
    'Office administrative, office support and other business support activities',
    'Activités administratives et autres activités de soutien aux entreprises',
  ],
  // O
  [
    '84',
    'O',
    'Administração pública e defesa; segurança social obrigatória',
    'Public administration and defence; compulsory social security',
    'Administration publique et défense ; sécurité sociale obligatoire',
  ],
  // P
  ['85', 'P', 'Educação', 'Education', 'Enseignement'],
  // Q
  ['86', 'Q', 'Actividades de saúde humana', 'Human health activities', 'Activités pour la santé humaine'],
  [
    '87',
    'Q',
    'Actividades de apoio social com alojamento',
    'Residential care activities',
    'Hébergement médico-social et social',
  ],
  [
    '88',
    'Q',
    'Actividades de apoio social sem alojamento',
    'Social work activities without accommodation',
    'Action sociale sans hébergement',
  ],
  // R
  [
    '90',
    'R',
    'Actividades de teatro, de música, de dança e outras actividades artísticas e literárias',
    'Creative, arts and entertainment activities',
    'Activités créatives, artistiques et de spectacle',
  ],
  [
    '91',
    'R',
    'Actividades das bibliotecas, arquivos, museus e outras actividades culturais',
    'Libraries, archives, museums and other cultural activities',
    'Bibliothèques, archives, musées et autres activités culturelles',
  ],
  [
    '92',
    'R',
    'Lotarias e outros jogos de aposta',
    'Gambling and betting activities',
    "Organisation de jeux de hasard et d'argent",
  ],
  [
    '93',
    'R',
    'Actividades desportivas, de diversão e recreativas',
    'Sports activities and amusement and recreation activities',
    'Activités sportives, récréatives et de loisirs',
  ],
  // S
  [
    '94',
    'S',
    'Actividades das organizações associativas',
    'Activities of membership organizations',
    'Activités des organisations associatives',
  ],
  [
    '95',
    'S',
    'Reparação de computadores e de bens de uso pessoal e doméstico',
    'Repair of computers and personal and household goods',
    "Réparation d'ordinateurs et de biens personnels et domestiques",
  ],
  [
    '96',
    'S',
    'Outras actividades de serviços pessoais',
    'Other personal service activities',
    'Autres services personnels',
  ],
  // T
  [
    '97',
    'T',
    'Actividades das famílias empregadoras de pessoal doméstico',
    'Activities of households as employers of domestic personnel',
    "Activités des ménages en tant qu'employeurs de personnel domestique",
  ],
  [
    '98',
    'T',
    'Actividades de produção de bens e serviços pelas famílias para uso próprio',
    'Undifferentiated goods- and services-producing activities of private households for own use',
    'Activités indifférenciées des ménages en tant que producteurs de biens et services pour usage propre',
  ],
  // U
  [
    '99',
    'U',
    'Actividades dos organismos internacionais e outras instituições extra-territoriais',
    'Activities of extraterritorial organizations and bodies',
    'Activités des organisations et organismes extraterritoriaux',
  ],
];

export const CAE_SECTIONS: readonly SeedSimple[] = SECTION_ROWS.map(([code, pt, en, fr]) => ({
  code,
  description: { pt, en, fr },
}));

export const CAE_DIVISIONS: readonly SeedCaeDivision[] = DIVISION_ROWS.map(
  ([code, sectionCode, pt, en, fr]) => ({
    code,
    sectionCode,
    description: { pt, en, fr },
  }),
);
