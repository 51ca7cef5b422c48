import { defineMessages } from './define.ts';

/**
 * Application documents with a validity (docs/adr/0030-document-validity.md): the edition's settings, the issue date
 * of an upload, the refusal of an expired document and the flag of one that runs out before the evaluation ends.
 */
export const documentValidity = defineMessages({
  pt: {
    daysRange: 'Indique um número inteiro de dias entre 1 e 3650, ou deixe vazio (sem limite).',
    appealDaysRange: 'Indique um número inteiro de dias entre 1 e 90.',
    issuedAtInvalid: 'Indique a data de emissão do documento.',
    issuedAtRequired: 'Indique a data de emissão: este documento tem prazo de validade.',
    issuedAtFuture: 'A data de emissão não pode ser posterior a hoje.',
    expired:
      'O documento “{{document}}” já não é válido: a validade terminou a {{date}}. Carregue um documento mais recente.',
    settings: {
      title: 'Recurso e validade dos documentos',
      appealDays: 'Prazo de recurso (dias após a publicação dos resultados)',
      validityTitle: 'Validade de cada documento',
      validityHint: 'Em dias a partir da data de emissão. Vazio: sem limite.',
      days: 'dias',
    },
    upload: {
      issuedAt: 'Data de emissão',
      validFor_one: 'Válido {{count}} dia a partir da emissão',
      validFor_other: 'Válido {{count}} dias a partir da emissão',
      noLimit: 'Sem prazo de validade',
    },
    flag: {
      issuedOn: 'Emitido a {{date}}',
      validUntil: 'Válido até {{date}}',
      expiresBeforeEvaluation: 'Expira a {{date}}, antes do fim da avaliação',
    },
    columns: {
      issuedAt: 'Emissão',
      validUntil: 'Válido até',
      noLimit: 'Sem limite',
      notDeclared: 'Não indicada',
    },
  },
  en: {
    daysRange: 'Enter a whole number of days from 1 to 3650, or leave it empty (no limit).',
    appealDaysRange: 'Enter a whole number of days from 1 to 90.',
    issuedAtInvalid: "Enter the document's issue date.",
    issuedAtRequired: 'Enter the issue date: this document has a validity period.',
    issuedAtFuture: 'The issue date cannot be later than today.',
    expired:
      'The document “{{document}}” is no longer valid: it ran out on {{date}}. Upload a more recent one.',
    settings: {
      title: 'Appeals and document validity',
      appealDays: 'Appeal period (days after the results are published)',
      validityTitle: 'Validity of each document',
      validityHint: 'In days from the issue date. Empty: no limit.',
      days: 'days',
    },
    upload: {
      issuedAt: 'Issue date',
      validFor_one: 'Valid for {{count}} day from issue',
      validFor_other: 'Valid for {{count}} days from issue',
      noLimit: 'No validity limit',
    },
    flag: {
      issuedOn: 'Issued on {{date}}',
      validUntil: 'Valid until {{date}}',
      expiresBeforeEvaluation: 'Runs out on {{date}}, before the evaluation ends',
    },
    columns: {
      issuedAt: 'Issued',
      validUntil: 'Valid until',
      noLimit: 'No limit',
      notDeclared: 'Not given',
    },
  },
  fr: {
    daysRange: 'Indiquez un nombre entier de jours entre 1 et 3650, ou laissez vide (sans limite).',
    appealDaysRange: 'Indiquez un nombre entier de jours entre 1 et 90.',
    issuedAtInvalid: 'Indiquez la date d’émission du document.',
    issuedAtRequired: 'Indiquez la date d’émission : ce document a une durée de validité.',
    issuedAtFuture: 'La date d’émission ne peut pas être postérieure à aujourd’hui.',
    expired:
      'Le document « {{document}} » n’est plus valable : sa validité a pris fin le {{date}}. Téléversez un document plus récent.',
    settings: {
      title: 'Recours et validité des documents',
      appealDays: 'Délai de recours (jours après la publication des résultats)',
      validityTitle: 'Validité de chaque document',
      validityHint: 'En jours à partir de la date d’émission. Vide : sans limite.',
      days: 'jours',
    },
    upload: {
      issuedAt: 'Date d’émission',
      validFor_one: 'Valable {{count}} jour à partir de l’émission',
      validFor_other: 'Valable {{count}} jours à partir de l’émission',
      noLimit: 'Sans durée de validité',
    },
    flag: {
      issuedOn: 'Émis le {{date}}',
      validUntil: 'Valable jusqu’au {{date}}',
      expiresBeforeEvaluation: 'Expire le {{date}}, avant la fin de l’évaluation',
    },
    columns: {
      issuedAt: 'Émission',
      validUntil: 'Valable jusqu’au',
      noLimit: 'Sans limite',
      notDeclared: 'Non indiquée',
    },
  },
});

/** The reminder of a document that runs out before the evaluation ends (server only). */
export const documentValidityMail = defineMessages({
  pt: {
    documentExpires: {
      subject: 'Um documento da candidatura da empresa {{companyName}} expira a {{date}}',
      intro:
        'O documento “{{document}}” da candidatura da empresa {{companyName}} à {{edition}} é válido até {{date}}, antes do fim da avaliação ({{evaluationEnds}}).',
      advice:
        'Se a candidatura ainda estiver em preparação, substitua-o por um documento mais recente; se já foi submetida, o avaliador pode pedir-lhe um novo.',
      action: 'Veja a candidatura no portal:',
    },
  },
  en: {
    documentExpires: {
      subject: 'A document of {{companyName}}’s application runs out on {{date}}',
      intro:
        'The document “{{document}}” of {{companyName}}’s application to {{edition}} is valid until {{date}}, before the evaluation ends ({{evaluationEnds}}).',
      advice:
        'If the application is still being prepared, replace it with a more recent document; if it has been submitted, the evaluator may ask you for a new one.',
      action: 'See the application on the portal:',
    },
  },
  fr: {
    documentExpires: {
      subject: 'Un document de la candidature de l’entreprise {{companyName}} expire le {{date}}',
      intro:
        'Le document « {{document}} » de la candidature de l’entreprise {{companyName}} à la {{edition}} est valable jusqu’au {{date}}, avant la fin de l’évaluation ({{evaluationEnds}}).',
      advice:
        'Si la candidature est encore en préparation, remplacez-le par un document plus récent ; si elle a déjà été soumise, l’évaluateur pourra vous en demander un nouveau.',
      action: 'Voir la candidature sur le portail :',
    },
  },
});
