import { defineMessages } from './define.ts';

/** The footer of a broadcast's mail: why it came (server only). */
export const broadcastsMail = defineMessages({
  pt: {
    footer: {
      reason:
        'Recebe esta mensagem do programa Excelência Empresarial por ser membro de {{company}} no portal.',
    },
  },
  en: {
    footer: {
      reason:
        'You receive this message from the Business Excellence programme as a member of {{company}} on the portal.',
    },
  },
  fr: {
    footer: {
      reason:
        'Vous recevez ce message du programme Excellence des Entreprises en tant que membre de {{company}} sur le portail.',
    },
  },
});
