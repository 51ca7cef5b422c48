import { LANGUAGE_NAMES } from '../languages.ts';
import { defineMessages } from './define.ts';

/** `languages`: each language named in itself in every catalog (LANGUAGE_NAMES), never translated. */
export const common = defineMessages({
  pt: {
    appName: 'Excelência Empresarial',
    languages: LANGUAGE_NAMES,
    languageLabel: 'Idioma',
    loading: 'A carregar…',
    loadingError: 'Algo correu mal! Por favor recarregue a página!',
    anErrorOccurred: 'Ocorreu um erro',
    created: 'Criado',
    updated: 'Atualizado',
    deleted: 'Eliminado',
    select: '- Selecionar -',
    /** After a label before its value ('Valor: 0.5'); French sets it off with a non-breaking space. */
    colon: ':',
    mandatoryField: 'Campo obrigatório',
    close: 'Fechar',
    cancel: 'Cancelar',
    confirm: 'Confirmar',
  },
  en: {
    appName: 'Business Excellence',
    languages: LANGUAGE_NAMES,
    languageLabel: 'Language',
    loading: 'Loading…',
    loadingError: 'Something went wrong! Please reload the page!',
    anErrorOccurred: 'An Error Occurred',
    created: 'Created',
    updated: 'Updated',
    deleted: 'Deleted',
    select: '- Select -',
    /** After a label before its value ('Valor: 0.5'); French sets it off with a non-breaking space. */
    colon: ':',
    mandatoryField: 'Mandatory Field',
    close: 'Close',
    cancel: 'Cancel',
    confirm: 'Confirm',
  },
  fr: {
    appName: 'Excellence des Entreprises',
    languages: LANGUAGE_NAMES,
    languageLabel: 'Langue',
    loading: 'Chargement…',
    loadingError: "Une erreur s'est produite ! Veuillez recharger la page !",
    anErrorOccurred: 'Une erreur est survenue',
    created: 'Créé',
    updated: 'Mis à jour',
    deleted: 'Supprimé',
    select: '- Sélectionner -',
    colon: '\u00a0:',
    mandatoryField: 'Champ obligatoire',
    close: 'Fermer',
    cancel: 'Annuler',
    confirm: 'Confirmer',
  },
});
