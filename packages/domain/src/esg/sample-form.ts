import type { EsgFormDefinition } from './schemas.ts';

const text = (pt: string, en = pt, fr = pt) => ({ pt, en, fr });
const noHelp = text('');

/**
 * A small form with every question type (the tests' example of the domain, the server and the web):
 * environment (multiple choice 0/5/10, checkbox 4/6/unscored), social (matrix of two rows over 0/3/6, text),
 * governance (multiple choice 0/8).
 */
export const ESG_SAMPLE_DEFINITION: EsgFormDefinition = {
  sections: [
    {
      pillar: 'environment',
      questions: [
        {
          id: 'energy',
          order: 1,
          type: 'multipleChoice',
          label: text(
            'Usa energia renovável?',
            'Do you use renewable energy?',
            'Utilisez-vous une énergie renouvelable ?',
          ),
          help: text('Solar, eólica', 'Solar, wind', 'Solaire, éolien'),
          required: true,
          options: [
            { id: 'none', order: 1, label: text('Não', 'No', 'Non'), score: 0 },
            { id: 'some', order: 2, label: text('Parte', 'Some', 'En partie'), score: 5 },
            { id: 'all', order: 3, label: text('Toda', 'All', 'Toute'), score: 10 },
          ],
        },
        {
          id: 'waste',
          order: 2,
          type: 'checkbox',
          label: text('Resíduos', 'Waste', 'Déchets'),
          help: noHelp,
          required: false,
          options: [
            { id: 'sort', order: 1, label: text('Separa', 'Sorts', 'Trie'), score: 4 },
            { id: 'recycle', order: 2, label: text('Recicla', 'Recycles', 'Recycle'), score: 6 },
            { id: 'compost', order: 3, label: text('Composta', 'Composts', 'Composte'), score: null },
          ],
        },
      ],
    },
    {
      pillar: 'social',
      questions: [
        {
          id: 'training',
          order: 1,
          type: 'matrix',
          label: text('Formação', 'Training', 'Formation'),
          help: noHelp,
          required: true,
          rows: [
            { id: 'managers', order: 1, label: text('Chefias', 'Managers', 'Cadres') },
            { id: 'staff', order: 2, label: text('Pessoal', 'Staff', 'Personnel') },
          ],
          options: [
            { id: 'never', order: 1, label: text('Nunca', 'Never', 'Jamais'), score: 0 },
            { id: 'yearly', order: 2, label: text('Anual', 'Yearly', 'Annuelle'), score: 3 },
            { id: 'quarterly', order: 3, label: text('Trimestral', 'Quarterly', 'Trimestrielle'), score: 6 },
          ],
        },
        {
          id: 'community',
          order: 2,
          type: 'text',
          label: text('Comunidade', 'Community', 'Communauté'),
          help: noHelp,
          required: true,
        },
      ],
    },
    {
      pillar: 'governance',
      questions: [
        {
          id: 'ethics',
          order: 1,
          type: 'multipleChoice',
          label: text('Código de ética?', 'Code of ethics?', 'Code d’éthique ?'),
          help: noHelp,
          required: true,
          options: [
            { id: 'no', order: 1, label: text('Não', 'No', 'Non'), score: 0 },
            { id: 'yes', order: 2, label: text('Sim', 'Yes', 'Oui'), score: 8 },
          ],
        },
      ],
    },
  ],
};
