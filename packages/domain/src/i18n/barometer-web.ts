import { defineMessages } from './define.ts';

/**
 * The web's barometer texts beside those of the barometer namespace (groups, columns and suppression notes, which
 * the page shares with the downloads): the public page (/:lang/public/barometro), a company's position in the
 * quartiles (the diagnosis and the dashboard's card) and the privacy page's part on statistical use.
 */
export const barometerWeb = defineMessages({
  pt: {
    nav: 'Barómetro',
    title: 'Barómetro das empresas',
    intro:
      'Os indicadores financeiros das empresas registadas no portal, por ano: para cada critério, o número de empresas, o primeiro quartil, a mediana e o terceiro quartil, no total e por ilha, secção CAE ou escalão de pessoal.',
    rules:
      'Conta o balancete anual mais recente de cada empresa que autoriza o uso estatístico dos seus dados. Nenhum valor é publicado para um grupo de menos de {{min}} empresas, nem quando uma empresa tem mais de {{share}} % do volume de negócios do grupo; outro grupo é ocultado quando o valor oculto se poderia deduzir do total.',
    choose: {
      legend: 'Escolher os números',
      year: 'Ano',
      by: 'Agrupar por',
      show: 'Mostrar',
    },
    noData: 'Ainda não há números publicados.',
    criteriaTitle: 'Indicadores por critério',
    target: 'Meta {{target}}',
    chart: {
      label: '{{criterion}}: do 1.º ao 3.º quartil de cada grupo, com a mediana (os números estão na tabela)',
      hidden: 'sem valor',
    },
    download: {
      csv: 'CSV',
      xlsx: 'XLSX',
      csvLabel: 'Descarregar a tabela {{table}} em CSV',
      xlsxLabel: 'Descarregar a tabela {{table}} em XLSX',
    },
    thresholds: {
      title: 'Empresas que cumprem cada limiar de candidatura',
      threshold: 'Limiar',
      share: 'Cumprem',
    },
    editions: {
      title: 'As edições',
      empty: 'Nenhuma edição com resultados publicados avaliou este ano.',
      edition: 'Edição {{number}} ({{year}})',
    },
    method:
      'Os quartis são calculados por interpolação linear entre os valores ordenados, como a função QUARTIL.INC de uma folha de cálculo.',
    position: {
      title: 'Posição no barómetro',
      intro: 'Onde fica cada indicador entre as empresas com balancetes anuais de {{year}}.',
      section: 'Secção {{code}}',
      quartiles: { q1: '1.º quartil', q2: '2.º quartil', q3: '3.º quartil', q4: '4.º quartil' },
      quartileOfSection: '{{quartile}} da secção {{code}}',
      quartileOfAll: '{{quartile}} de todas as empresas',
      compactTitleSection: 'Posição no barómetro, na secção {{code}}',
      compactTitleAll: 'Posição no barómetro, entre todas as empresas',
      cuts: '1.º quartil {{q1}} · mediana {{median}} · 3.º quartil {{q3}}',
      companies_one: '{{figure}} empresa',
      companies_other: '{{figure}} empresas',
      suppressed: 'grupo com menos de {{min}} empresas',
      suppressedOther: 'grupo sem números publicados',
      notComputable: 'sem valor calculado',
      noSection: 'A empresa não tem secção CAE.',
      loading: 'A carregar a posição…',
      loadFailed: 'Não foi possível carregar a posição no barómetro.',
      open: 'Ver o barómetro',
    },
    privacy: {
      title: 'Uso estatístico (barómetro)',
      text: 'Os indicadores calculados a partir dos balancetes anuais entram, sem nome nem NIF, no barómetro público: só números agregados de grupos de pelo menos {{min}} empresas, nenhum que permita reconhecer uma empresa. A empresa pode retirar esta autorização no seu perfil; os seus números deixam então de contar.',
    },
  },
  en: {
    nav: 'Barometer',
    title: 'Company barometer',
    intro:
      'The financial indicators of the companies registered on the portal, by year: for each criterion, the number of companies, the first quartile, the median and the third quartile, overall and by island, CAE section or employee range.',
    rules:
      "Each company that allows the statistical use of its data counts once, with its latest annual trial balance. No figure is published for a group of fewer than {{min}} companies, nor where one company holds more than {{share}} % of the group's turnover; another group is hidden when the hidden figure could be worked out from the total.",
    choose: {
      legend: 'Choose the figures',
      year: 'Year',
      by: 'Group by',
      show: 'Show',
    },
    noData: 'No figures have been published yet.',
    criteriaTitle: 'Indicators by criterion',
    target: 'Target {{target}}',
    chart: {
      label:
        "{{criterion}}: each group's first to third quartile, with the median (the figures are in the table)",
      hidden: 'no figure',
    },
    download: {
      csv: 'CSV',
      xlsx: 'XLSX',
      csvLabel: 'Download the {{table}} table as CSV',
      xlsxLabel: 'Download the {{table}} table as XLSX',
    },
    thresholds: {
      title: 'Companies meeting each application threshold',
      threshold: 'Threshold',
      share: 'Meeting it',
    },
    editions: {
      title: 'The editions',
      empty: 'No edition with published results judged this year.',
      edition: 'Edition {{number}} ({{year}})',
    },
    method:
      "The quartiles are computed by linear interpolation between the sorted values, as a spreadsheet's QUARTILE.INC function does.",
    position: {
      title: 'Position in the barometer',
      intro: 'Where each indicator stands among the companies with annual trial balances of {{year}}.',
      section: 'Section {{code}}',
      quartiles: { q1: 'Quartile 1', q2: 'Quartile 2', q3: 'Quartile 3', q4: 'Quartile 4' },
      quartileOfSection: '{{quartile}} of section {{code}}',
      quartileOfAll: '{{quartile}} of all companies',
      compactTitleSection: 'Position in the barometer, in section {{code}}',
      compactTitleAll: 'Position in the barometer, among all companies',
      cuts: 'First quartile {{q1}} · median {{median}} · third quartile {{q3}}',
      companies_one: '{{figure}} company',
      companies_other: '{{figure}} companies',
      suppressed: 'group of fewer than {{min}} companies',
      suppressedOther: 'group without published figures',
      notComputable: 'no computed value',
      noSection: 'The company has no CAE section.',
      loading: 'Loading the position…',
      loadFailed: 'The position in the barometer could not be loaded.',
      open: 'See the barometer',
    },
    privacy: {
      title: 'Statistical use (barometer)',
      text: 'The indicators computed from the annual trial balances go into the public barometer without name or NIF: only aggregate figures of groups of at least {{min}} companies, none that would let anyone recognise a company. A company can withdraw this permission in its profile; its figures then no longer count.',
    },
  },
  fr: {
    nav: 'Baromètre',
    title: 'Baromètre des entreprises',
    intro:
      'Les indicateurs financiers des entreprises inscrites sur le portail, par année : pour chaque critère, le nombre d’entreprises, le premier quartile, la médiane et le troisième quartile, au total et par île, section CAE ou tranche d’effectif.',
    rules:
      'Chaque entreprise qui autorise l’usage statistique de ses données compte une fois, avec sa balance annuelle la plus récente. Aucun chiffre n’est publié pour un groupe de moins de {{min}} entreprises, ni lorsqu’une entreprise réalise plus de {{share}} % du chiffre d’affaires du groupe ; un autre groupe est masqué lorsque le chiffre masqué pourrait se déduire du total.',
    choose: {
      legend: 'Choisir les chiffres',
      year: 'Année',
      by: 'Regrouper par',
      show: 'Afficher',
    },
    noData: 'Aucun chiffre n’a encore été publié.',
    criteriaTitle: 'Indicateurs par critère',
    target: 'Objectif {{target}}',
    chart: {
      label:
        '{{criterion}} : du 1er au 3e quartile de chaque groupe, avec la médiane (les chiffres sont dans le tableau)',
      hidden: 'sans chiffre',
    },
    download: {
      csv: 'CSV',
      xlsx: 'XLSX',
      csvLabel: 'Télécharger le tableau {{table}} en CSV',
      xlsxLabel: 'Télécharger le tableau {{table}} en XLSX',
    },
    thresholds: {
      title: 'Entreprises qui atteignent chaque seuil de candidature',
      threshold: 'Seuil',
      share: 'L’atteignent',
    },
    editions: {
      title: 'Les éditions',
      empty: 'Aucune édition aux résultats publiés n’a évalué cette année.',
      edition: 'Édition {{number}} ({{year}})',
    },
    method:
      'Les quartiles sont calculés par interpolation linéaire entre les valeurs triées, comme la fonction QUARTILE.INCLURE d’un tableur.',
    position: {
      title: 'Position dans le baromètre',
      intro: 'La place de chaque indicateur parmi les entreprises ayant des balances annuelles de {{year}}.',
      section: 'Section {{code}}',
      quartiles: { q1: '1er quartile', q2: '2e quartile', q3: '3e quartile', q4: '4e quartile' },
      quartileOfSection: '{{quartile}} de la section {{code}}',
      quartileOfAll: '{{quartile}} de toutes les entreprises',
      compactTitleSection: 'Position dans le baromètre, dans la section {{code}}',
      compactTitleAll: 'Position dans le baromètre, parmi toutes les entreprises',
      cuts: '1er quartile {{q1}} · médiane {{median}} · 3e quartile {{q3}}',
      companies_one: '{{figure}} entreprise',
      companies_other: '{{figure}} entreprises',
      suppressed: 'groupe de moins de {{min}} entreprises',
      suppressedOther: 'groupe sans chiffres publiés',
      notComputable: 'aucune valeur calculée',
      noSection: 'L’entreprise n’a pas de section CAE.',
      loading: 'Chargement de la position…',
      loadFailed: 'La position dans le baromètre n’a pas pu être chargée.',
      open: 'Voir le baromètre',
    },
    privacy: {
      title: 'Usage statistique (baromètre)',
      text: 'Les indicateurs calculés à partir des balances annuelles entrent, sans nom ni NIF, dans le baromètre public : uniquement des chiffres agrégés de groupes d’au moins {{min}} entreprises, aucun qui permette de reconnaître une entreprise. L’entreprise peut retirer cette autorisation dans son profil ; ses chiffres ne comptent alors plus.',
    },
  },
});
