import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal.ts';
import { periodResultBesides, periodResultInEquity } from './closing.ts';
import { makeTree, SMALL_TREE } from './test-tree.ts';
import { balanceCheck, buildBalanceTree, financialPosition, rollUp, type TreeLevelNode } from './tree.ts';

/**
 * The small test tree: Capital próprio CP = CPC (CAP 51 + RLPER 818); Rendimentos REND = REXP (VN 71); Gastos
 * GAST = GEXP (FSE 62) + IRC 812. Sheets are rolled up from their leaves, as the server stores them.
 */
const tree = buildBalanceTree(SMALL_TREE);
const d = (text: string) => Decimal.fromString(text);
const sheet = (leaves: Record<string, string>, on: TreeLevelNode[] = tree): Map<string, Decimal> =>
  rollUp(on, new Map(Object.entries(leaves).map(([code, value]) => [code, d(value)])));
const texts = (values: ReadonlyMap<string, Decimal>, codes: string[]) =>
  codes.map((code) => values.get(code)?.toString() ?? null);

describe('periodResultInEquity', () => {
  it('adds the result still in the income statement to the period-result leaf and its ancestors (before closing)', () => {
    // AT = AFT 1 500; CAP 1 000; FORN 300; VN 900 − (FSE 650 + IRC 50) = 200 not yet closed to 818.
    // Stored: CP = 1 000 and AT 1 500 = CP 1 000 + PT 300 + 200 (balanceCheck's footing).
    // With the result: RLPER 0 + 200 = 200, CPC 1 000 + 200 = 1 200, CP 1 000 + 200 = 1 200; AT = CP + PT.
    const stored = sheet({ AFT: '1500', CAP: '1000', FORN: '300', VN: '900', FSE: '650', IRC: '50' });
    expect(balanceCheck(stored, tree)).toEqual({ status: 'ok' });
    const { values, added } = periodResultInEquity(tree, stored);
    expect(added && { amount: added.amount.toString(), codes: added.codes }).toEqual({
      amount: '200',
      codes: ['CP', 'CPC', 'RLPER'],
    });
    expect(texts(values, ['RLPER', 'CPC', 'CP', 'CAP', 'AT', 'PT', 'REND', 'GAST'])).toEqual([
      '200',
      '1200',
      '1200',
      '1000',
      '1500',
      '300',
      '900',
      '700',
    ]);
    expect(values.get('AT')?.eq((values.get('CP') ?? d('0')).add(values.get('PT') ?? d('0')))).toBe(true);
    // Pure: the stored values are unchanged.
    expect(texts(stored, ['RLPER', 'CP'])).toEqual(['0', '1000']);
  });

  it('adds a loss as a negative amount, down to negative equity', () => {
    // VN 900 − FSE 2 400 = −1 500: CP = CAP 1 000 − 1 500 = −500; AT 800 = −500 + PT 1 300.
    const stored = sheet({ AFT: '800', CAP: '1000', FORN: '1300', VN: '900', FSE: '2400' });
    expect(balanceCheck(stored, tree)).toEqual({ status: 'ok' });
    const { values, added } = periodResultInEquity(tree, stored);
    expect(added?.amount.toString()).toBe('-1500');
    expect(texts(values, ['RLPER', 'CPC', 'CP'])).toEqual(['-1500', '-500', '-500']);
  });

  it('adds nothing after closing: the result is on 818 and the income statement is settled', () => {
    // RLPER 200 (the result booked), VN = FSE = IRC = 0: REND − GAST = 0; CP = 1 000 + 200 = 1 200 as stored.
    const stored = sheet({ AFT: '1500', CAP: '1000', RLPER: '200', FORN: '300' });
    const { values, added } = periodResultInEquity(tree, stored);
    expect(added).toBeNull();
    expect(texts(values, ['RLPER', 'CP'])).toEqual(['200', '1200']);
  });

  it('counts the result once when the leaf holds exactly REND − GAST (closed balance sheet beside its income statement)', () => {
    // RLPER 200 and VN 900 − FSE 700 = 200: the same result on both statements; CP stays 1 000 + 200 = 1 200.
    const stored = sheet({ AFT: '1500', CAP: '1000', RLPER: '200', FORN: '300', VN: '900', FSE: '700' });
    const { values, added } = periodResultInEquity(tree, stored);
    expect(added).toBeNull();
    expect(texts(values, ['RLPER', 'CP'])).toEqual(['200', '1200']);
  });

  it("adds the year-to-date result beside last year's result still awaiting appropriation on 818", () => {
    // A first quarter: RLPER 400 is last year's result (not yet moved to retained earnings); this quarter's
    // flows VN 300 − FSE 250 = 50. AT 1 750 = CP (1 000 + 400) + PT 300 + 50, balanced on balanceCheck's footing.
    // Equity: RLPER 400 + 50 = 450, CP 1 400 + 50 = 1 450; AT 1 750 = CP 1 450 + PT 300.
    const stored = sheet({ AFT: '1750', CAP: '1000', RLPER: '400', FORN: '300', VN: '300', FSE: '250' });
    expect(balanceCheck(stored, tree)).toEqual({ status: 'ok' });
    const { values, added } = periodResultInEquity(tree, stored);
    expect(added?.amount.toString()).toBe('50');
    expect(texts(values, ['RLPER', 'CPC', 'CP'])).toEqual(['450', '1450', '1450']);
  });

  it('finds the period-result leaf by its accounts (81 covers 818), whatever its code', () => {
    const edited = buildBalanceTree(
      makeTree([
        { code: 'A', nature: 'debit', children: [{ code: 'CASH', accounts: ['11'] }] },
        {
          code: 'EQ',
          nature: 'credit',
          children: [
            { code: 'SHARES', accounts: ['51'] },
            { code: 'RESULTS', children: [{ code: 'NET', accounts: ['81'] }] },
          ],
        },
        { code: 'INC', nature: 'credit', children: [{ code: 'SALES', accounts: ['71'] }] },
        { code: 'EXP', nature: 'debit', children: [{ code: 'COSTS', accounts: ['62'] }] },
      ]),
    );
    // SALES 500 − COSTS 350 = 150: NET 150, RESULTS 150, EQ 1 000 + 150 = 1 150 = CASH.
    const stored = sheet({ CASH: '1150', SHARES: '1000', SALES: '500', COSTS: '350' }, edited);
    const { values, added } = periodResultInEquity(edited, stored);
    expect(added?.codes).toEqual(['EQ', 'RESULTS', 'NET']);
    expect(texts(values, ['NET', 'RESULTS', 'EQ'])).toEqual(['150', '150', '1150']);
  });

  it('adds nothing without a leaf covering 818 or without an income-statement heading value', () => {
    const without = buildBalanceTree(
      makeTree([
        { code: 'A', nature: 'debit', children: [{ code: 'CASH', accounts: ['11'] }] },
        { code: 'EQ', nature: 'credit', children: [{ code: 'SHARES', accounts: ['51'] }] },
        { code: 'INC', nature: 'credit', children: [{ code: 'SALES', accounts: ['71'] }] },
      ]),
    );
    expect(
      periodResultInEquity(without, sheet({ CASH: '1500', SHARES: '1000', SALES: '500' }, without)).added,
    ).toBeNull();
    // Only REND and CP known: GAST is missing, so the result is unknown.
    const partial = new Map([
      ['CP', d('1000')],
      ['REND', d('500')],
    ]);
    expect(periodResultInEquity(tree, partial)).toEqual({ values: partial, added: null });
  });

  it('leaves an ancestor absent from the values absent, and sets the leaf', () => {
    // REND 500 − GAST 300 = 200; CP known (1 000), CPC and RLPER absent: RLPER 200, CP 1 200, CPC unknown.
    const partial = new Map([
      ['CP', d('1000')],
      ['REND', d('500')],
      ['GAST', d('300')],
    ]);
    const { values, added } = periodResultInEquity(tree, partial);
    expect(added?.codes).toEqual(['CP', 'RLPER']);
    expect(texts(values, ['RLPER', 'CPC', 'CP'])).toEqual(['200', null, '1200']);
  });
});

describe('the balance check and the sheet as read use periodResultInEquity', () => {
  it('accepts the closed balance sheet entered beside its income statement, counting the result once', () => {
    // RLPER 200 = VN 900 − FSE 700: AT 1 500 = CP (1 000 + 200) + PT 300. Counting the result a second time
    // (equity 1 400) would call it 200 short.
    const closed = sheet({ AFT: '1500', CAP: '1000', RLPER: '200', FORN: '300', VN: '900', FSE: '700' });
    expect(balanceCheck(closed, tree)).toEqual({ status: 'ok' });
    const position = financialPosition(tree, closed);
    expect(texts(position.values, ['RLPER', 'CP', 'AT', 'PT'])).toEqual(['200', '1200', '1500', '300']);
    expect(position.periodResultAdded).toBeNull();
  });

  it('reads what the check accepts as balanced: Assets = Equity + Liabilities on the values as read', () => {
    const open = sheet({ AFT: '1750', CAP: '1000', RLPER: '400', FORN: '300', VN: '300', FSE: '250' });
    expect(balanceCheck(open, tree)).toEqual({ status: 'ok' });
    const { values, assets, equity, liabilities } = financialPosition(tree, open);
    expect(assets.eq(equity.add(liabilities))).toBe(true);
    expect(texts(values, ['RLPER', 'CPC', 'CP'])).toEqual(['450', '1450', '1450']);
  });
});

describe('periodResultBesides', () => {
  const asRead = (amounts: Record<string, string>) => periodResultInEquity(tree, sheet(amounts)).values;

  it("is 0 when the period-result leaf holds only the period's result", () => {
    // Nothing on 818 before closing; or exactly the result (the closed balance sheet beside its income statement).
    expect(
      periodResultBesides(tree, asRead({ AFT: '1200', CAP: '1000', VN: '900', FSE: '700' })).toString(),
    ).toBe('0');
    expect(
      periodResultBesides(
        tree,
        asRead({ AFT: '1200', CAP: '1000', RLPER: '200', VN: '900', FSE: '700' }),
      ).toString(),
    ).toBe('0');
  });

  it("gives the amount on 818 that is not this period's result, so entering it gives the same values back", () => {
    // Last year's 400 awaiting appropriation beside this quarter's 50.
    const quarter = { AFT: '1750', CAP: '1000', RLPER: '400', FORN: '300', VN: '300', FSE: '250' };
    expect(periodResultBesides(tree, asRead(quarter)).toString()).toBe('400');
    // A closed sheet: the result on 818, the income statement settled.
    expect(
      periodResultBesides(tree, asRead({ AFT: '1500', CAP: '1000', RLPER: '200', FORN: '300' })).toString(),
    ).toBe('200');
  });
});
