import { defineMessages } from './define.ts';

/** A company's team: the roles, the members and their invitations (docs/adr/0028-company-teams.md). */
export const teams = defineMessages({
  pt: {
    roles: {
      owner: 'Proprietário',
      accountant: 'Contabilista',
      viewer: 'Leitor',
    },
    errors: {
      ownerOnly: 'O seu papel nesta empresa é {{role}}: só um proprietário pode fazer isto.',
      preparersOnly:
        'O seu papel nesta empresa é {{role}}: só um proprietário ou um contabilista pode fazer isto.',
    },
  },
  en: {
    roles: {
      owner: 'Owner',
      accountant: 'Accountant',
      viewer: 'Viewer',
    },
    errors: {
      ownerOnly: 'Your role in this company is {{role}}: only an owner can do this.',
      preparersOnly: 'Your role in this company is {{role}}: only an owner or an accountant can do this.',
    },
  },
  fr: {
    roles: {
      owner: 'Propriétaire',
      accountant: 'Comptable',
      viewer: 'Lecteur',
    },
    errors: {
      ownerOnly: 'Votre rôle dans cette entreprise est {{role}} : seul un propriétaire peut faire cela.',
      preparersOnly:
        'Votre rôle dans cette entreprise est {{role}} : seul un propriétaire ou un comptable peut faire cela.',
    },
  },
});
