import { defineMessages } from './define.ts';

/**
 * Messages of criterion formulas: the parser's errors (keys of ParseResult, e.g. 'formula:unknownName')
 * and the reasons an evaluation is not computable ('formula:reasons.divisionByZero').
 */
export const formula = defineMessages({
  pt: {
    empty: 'Escreva a fórmula.',
    tooLong: 'A fórmula tem mais de {{max}} caracteres.',
    tooManyTokens: 'A fórmula tem mais de {{max}} elementos.',
    tooDeep: 'A fórmula tem mais de {{max}} parênteses encaixados.',
    unexpectedCharacter: 'Carácter não permitido: «{{char}}».',
    invalidNumber: 'Número inválido: «{{token}}» (use um ponto para as casas decimais, por exemplo 0.25).',
    unexpectedEnd: 'A fórmula termina antes do fim: falta um valor.',
    unexpectedToken: '«{{token}}» não é esperado aqui.',
    unmatchedClosingParenthesis: 'Há um parêntese a fechar sem o parêntese a abrir correspondente.',
    missingClosingParenthesis: 'Falta fechar um parêntese.',
    unknownName: 'Nome desconhecido: «{{name}}». Use os códigos da árvore do autodiagnóstico.',
    unknownFunction: 'Função desconhecida: «{{name}}». As funções são min, max, abs e prev.',
    wrongArity: 'Número de argumentos da função {{name}}: exatamente {{expected}}.',
    tooFewArguments: 'A função {{name}} recebe pelo menos {{min}} argumentos.',
    prevNeedsName: 'prev() recebe só um nome, por exemplo prev(RL).',
    reasons: {
      divisionByZero: 'Não calculável: o denominador é zero.',
      negativeDenominator: 'Não calculável: o denominador é negativo.',
      missingValue: 'Não calculável: falta o valor de {{name}}.',
      missingPrevious: 'Não calculável: falta o valor do período anterior de {{name}}.',
      invalidFormula: 'Não calculável: a fórmula do critério já não é válida; corrija-a na parametrização.',
    },
  },
  en: {
    empty: 'Write the formula.',
    tooLong: 'The formula is longer than {{max}} characters.',
    tooManyTokens: 'The formula has more than {{max}} elements.',
    tooDeep: 'The formula has more than {{max}} nested parentheses.',
    unexpectedCharacter: 'Character not allowed: "{{char}}".',
    invalidNumber: 'Invalid number: "{{token}}" (use a dot for decimals, for example 0.25).',
    unexpectedEnd: 'The formula ends too early: a value is missing.',
    unexpectedToken: '"{{token}}" is not expected here.',
    unmatchedClosingParenthesis: 'There is a closing parenthesis without a matching opening one.',
    missingClosingParenthesis: 'A parenthesis is not closed.',
    unknownName: 'Unknown name: "{{name}}". Use the codes of the self-diagnosis tree.',
    unknownFunction: 'Unknown function: "{{name}}". The functions are min, max, abs and prev.',
    wrongArity: 'Number of arguments of the function {{name}}: exactly {{expected}}.',
    tooFewArguments: 'The function {{name}} takes at least {{min}} arguments.',
    prevNeedsName: 'prev() takes a single name, for example prev(RL).',
    reasons: {
      divisionByZero: 'Not computable: the denominator is zero.',
      negativeDenominator: 'Not computable: the denominator is negative.',
      missingValue: 'Not computable: the value of {{name}} is missing.',
      missingPrevious: "Not computable: the previous period's value of {{name}} is missing.",
      invalidFormula:
        "Not computable: the criterion's formula is no longer valid; correct it in the parametrization.",
    },
  },
  fr: {
    empty: 'Saisissez la formule.',
    tooLong: 'La formule dépasse {{max}} caractères.',
    tooManyTokens: 'La formule compte plus de {{max}} éléments.',
    tooDeep: 'La formule compte plus de {{max}} parenthèses imbriquées.',
    unexpectedCharacter: 'Caractère non autorisé : « {{char}} ».',
    invalidNumber:
      'Nombre invalide : « {{token}} » (utilisez un point pour les décimales, par exemple 0.25).',
    unexpectedEnd: 'La formule se termine trop tôt : il manque une valeur.',
    unexpectedToken: '« {{token}} » n’est pas attendu ici.',
    unmatchedClosingParenthesis: 'Une parenthèse fermante n’a pas de parenthèse ouvrante correspondante.',
    missingClosingParenthesis: 'Une parenthèse n’est pas fermée.',
    unknownName: 'Nom inconnu : « {{name}} ». Utilisez les codes de l’arbre de l’autodiagnostic.',
    unknownFunction: 'Fonction inconnue : « {{name}} ». Les fonctions sont min, max, abs et prev.',
    wrongArity: 'Nombre d’arguments de la fonction {{name}} : exactement {{expected}}.',
    tooFewArguments: 'La fonction {{name}} prend au moins {{min}} arguments.',
    prevNeedsName: 'prev() prend un seul nom, par exemple prev(RL).',
    reasons: {
      divisionByZero: 'Non calculable : le dénominateur est nul.',
      negativeDenominator: 'Non calculable : le dénominateur est négatif.',
      missingValue: 'Non calculable : la valeur de {{name}} manque.',
      missingPrevious: 'Non calculable : la valeur de la période précédente de {{name}} manque.',
      invalidFormula:
        "Non calculable : la formule du critère n'est plus valide ; corrigez-la dans le paramétrage.",
    },
  },
});
