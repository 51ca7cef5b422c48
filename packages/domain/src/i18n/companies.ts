import { defineMessages } from './define.ts';

/** Companies (issue 4): profile rules, the admin list's export headers, the user's profile picture. */
export const companies = defineMessages({
  pt: {
    validation: {
      futureDate: 'A data não pode ser no futuro',
      turnover: 'Indique um valor igual ou superior a 0, com até 2 casas decimais (por exemplo 150000.50)',
    },
    errors: {
      nifNotEditable: 'O NIF só pode ser alterado por um administrador.',
      notAnImage: 'Escolha uma imagem JPEG, PNG ou WebP.',
      pictureTooLarge: 'A imagem é demasiado grande (máximo {{max}} MB).',
      noFile: 'Escolha um ficheiro.',
    },
    fields: {
      companyName: 'Empresa',
      nif: 'NIF',
      email: 'E-mail',
      phone: 'Telefone',
      island: 'Ilha',
      city: 'Cidade',
      caeSection: 'Secção CAE',
      companyType: 'Tipo de empresa',
      companySituation: 'Situação',
      isListed: 'No diretório',
      createdAt: 'Registada em',
      yes: 'Sim',
      no: 'Não',
    },
  },
  en: {
    validation: {
      futureDate: 'The date cannot be in the future',
      turnover: 'Enter a value of 0 or more with at most 2 decimals (for example 150000.50)',
    },
    errors: {
      nifNotEditable: 'Only an administrator can change the NIF.',
      notAnImage: 'Choose a JPEG, PNG or WebP image.',
      pictureTooLarge: 'The image is too large (at most {{max}} MB).',
      noFile: 'Choose a file.',
    },
    fields: {
      companyName: 'Company',
      nif: 'NIF',
      email: 'Email',
      phone: 'Phone',
      island: 'Island',
      city: 'City',
      caeSection: 'CAE section',
      companyType: 'Company type',
      companySituation: 'Situation',
      isListed: 'In the directory',
      createdAt: 'Registered on',
      yes: 'Yes',
      no: 'No',
    },
  },
  fr: {
    validation: {
      futureDate: 'La date ne peut pas être dans le futur',
      turnover:
        'Indiquez une valeur égale ou supérieure à 0, avec au plus 2 décimales (par exemple 150000.50)',
    },
    errors: {
      nifNotEditable: 'Seul un administrateur peut modifier le NIF.',
      notAnImage: 'Choisissez une image JPEG, PNG ou WebP.',
      pictureTooLarge: "L'image est trop grande (au plus {{max}} Mo).",
      noFile: 'Choisissez un fichier.',
    },
    fields: {
      companyName: 'Entreprise',
      nif: 'NIF',
      email: 'E-mail',
      phone: 'Téléphone',
      island: 'Île',
      city: 'Ville',
      caeSection: 'Section CAE',
      companyType: "Type d'entreprise",
      companySituation: 'Situation',
      isListed: "Dans l'annuaire",
      createdAt: 'Inscrite le',
      yes: 'Oui',
      no: 'Non',
    },
  },
});
