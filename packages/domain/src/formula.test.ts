import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from './decimal.ts';
import {
  compareWithTarget,
  evaluateFormula,
  FORMULA_MAX_DEPTH,
  FORMULA_MAX_LENGTH,
  FORMULA_MAX_TOKENS,
  type FormulaNode,
  formatFormula,
  type ParseResult,
  parseFormula,
} from './formula.ts';
import { translate } from './i18n/catalogs.ts';

const knownNames = new Set(['RL', 'CP', 'DF', 'CX', 'EBITDA', 'AT', 'PT', 'VN', 'REND_1', 'MIN', 'RO']);
const parse = (text: string): ParseResult => parseFormula(text, { knownNames });

function ast(text: string): FormulaNode {
  const result = parse(text);
  if (!result.ok) throw new Error(`${text}: ${result.key} at ${result.position}`);
  return result.ast;
}

const d = (text: string): Decimal => Decimal.fromString(text);
const values = (entries: Record<string, string>): Map<string, Decimal> =>
  new Map(Object.entries(entries).map(([k, v]) => [k, d(v)]));

/** Evaluates a formula text over current (and previous) values, as text. */
function evaluate(text: string, current: Record<string, string> = {}, previous?: Record<string, string>) {
  const result = evaluateFormula(ast(text), {
    current: values(current),
    ...(previous ? { previous: values(previous) } : {}),
  });
  return result.ok ? result.value.toString() : result;
}

describe('parseFormula: valid formulas', () => {
  it('parses the seed kinds into trees and lists the names in order of appearance', () => {
    expect(parse('RL / CP')).toEqual({
      ok: true,
      ast: {
        kind: 'binary',
        op: '/',
        left: { kind: 'name', name: 'RL' },
        right: { kind: 'name', name: 'CP' },
      },
      names: ['RL', 'CP'],
      usesPrevious: false,
    });
    const ratio = parse('(DF - CX) / EBITDA');
    expect(ratio.ok && ratio.names).toEqual(['DF', 'CX', 'EBITDA']);
    expect(ratio.ok && formatFormula(ratio.ast)).toBe('(DF - CX) / EBITDA');

    expect(parse('min(RL, prev(RL))')).toEqual({
      ok: true,
      ast: {
        kind: 'call',
        fn: 'min',
        args: [
          { kind: 'name', name: 'RL' },
          { kind: 'prev', name: 'RL' },
        ],
      },
      names: ['RL'],
      usesPrevious: true,
    });
    expect(ast('-AT + 2.5')).toEqual({
      kind: 'binary',
      op: '+',
      left: { kind: 'unary', op: '-', operand: { kind: 'name', name: 'AT' } },
      right: { kind: 'number', value: '2.5' },
    });
  });

  it('folds case: names upper-case, functions lower-case; whitespace is free', () => {
    const result = parse('  Max( rl ,\n\tPREV( cp ) , abs(-Ebitda) )  ');
    expect(result.ok && formatFormula(result.ast)).toBe('max(RL, prev(CP), abs(-EBITDA))');
    expect(result.ok && result.names).toEqual(['RL', 'CP', 'EBITDA']);
    expect(parse('rend_1*2').ok).toBe(true);
  });

  it('a known name spelled like a function is a name unless called', () => {
    expect(ast('MIN + 1')).toEqual({
      kind: 'binary',
      op: '+',
      left: { kind: 'name', name: 'MIN' },
      right: { kind: 'number', value: '1' },
    });
  });

  it('gives * and / precedence over + and -, all left-associative, unary minus tightest', () => {
    expect(evaluate('8 / 4 / 2')).toBe('1'); // (8 / 4) / 2 = 2 / 2 = 1
    expect(evaluate('2 - 3 - 4')).toBe('-5'); // (2 - 3) - 4 = -1 - 4 = -5
    expect(evaluate('2 + 3 * 4')).toBe('14'); // 2 + 12
    expect(evaluate('(2 + 3) * 4')).toBe('20'); // 5 * 4
    expect(evaluate('2 * -3 - -4')).toBe('-2'); // -6 - (-4) = -2
    expect(evaluate('--3')).toBe('3');
    expect(formatFormula(ast('2 - (3 - 4)'))).toBe('2 - (3 - 4)');
    expect(formatFormula(ast('(2 - 3) - 4'))).toBe('2 - 3 - 4');
    expect(formatFormula(ast('-(RL + CP) * ((AT))'))).toBe('-(RL + CP) * AT');
  });
});

describe('parseFormula: errors carry a formula: key, parameters and the 0-based position', () => {
  const cases: [string, Omit<Extract<ParseResult, { ok: false }>, 'ok'>][] = [
    ['', { key: 'formula:empty', position: 0 }],
    ['   ', { key: 'formula:empty', position: 0 }],
    ['RL $ CP', { key: 'formula:unexpectedCharacter', params: { char: '$' }, position: 3 }],
    ['RL ^ 2', { key: 'formula:unexpectedCharacter', params: { char: '^' }, position: 3 }],
    ['RL CP $', { key: 'formula:unexpectedToken', params: { token: 'CP' }, position: 3 }], // leftmost first
    ['prev(RL$', { key: 'formula:unexpectedCharacter', params: { char: '$' }, position: 7 }],
    ['RL + 😀', { key: 'formula:unexpectedCharacter', params: { char: '😀' }, position: 5 }],
    ['RL / 1.', { key: 'formula:invalidNumber', params: { token: '1.' }, position: 5 }],
    ['.5 * RL', { key: 'formula:invalidNumber', params: { token: '.5' }, position: 0 }],
    ['1,5 * RL', { key: 'formula:unexpectedToken', params: { token: ',' }, position: 1 }],
    ['1e5', { key: 'formula:invalidNumber', params: { token: '1e5' }, position: 0 }],
    ['RL /', { key: 'formula:unexpectedEnd', position: 4 }],
    ['RL CP', { key: 'formula:unexpectedToken', params: { token: 'CP' }, position: 3 }],
    ['+RL', { key: 'formula:unexpectedToken', params: { token: '+' }, position: 0 }],
    ['RL * * CP', { key: 'formula:unexpectedToken', params: { token: '*' }, position: 5 }],
    ['RL) + 1', { key: 'formula:unmatchedClosingParenthesis', position: 2 }],
    ['()', { key: 'formula:unexpectedToken', params: { token: ')' }, position: 1 }],
    ['min(RL, CP))', { key: 'formula:unmatchedClosingParenthesis', position: 11 }],
    ['(RL + CP', { key: 'formula:missingClosingParenthesis', position: 8 }],
    ['min(RL, CP', { key: 'formula:missingClosingParenthesis', position: 10 }],
    ['prev(RL', { key: 'formula:missingClosingParenthesis', position: 7 }],
    ['RL / XPTO', { key: 'formula:unknownName', params: { name: 'XPTO' }, position: 5 }],
    ['prev(xpto)', { key: 'formula:unknownName', params: { name: 'XPTO' }, position: 5 }],
    ['sqrt(RL)', { key: 'formula:unknownFunction', params: { name: 'sqrt' }, position: 0 }],
    ['RL + abs(RL, CP)', { key: 'formula:wrongArity', params: { name: 'abs', expected: 1 }, position: 5 }],
    ['max(RL)', { key: 'formula:tooFewArguments', params: { name: 'max', min: 2 }, position: 0 }],
    ['prev(RL + CP)', { key: 'formula:prevNeedsName', position: 5 }],
    ['prev(prev(RL))', { key: 'formula:prevNeedsName', position: 5 }],
    ['prev()', { key: 'formula:prevNeedsName', position: 5 }],
    ['prev(1)', { key: 'formula:prevNeedsName', position: 5 }],
    ['x'.repeat(FORMULA_MAX_LENGTH + 1), { key: 'formula:tooLong', params: { max: 500 }, position: 500 }],
  ];
  for (const [text, expected] of cases) {
    it(`${JSON.stringify(text.length > 40 ? `${text.slice(0, 20)}…` : text)} → ${expected.key}`, () => {
      expect(parse(text)).toEqual({ ok: false, ...expected });
    });
  }

  it('limits tokens to 200 and parenthesis nesting to 50', () => {
    const tokens = Array.from({ length: 101 }, () => '1').join('+'); // 201 tokens, 201 characters
    expect(parse(tokens)).toEqual({
      ok: false,
      key: 'formula:tooManyTokens',
      params: { max: FORMULA_MAX_TOKENS },
      position: 200,
    });
    expect(parse(Array.from({ length: 100 }, () => '1').join('+')).ok).toBe(true); // 199 tokens

    const nested = (n: number) => `${'('.repeat(n)}RL${')'.repeat(n)}`;
    expect(parse(nested(FORMULA_MAX_DEPTH)).ok).toBe(true);
    expect(parse(nested(FORMULA_MAX_DEPTH + 1))).toEqual({
      ok: false,
      key: 'formula:tooDeep',
      params: { max: 50 },
      position: 50,
    });
    // Function parentheses count too.
    expect(parse(`${'abs('.repeat(51)}RL${')'.repeat(51)}`)).toMatchObject({ key: 'formula:tooDeep' });
  });

  it('every error key has a message in each language that fills in its parameters', () => {
    const result = parse('RL / XPTO');
    if (result.ok) throw new Error('expected an error');
    expect(translate('en', result.key, result.params)).toBe(
      'Unknown name: "XPTO". Use the codes of the self-diagnosis tree.',
    );
    for (const [text, expected] of cases) {
      for (const language of ['pt', 'en', 'fr'] as const) {
        const message = translate(language, expected.key, expected.params);
        expect(message, `${language} ${expected.key} for ${text}`).not.toBe(expected.key);
        expect(message).not.toContain('{{');
      }
    }
  });
});

// ---- property tests -------------------------------------------------------------------------------------------

const nameArb = fc.constantFrom(...knownNames);
const numberArb = fc.oneof(
  fc.nat({ max: 1_000_000 }).map(String),
  fc
    .tuple(fc.nat({ max: 9999 }), fc.stringMatching(/^\d{1,6}$/))
    .map(([whole, fraction]) => `${whole}.${fraction}`),
);
const { node: nodeArb } = fc.letrec<{ node: FormulaNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'medium', withCrossShrink: true },
    numberArb.map((value): FormulaNode => ({ kind: 'number', value })),
    nameArb.map((name): FormulaNode => ({ kind: 'name', name })),
    nameArb.map((name): FormulaNode => ({ kind: 'prev', name })),
    tie('node').map((operand): FormulaNode => ({ kind: 'unary', op: '-', operand })),
    fc
      .tuple(fc.constantFrom('+', '-', '*', '/' as const), tie('node'), tie('node'))
      .map(([op, left, right]): FormulaNode => ({ kind: 'binary', op, left, right })),
    fc
      .tuple(fc.constantFrom('min', 'max'), fc.array(tie('node'), { minLength: 2, maxLength: 3 }))
      .map(([fn, args]): FormulaNode => ({ kind: 'call', fn, args })),
    tie('node').map((arg): FormulaNode => ({ kind: 'call', fn: 'abs', args: [arg] })),
  ),
}));

/** Parenthesis nesting of a formula text. */
function nesting(text: string): number {
  let depth = 0;
  let most = 0;
  for (const c of text) {
    if (c === '(') most = Math.max(most, ++depth);
    if (c === ')') depth--;
  }
  return most;
}

describe('parseFormula: properties', () => {
  it('formatFormula gives text that parses back to the same tree', () => {
    fc.assert(
      fc.property(nodeArb, (node) => {
        const text = formatFormula(node);
        fc.pre(text.length <= FORMULA_MAX_LENGTH);
        const result = parse(text);
        if (result.ok) {
          expect(result.ast).toEqual(node);
          expect(formatFormula(result.ast)).toBe(text);
        } else {
          // Only the limits may refuse a generated tree.
          expect(['formula:tooManyTokens', 'formula:tooDeep']).toContain(result.key);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on any text, and what it accepts respects the limits', () => {
    const alphabet = fc.constantFrom(...'RLCPAT()+-*/,. 0123456789minaxbsprevé$_\n'.split(''));
    const texts = fc.oneof(
      fc.string({ maxLength: 600 }),
      fc.string({ unit: 'binary', maxLength: 100 }),
      fc.string({ unit: alphabet, maxLength: 600 }),
      nodeArb.map(formatFormula),
    );
    fc.assert(
      fc.property(texts, (text) => {
        const result = parse(text);
        expect(typeof result.ok).toBe('boolean');
        if (result.ok) {
          expect(text.length).toBeLessThanOrEqual(FORMULA_MAX_LENGTH);
          expect(nesting(text)).toBeLessThanOrEqual(FORMULA_MAX_DEPTH);
          for (const name of result.names) expect(knownNames.has(name)).toBe(true);
        } else {
          expect(result.key).toMatch(/^formula:\w+$/);
          expect(result.position).toBeGreaterThanOrEqual(0);
          expect(result.position).toBeLessThanOrEqual(text.length);
        }
      }),
      { numRuns: 500 },
    );
  });
});

// ---- evaluation ------------------------------------------------------------------------------------------------

describe('evaluateFormula', () => {
  const sheet = {
    RL: '1500000.50',
    CP: '6000000',
    DF: '2400000',
    CX: '400000',
    EBITDA: '800000',
    AT: '9000000',
  };

  it('computes ratios exactly (hand arithmetic in comments)', () => {
    // 1 500 000.50 / 6 000 000 = 0.25000008333… → 20 digits, half-even: 0.25000008333333333333
    expect(evaluate('RL / CP', sheet)).toBe('0.25000008333333333333');
    // (2 400 000 - 400 000) / 800 000 = 2 000 000 / 800 000 = 2.5
    expect(evaluate('(DF - CX) / EBITDA', sheet)).toBe('2.5');
    // -9 000 000 + 2.5 = -8 999 997.5
    expect(evaluate('-AT + 2.5', sheet)).toBe('-8999997.5');
    // CP / AT = 6 000 000 / 9 000 000 = 0.666… → 0.66666666666666666667 (last digit rounds up)
    expect(evaluate('CP / AT', sheet)).toBe('0.66666666666666666667');
    // 0.1 + 0.2 = 0.3 exactly, 0.1 * 3 = 0.3
    expect(evaluate('0.1 + 0.2')).toBe('0.3');
    expect(evaluate('0.1 * 3 - 0.3')).toBe('0');
    // abs(-AT) / 3 = 3 000 000; max(1, 2.5, -7) = 2.5; min(RL, CX) = 400 000
    expect(evaluate('abs(-AT) / 3', sheet)).toBe('3000000');
    expect(evaluate('max(1, 2.5, -7)')).toBe('2.5');
    expect(evaluate('min(RL, CX)', sheet)).toBe('400000');
  });

  it('rounds once, at the end: quotients of quotients stay exact', () => {
    // (100 / 1 200) / (100 / 1 500) = 1 500 / 1 200 = 1.25 exactly; rounding each quotient to 20 digits first
    // gave 0.08333333333333333333 / 0.06666666666666666667 = 1.24999999999999999989
    expect(evaluate('(RL / CP) / (RO / AT)', { RL: '100', CP: '1200', RO: '100', AT: '1500' })).toBe('1.25');
    // (1 / 3) * 3 = 1, not 0.99999999999999999999
    expect(evaluate('(1 / 3) * 3')).toBe('1');
    // 0.01 / (3 × 10^17) = 3.33…·10^-20 → 0.00000000000000000003 (its own rounding, nothing lost before)
    expect(evaluate('RO / AT * AT', { RO: '0.01', AT: '300000000000000000' })).toBe('0.01');
    // min and max compare the exact values: 1/3 < 0.33333333333333333334 (its 20-digit rounding is not)
    expect(evaluate('min(1 / 3, 0.33333333333333333334) * 3')).toBe('1');
  });

  it('reads prev(NAME) from the previous period', () => {
    // min(EBITDA, prev(EBITDA)) = min(800 000, -1 000) = -1 000: not > 0 in both years
    expect(evaluate('min(EBITDA, prev(EBITDA))', sheet, { EBITDA: '-1000' })).toBe('-1000');
    // (RL - prev(RL)) / prev(RL) = (1 500 000.50 - 1 200 000) / 1 200 000 = 300 000.50 / 1 200 000
    //   = 0.25000041666… → 0.25000041666666666667
    expect(evaluate('(RL - prev(RL)) / prev(RL)', sheet, { RL: '1200000' })).toBe('0.25000041666666666667');
  });

  it('a zero or negative denominator is not computable, never Infinity or NaN', () => {
    expect(evaluate('RL / CP', { RL: '5', CP: '0' })).toEqual({ ok: false, reason: 'divisionByZero' });
    expect(evaluate('RL / (CP - CP)', { RL: '5', CP: '3' })).toEqual({ ok: false, reason: 'divisionByZero' });
    expect(evaluate('RL / CP', { RL: '5', CP: '-2' })).toEqual({ ok: false, reason: 'negativeDenominator' });
    // A negative numerator is fine: -5 / 2 = -2.5
    expect(evaluate('RL / CP', { RL: '-5', CP: '2' })).toBe('-2.5');
  });

  it('a missing value or missing previous period is not computable, naming the aggregate', () => {
    expect(evaluate('RL / CP', { RL: '5' })).toEqual({ ok: false, reason: 'missingValue', name: 'CP' });
    expect(evaluate('prev(RL) + RL', { RL: '5' })).toEqual({
      ok: false,
      reason: 'missingPrevious',
      name: 'RL',
    });
    expect(translate('pt', 'formula:reasons.missingValue', { name: 'CP' })).toBe(
      'Não calculável: falta o valor de CP.',
    );
    expect(evaluate('prev(CP)', { CP: '5' }, { RL: '1' })).toEqual({
      ok: false,
      reason: 'missingPrevious',
      name: 'CP',
    });
  });

  it('never yields NaN or Infinity for any values', () => {
    const amount = fc
      .tuple(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.nat({ max: 4 }))
      .map(([units, scale]) => Decimal.of(units, scale));
    fc.assert(
      fc.property(
        nodeArb,
        fc.array(amount, { minLength: knownNames.size, maxLength: knownNames.size }),
        (node, amounts) => {
          const names = [...knownNames];
          const current = new Map(names.map((name, i) => [name, amounts[i] as Decimal]));
          const previous = new Map(names.map((name, i) => [name, (amounts[i] as Decimal).neg()]));
          const result = evaluateFormula(node, { current, previous });
          if (result.ok) expect(result.value.toString()).toMatch(/^-?\d+(\.\d+)?$/);
          else expect(['divisionByZero', 'negativeDenominator']).toContain(result.reason);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('compareWithTarget', () => {
  it('compares exactly with each comparison', () => {
    const target = d('0.25');
    expect(compareWithTarget(d('0.25000000000000000001'), '>', target)).toBe(true);
    expect(compareWithTarget(d('0.25'), '>', target)).toBe(false);
    expect(compareWithTarget(d('0.250'), '>=', target)).toBe(true);
    expect(compareWithTarget(d('0.2499'), '<', target)).toBe(true);
    expect(compareWithTarget(d('0.25'), '<=', target)).toBe(true);
    expect(compareWithTarget(d('0.26'), '<=', target)).toBe(false);
    expect(compareWithTarget(d('0.2500'), '=', target)).toBe(true);
    expect(compareWithTarget(d('-0.25'), '=', target)).toBe(false);
  });
});
