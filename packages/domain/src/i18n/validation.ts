import { defineMessages } from './define.ts';

/**
 * Field messages of the shared zod schemas. A schema's custom message is a key of this namespace
 * ('validation:required'); the server's error handler and the web forms translate it.
 */
export const validation = defineMessages({
  pt: {
    invalid: 'Valor inválido',
    required: 'Campo obrigatório',
    tooLong: 'No máximo {{max}} caracteres',
    tooShort: 'Pelo menos {{min}} caracteres',
    invalidCode: 'Use só letras, algarismos, hífen ou sublinhado (até 20)',
    wholeNumber: 'Indique um número inteiro igual ou superior a 0',
    maxBelowMin: 'O máximo não pode ser inferior ao mínimo',
    invalidDecimal: 'Indique um número, por exemplo 0.25',
    invalidEmail: 'Endereço de e-mail inválido',
    invalidUrl: 'Endereço web inválido (comece por https://)',
    invalidAccountCode: 'Códigos de conta SNCRF: só algarismos (1 a 10)',
    selectOne: 'Escolha uma opção',
    passwordTooShort: 'A palavra-passe deve ter pelo menos {{min}} caracteres',
    invalidFormula: 'A fórmula não é válida',
  },
  en: {
    invalid: 'Invalid value',
    required: 'Mandatory Field',
    tooLong: 'At most {{max}} characters',
    tooShort: 'At least {{min}} characters',
    invalidCode: 'Use only letters, digits, hyphen or underscore (up to 20)',
    wholeNumber: 'Enter a whole number of 0 or more',
    maxBelowMin: 'The maximum cannot be lower than the minimum',
    invalidDecimal: 'Enter a number, for example 0.25',
    invalidEmail: 'Invalid email address',
    invalidUrl: 'Invalid web address (start with https://)',
    invalidAccountCode: 'SNCRF account codes: digits only (1 to 10)',
    selectOne: 'Choose an option',
    passwordTooShort: 'The password must have at least {{min}} characters',
    invalidFormula: 'The formula is not valid',
  },
  fr: {
    invalid: 'Valeur invalide',
    required: 'Champ obligatoire',
    tooLong: 'Au plus {{max}} caractères',
    tooShort: 'Au moins {{min}} caractères',
    invalidCode: 'Utilisez seulement des lettres, chiffres, tiret ou tiret bas (jusqu’à 20)',
    wholeNumber: 'Saisissez un nombre entier égal ou supérieur à 0',
    maxBelowMin: 'Le maximum ne peut pas être inférieur au minimum',
    invalidDecimal: 'Saisissez un nombre, par exemple 0.25',
    invalidEmail: 'Adresse e-mail invalide',
    invalidUrl: 'Adresse web invalide (commencez par https://)',
    invalidAccountCode: 'Codes de compte SNCRF : chiffres uniquement (1 à 10)',
    selectOne: 'Choisissez une option',
    passwordTooShort: 'Le mot de passe doit comporter au moins {{min}} caractères',
    invalidFormula: "La formule n'est pas valide",
  },
});
