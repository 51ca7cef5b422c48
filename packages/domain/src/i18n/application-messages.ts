import { defineMessages } from './define.ts';

/**
 * The thread of an application between the company and the evaluators: the panel on the company's application
 * page and in the evaluator's drawer, the name the company reads for the evaluators, and the history's lines.
 */
export const applicationMessages = defineMessages({
  pt: {
    title: 'Mensagens',
    show: 'Ver as mensagens',
    hide: 'Esconder as mensagens',
    intro:
      'Troque mensagens com a equipa de avaliação sobre esta candidatura. Cada mensagem é enviada por e-mail ao outro lado.',
    adminIntro:
      'Mensagens entre a empresa e a avaliação. Cada mensagem é enviada por e-mail aos membros da empresa.',
    listLabel: 'Mensagens da candidatura',
    empty: 'Ainda não há mensagens.',
    loading: 'A carregar as mensagens…',
    evaluationTeam: 'Avaliação',
    unknownAuthor: 'Conta removida',
    sides: {
      company: 'Empresa',
      evaluator: 'Avaliação',
    },
    label: 'A sua mensagem',
    placeholder: 'Escreva a sua pergunta ou resposta',
    hint: 'Até {{max}} caracteres. Ctrl+Enter envia.',
    send: 'Enviar',
    sent: 'Mensagem enviada.',
    errors: {
      tooMany: 'Já foram enviadas {{max}} mensagens na última hora nesta candidatura. Tente mais tarde.',
    },
    history: {
      messageFromCompany: 'Mensagem da empresa',
      messageFromEvaluator: 'Mensagem da avaliação',
    },
  },
  en: {
    title: 'Messages',
    show: 'Show the messages',
    hide: 'Hide the messages',
    intro:
      'Exchange messages with the evaluation team about this application. Each message is e-mailed to the other side.',
    adminIntro:
      "Messages between the company and the evaluation. Each message is e-mailed to the company's members.",
    listLabel: "The application's messages",
    empty: 'No messages yet.',
    loading: 'Loading the messages…',
    evaluationTeam: 'Evaluation team',
    unknownAuthor: 'Removed account',
    sides: {
      company: 'Company',
      evaluator: 'Evaluation',
    },
    label: 'Your message',
    placeholder: 'Write your question or answer',
    hint: 'Up to {{max}} characters. Ctrl+Enter sends.',
    send: 'Send',
    sent: 'Message sent.',
    errors: {
      tooMany: '{{max}} messages were sent on this application in the last hour. Try again later.',
    },
    history: {
      messageFromCompany: 'Message from the company',
      messageFromEvaluator: 'Message from the evaluation',
    },
  },
  fr: {
    title: 'Messages',
    show: 'Voir les messages',
    hide: 'Masquer les messages',
    intro:
      "Échangez des messages avec l'équipe d'évaluation sur cette candidature. Chaque message est envoyé par e-mail à l'autre partie.",
    adminIntro:
      "Messages entre l'entreprise et l'évaluation. Chaque message est envoyé par e-mail aux membres de l'entreprise.",
    listLabel: 'Les messages de la candidature',
    empty: 'Pas encore de message.',
    loading: 'Chargement des messages…',
    evaluationTeam: "Équipe d'évaluation",
    unknownAuthor: 'Compte supprimé',
    sides: {
      company: 'Entreprise',
      evaluator: 'Évaluation',
    },
    label: 'Votre message',
    placeholder: 'Écrivez votre question ou votre réponse',
    hint: "Jusqu'à {{max}} caractères. Ctrl+Entrée envoie.",
    send: 'Envoyer',
    sent: 'Message envoyé.',
    errors: {
      tooMany:
        '{{max}} messages ont été envoyés sur cette candidature dans la dernière heure. Réessayez plus tard.',
    },
    history: {
      messageFromCompany: "Message de l'entreprise",
      messageFromEvaluator: "Message de l'évaluation",
    },
  },
});
