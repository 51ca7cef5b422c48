import { defineMessages } from './define.ts';

/** The mail of a message of an application's thread, to the other side (server only). */
export const applicationMessagesMail = defineMessages({
  pt: {
    greeting: 'Olá {{name}},',
    toCompany: {
      subject: 'Nova mensagem da avaliação sobre a candidatura à {{edition}}',
      intro: 'A equipa de avaliação escreveu sobre a candidatura da empresa {{companyName}} à {{edition}}:',
      action: 'Leia e responda no portal:',
    },
    toEvaluators: {
      subject: 'Nova mensagem de {{companyName}} sobre a candidatura à {{edition}}',
      intro: '{{author}}, da empresa {{companyName}}, escreveu sobre a candidatura à {{edition}}:',
      action: 'Leia e responda no portal:',
    },
  },
  en: {
    greeting: 'Hello {{name}},',
    toCompany: {
      subject: 'New message from the evaluation about the application to {{edition}}',
      intro: "The evaluation team wrote about {{companyName}}'s application to {{edition}}:",
      action: 'Read and answer on the portal:',
    },
    toEvaluators: {
      subject: 'New message from {{companyName}} about the application to {{edition}}',
      intro: '{{author}}, of {{companyName}}, wrote about the application to {{edition}}:',
      action: 'Read and answer on the portal:',
    },
  },
  fr: {
    greeting: 'Bonjour {{name}},',
    toCompany: {
      subject: "Nouveau message de l'évaluation sur la candidature à la {{edition}}",
      intro:
        "L'équipe d'évaluation a écrit sur la candidature de l'entreprise {{companyName}} à la {{edition}} :",
      action: 'Lisez et répondez sur le portail :',
    },
    toEvaluators: {
      subject: 'Nouveau message de {{companyName}} sur la candidature à la {{edition}}',
      intro: "{{author}}, de l'entreprise {{companyName}}, a écrit sur la candidature à la {{edition}} :",
      action: 'Lisez et répondez sur le portail :',
    },
  },
});
