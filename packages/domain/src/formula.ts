/**
 * Criterion formulas: a small, safe expression language over named aggregates (self-diagnosis node codes).
 *
 * Grammar (whitespace is free anywhere between tokens):
 *   expression := term (('+' | '-') term)*
 *   term       := unary (('*' | '/') unary)*
 *   unary      := '-' unary | primary
 *   primary    := NUMBER | NAME | '(' expression ')' | FUNCTION '(' arguments ')' | 'prev' '(' NAME ')'
 *   NUMBER     := digits ('.' digits)?            (no sign, no exponent)
 *   NAME       := [A-Za-z][A-Za-z0-9_]*           (case-insensitive, upper-cased)
 *   FUNCTION   := min (2+ arguments) | max (2+ arguments) | abs (1 argument)
 *
 * Limits: at most 500 characters, 200 tokens and 50 nested parentheses. The text is never evaluated
 * by JavaScript: it is tokenized and parsed into a tree, and the tree is evaluated with exact decimals.
 */
import { Decimal } from './decimal.ts';
import type { TargetComparison } from './schemas/reference.ts';

export type FormulaNode =
  | { kind: 'number'; value: string }
  | { kind: 'name'; name: string }
  | { kind: 'prev'; name: string }
  | { kind: 'unary'; op: '-'; operand: FormulaNode }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/'; left: FormulaNode; right: FormulaNode }
  | { kind: 'call'; fn: 'min' | 'max' | 'abs'; args: FormulaNode[] };

export type FormulaErrorKey =
  | 'formula:empty'
  | 'formula:tooLong'
  | 'formula:tooManyTokens'
  | 'formula:tooDeep'
  | 'formula:unexpectedCharacter'
  | 'formula:invalidNumber'
  | 'formula:unexpectedEnd'
  | 'formula:unexpectedToken'
  | 'formula:unmatchedClosingParenthesis'
  | 'formula:missingClosingParenthesis'
  | 'formula:unknownName'
  | 'formula:unknownFunction'
  | 'formula:wrongArity'
  | 'formula:tooFewArguments'
  | 'formula:prevNeedsName';

export type ParseResult =
  | { ok: true; ast: FormulaNode; names: string[]; usesPrevious: boolean }
  | { ok: false; key: FormulaErrorKey; params?: Record<string, string | number>; position: number };

export const FORMULA_MAX_LENGTH = 500;
export const FORMULA_MAX_TOKENS = 200;
export const FORMULA_MAX_DEPTH = 50;

/** Functions and their arity: exact count, or the minimum count when `variadic`. */
const FUNCTIONS = {
  min: { arity: 2, variadic: true },
  max: { arity: 2, variadic: true },
  abs: { arity: 1, variadic: false },
} as const;
type FunctionName = keyof typeof FUNCTIONS;

type Token =
  | { type: 'number'; text: string; position: number }
  | { type: 'name'; text: string; position: number }
  | { type: '+' | '-' | '*' | '/' | '(' | ')' | ','; text: string; position: number }
  | { type: 'end'; text: ''; position: number }
  /** Where tokenizing stopped on a problem; the parser reports it when it gets there. */
  | { type: 'error'; text: ''; position: number; error: FormulaError };

class FormulaError extends Error {
  readonly key: FormulaErrorKey;
  readonly position: number;
  readonly params: Record<string, string | number> | undefined;
  constructor(key: FormulaErrorKey, position: number, params?: Record<string, string | number>) {
    super(key);
    this.key = key;
    this.position = position;
    this.params = params;
  }
}

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isLetter = (c: string): boolean => (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const SYMBOLS = new Set(['+', '-', '*', '/', '(', ')', ',']);

/** The tokens of `text`, ending with an 'end' token, or with an 'error' token at the first bad character. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  try {
    scan(text, tokens);
  } catch (error) {
    if (!(error instanceof FormulaError)) throw error;
    tokens.push({ type: 'error', text: '', position: error.position, error });
    return tokens;
  }
  tokens.push({ type: 'end', text: '', position: text.length });
  return tokens;
}

function scan(text: string, tokens: Token[]): void {
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (isSpace(c)) {
      i++;
      continue;
    }
    const start = i;
    if (isDigit(c) || c === '.') {
      while (i < text.length && isDigit(text[i] as string)) i++;
      if (text[i] === '.') {
        i++;
        const fractionStart = i;
        while (i < text.length && isDigit(text[i] as string)) i++;
        if (i === fractionStart || start === fractionStart - 1) {
          // "1." or ".5" or a lone "."
          throw new FormulaError('formula:invalidNumber', start, { token: text.slice(start, i) });
        }
      }
      if (i < text.length && (isLetter(text[i] as string) || text[i] === '_' || text[i] === '.')) {
        while (i < text.length && /[A-Za-z0-9_.]/.test(text[i] as string)) i++;
        throw new FormulaError('formula:invalidNumber', start, { token: text.slice(start, i) });
      }
      tokens.push({ type: 'number', text: text.slice(start, i), position: start });
    } else if (isLetter(c)) {
      while (i < text.length && /[A-Za-z0-9_]/.test(text[i] as string)) i++;
      tokens.push({ type: 'name', text: text.slice(start, i).toUpperCase(), position: start });
    } else if (SYMBOLS.has(c)) {
      i++;
      tokens.push({ type: c as '+', text: c, position: start });
    } else {
      const char = String.fromCodePoint(text.codePointAt(i) as number);
      throw new FormulaError('formula:unexpectedCharacter', start, { char });
    }
    if (tokens.length > FORMULA_MAX_TOKENS) {
      throw new FormulaError('formula:tooManyTokens', start, { max: FORMULA_MAX_TOKENS });
    }
  }
}

class Parser {
  private readonly tokens: Token[];
  private readonly knownNames: ReadonlySet<string>;
  private index = 0;
  private depth = 0;
  readonly names: string[] = [];
  usesPrevious = false;

  constructor(tokens: Token[], knownNames: ReadonlySet<string>) {
    this.tokens = tokens;
    this.knownNames = knownNames;
  }

  private peek(): Token {
    const token = this.tokens[this.index] as Token;
    if (token.type === 'error') throw token.error;
    return token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.type !== 'end') this.index++;
    return token;
  }

  private unexpected(token: Token): FormulaError {
    if (token.type === 'end') return new FormulaError('formula:unexpectedEnd', token.position);
    return new FormulaError('formula:unexpectedToken', token.position, { token: token.text });
  }

  parse(): FormulaNode {
    const ast = this.expression();
    const rest = this.peek();
    if (rest.type === ')') throw new FormulaError('formula:unmatchedClosingParenthesis', rest.position);
    if (rest.type !== 'end') throw this.unexpected(rest);
    return ast;
  }

  private expression(): FormulaNode {
    let left = this.term();
    for (let op = this.peek().type; op === '+' || op === '-'; op = this.peek().type) {
      this.next();
      left = { kind: 'binary', op, left, right: this.term() };
    }
    return left;
  }

  private term(): FormulaNode {
    let left = this.unary();
    for (let op = this.peek().type; op === '*' || op === '/'; op = this.peek().type) {
      this.next();
      left = { kind: 'binary', op, left, right: this.unary() };
    }
    return left;
  }

  private unary(): FormulaNode {
    if (this.peek().type === '-') {
      this.next();
      return { kind: 'unary', op: '-', operand: this.unary() };
    }
    return this.primary();
  }

  private open(token: Token): void {
    this.depth++;
    if (this.depth > FORMULA_MAX_DEPTH) {
      throw new FormulaError('formula:tooDeep', token.position, { max: FORMULA_MAX_DEPTH });
    }
  }

  private close(): void {
    const token = this.peek();
    if (token.type === ')') {
      this.next();
      this.depth--;
      return;
    }
    if (token.type === 'end') throw new FormulaError('formula:missingClosingParenthesis', token.position);
    throw this.unexpected(token);
  }

  private addName(name: string): void {
    if (!this.names.includes(name)) this.names.push(name);
  }

  private primary(): FormulaNode {
    const token = this.next();
    switch (token.type) {
      case 'number':
        return { kind: 'number', value: token.text };
      case '(': {
        this.open(token);
        const inner = this.expression();
        this.close();
        return inner;
      }
      case 'name':
        if (this.peek().type === '(') return this.call(token);
        if (!this.knownNames.has(token.text)) {
          throw new FormulaError('formula:unknownName', token.position, { name: token.text });
        }
        this.addName(token.text);
        return { kind: 'name', name: token.text };
      default:
        throw this.unexpected(token);
    }
  }

  private call(nameToken: Token): FormulaNode {
    const fn = nameToken.text.toLowerCase();
    const parenthesis = this.next();
    this.open(parenthesis);
    if (fn === 'prev') {
      const argument = this.peek();
      const afterArgument = this.tokens[this.index + 1] as Token;
      if (afterArgument.type === 'error') throw afterArgument.error;
      if (argument.type === 'name' && afterArgument.type === 'end') {
        throw new FormulaError('formula:missingClosingParenthesis', afterArgument.position);
      }
      if (argument.type !== 'name' || afterArgument.type !== ')') {
        throw new FormulaError('formula:prevNeedsName', argument.position);
      }
      this.next();
      this.close();
      if (!this.knownNames.has(argument.text)) {
        throw new FormulaError('formula:unknownName', argument.position, { name: argument.text });
      }
      this.addName(argument.text);
      this.usesPrevious = true;
      return { kind: 'prev', name: argument.text };
    }
    if (!Object.hasOwn(FUNCTIONS, fn)) {
      throw new FormulaError('formula:unknownFunction', nameToken.position, { name: fn });
    }
    const args: FormulaNode[] = [this.expression()];
    while (this.peek().type === ',') {
      this.next();
      args.push(this.expression());
    }
    this.close();
    const { arity, variadic } = FUNCTIONS[fn as FunctionName];
    if (variadic && args.length < arity) {
      throw new FormulaError('formula:tooFewArguments', nameToken.position, { name: fn, min: arity });
    }
    if (!variadic && args.length !== arity) {
      throw new FormulaError('formula:wrongArity', nameToken.position, { name: fn, expected: arity });
    }
    return { kind: 'call', fn: fn as FunctionName, args };
  }
}

/**
 * Parses a formula. Names are upper-cased and must be in `knownNames` (upper-case codes). Never throws:
 * any problem is an error result with a `formula:` message key, its parameters and the 0-based position
 * (a UTF-16 index into `text`, as an input's selectionStart). The first problem from the left is reported.
 */
export function parseFormula(text: string, options: { knownNames: ReadonlySet<string> }): ParseResult {
  if (typeof text !== 'string' || text.trim() === '') return { ok: false, key: 'formula:empty', position: 0 };
  if (text.length > FORMULA_MAX_LENGTH) {
    return {
      ok: false,
      key: 'formula:tooLong',
      params: { max: FORMULA_MAX_LENGTH },
      position: FORMULA_MAX_LENGTH,
    };
  }
  try {
    const parser = new Parser(tokenize(text), options.knownNames);
    const ast = parser.parse();
    return { ok: true, ast, names: parser.names, usesPrevious: parser.usesPrevious };
  } catch (error) {
    if (error instanceof FormulaError) {
      return error.params
        ? { ok: false, key: error.key, params: error.params, position: error.position }
        : { ok: false, key: error.key, position: error.position };
    }
    throw error;
  }
}

const PRECEDENCE = { '+': 1, '-': 1, '*': 2, '/': 2 } as const;

function precedence(node: FormulaNode): number {
  if (node.kind === 'binary') return PRECEDENCE[node.op];
  if (node.kind === 'unary') return 3;
  return 4;
}

/**
 * The canonical text of a formula: upper-case names, lower-case functions, single spaces around binary
 * operators, ", " between arguments and only the parentheses the tree needs. Parsing it gives the same tree.
 */
export function formatFormula(ast: FormulaNode): string {
  switch (ast.kind) {
    case 'number':
      return ast.value;
    case 'name':
      return ast.name;
    case 'prev':
      return `prev(${ast.name})`;
    case 'call':
      return `${ast.fn}(${ast.args.map(formatFormula).join(', ')})`;
    case 'unary': {
      const operand = formatFormula(ast.operand);
      return precedence(ast.operand) < 3 ? `-(${operand})` : `-${operand}`;
    }
    case 'binary': {
      const own = PRECEDENCE[ast.op];
      const left = formatFormula(ast.left);
      const right = formatFormula(ast.right);
      // Operators are left-associative: a right operand of the same precedence needs parentheses.
      const l = precedence(ast.left) < own ? `(${left})` : left;
      const r = precedence(ast.right) <= own ? `(${right})` : right;
      return `${l} ${ast.op} ${r}`;
    }
  }
}

export type EvaluationResult =
  | { ok: true; value: Decimal }
  | {
      ok: false;
      reason: 'divisionByZero' | 'negativeDenominator' | 'missingValue' | 'missingPrevious';
      /** The aggregate that is missing (missingValue, missingPrevious). */
      name?: string;
    };

export type FormulaValues = {
  current: ReadonlyMap<string, Decimal>;
  previous?: ReadonlyMap<string, Decimal>;
};

type Failure = Extract<EvaluationResult, { ok: false }>;

class NotComputable extends Error {
  readonly failure: Failure;
  constructor(failure: Failure) {
    super(failure.reason);
    this.failure = failure;
  }
}

/**
 * The evaluator's working value: an exact fraction n/d (d > 0, lowest terms), so a formula's result is rounded
 * once, at the end, to DIVISION_SCALE digits. (Dividing step by step rounded every quotient: in (RL / CP) / (RO / AT)
 * a small inner quotient kept few significant digits and 1.25 came out as 1.24999999999999999989.)
 */
interface Fraction {
  readonly n: bigint;
  readonly d: bigint;
}

const absBig = (x: bigint) => (x < 0n ? -x : x);

function gcd(a: bigint, b: bigint): bigint {
  let x = absBig(a);
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function fraction(n: bigint, d: bigint): Fraction {
  const sign = d < 0n ? -1n : 1n;
  const g = gcd(n, absBig(d));
  return g > 1n ? { n: (sign * n) / g, d: absBig(d) / g } : { n: sign * n, d: absBig(d) };
}

const fromDecimal = (value: Decimal): Fraction => fraction(value.units, 10n ** BigInt(value.scale));
const compare = (a: Fraction, b: Fraction): number => {
  const diff = a.n * b.d - b.n * a.d;
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
};

function toDecimal(value: Fraction): Decimal {
  return value.d === 1n ? Decimal.of(value.n) : Decimal.of(value.n).div(Decimal.of(value.d));
}

function evaluate(node: FormulaNode, values: FormulaValues): Fraction {
  switch (node.kind) {
    case 'number':
      return fromDecimal(Decimal.fromString(node.value));
    case 'name': {
      const value = values.current.get(node.name);
      if (!value) throw new NotComputable({ ok: false, reason: 'missingValue', name: node.name });
      return fromDecimal(value);
    }
    case 'prev': {
      const value = values.previous?.get(node.name);
      if (!value) throw new NotComputable({ ok: false, reason: 'missingPrevious', name: node.name });
      return fromDecimal(value);
    }
    case 'unary': {
      const operand = evaluate(node.operand, values);
      return { n: -operand.n, d: operand.d };
    }
    case 'call': {
      const args = node.args.map((arg) => evaluate(arg, values)) as [Fraction, ...Fraction[]];
      if (node.fn === 'abs') return { n: absBig(args[0].n), d: args[0].d };
      const pick = node.fn === 'min' ? -1 : 1;
      return args.reduce((best, next) => (compare(next, best) === pick ? next : best));
    }
    case 'binary': {
      const left = evaluate(node.left, values);
      const right = evaluate(node.right, values);
      switch (node.op) {
        case '+':
          return fraction(left.n * right.d + right.n * left.d, left.d * right.d);
        case '-':
          return fraction(left.n * right.d - right.n * left.d, left.d * right.d);
        case '*':
          return fraction(left.n * right.n, left.d * right.d);
        case '/':
          if (right.n === 0n) throw new NotComputable({ ok: false, reason: 'divisionByZero' });
          if (right.n < 0n) throw new NotComputable({ ok: false, reason: 'negativeDenominator' });
          return fraction(left.n * right.d, left.d * right.n);
      }
    }
  }
}

/**
 * Evaluates a parsed formula with exact decimals. Names take their value from `current`, prev(NAME) from
 * `previous`. Not computable (never NaN or Infinity): a division whose denominator is zero or negative, a
 * missing current value, a missing previous value. Operands are evaluated left to right; the first problem wins.
 */
export function evaluateFormula(ast: FormulaNode, values: FormulaValues): EvaluationResult {
  try {
    return { ok: true, value: toDecimal(evaluate(ast, values)) };
  } catch (error) {
    if (error instanceof NotComputable) return error.failure;
    throw error;
  }
}

/** Whether `value` meets the target: value <comparison> target, compared exactly. */
export function compareWithTarget(value: Decimal, comparison: TargetComparison, target: Decimal): boolean {
  const c = value.cmp(target);
  switch (comparison) {
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '=':
      return c === 0;
  }
}
