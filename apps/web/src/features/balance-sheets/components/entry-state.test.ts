import { buildBalanceTree, Decimal, type SelfDiagnosisTree } from '@excelencia/domain';
import { describe, expect, it } from 'vitest';
import {
  besidesFromValues,
  entryBody,
  evaluateEntry,
  initialOpen,
  inputText,
  textsFromValues,
  visibleRows,
} from './entry-state.ts';

let next = 0;
const id = () => `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;
const text = (pt: string) => ({ pt, en: pt, fr: pt });
const leaf = (code: string, accounts: string[]) => ({
  id: id(),
  code,
  description: text(code),
  sortOrder: 0,
  accountCodes: accounts,
});

/**
 * A small tree with the SNCRF shape: Ativo / Capital próprio (with the period-result leaf RLPER, 818) / Passivo /
 * Rendimentos / Gastos.
 */
const raw: SelfDiagnosisTree = [
  {
    ...leaf('AT', ['11', '21', '43']),
    nature: 'debit',
    subHeadings: [
      {
        ...leaf('ANC', ['43']),
        categories: [{ ...leaf('AFT', ['43']), subCategories: [] }],
      },
      {
        ...leaf('AC', ['11', '21']),
        categories: [
          { ...leaf('CLI', ['21']), subCategories: [] },
          { ...leaf('CX', ['11']), subCategories: [leaf('CAIXA', ['11'])] },
        ],
      },
    ],
  },
  {
    ...leaf('CP', ['51', '818']),
    nature: 'credit',
    subHeadings: [
      { ...leaf('CAP', ['51']), categories: [{ ...leaf('CS', ['51']), subCategories: [] }] },
      { ...leaf('CPR', ['818']), categories: [{ ...leaf('RLPER', ['818']), subCategories: [] }] },
    ],
  },
  {
    ...leaf('PT', ['22']),
    nature: 'credit',
    subHeadings: [{ ...leaf('PC', ['22']), categories: [{ ...leaf('FORN', ['22']), subCategories: [] }] }],
  },
  {
    ...leaf('REND', ['71']),
    nature: 'credit',
    subHeadings: [
      { ...leaf('REXP', ['71']), categories: [{ ...leaf('VENDAS', ['71']), subCategories: [] }] },
    ],
  },
  {
    ...leaf('GAST', ['62']),
    nature: 'debit',
    subHeadings: [{ ...leaf('GEXP', ['62']), categories: [{ ...leaf('FSE', ['62']), subCategories: [] }] }],
  },
];
const tree = buildBalanceTree(raw);
const filled = {
  AFT: '1 000',
  CLI: '250,50',
  CAIXA: '49.5',
  CS: '800',
  FORN: '500',
  VENDAS: '1 500',
  FSE: '1 500',
};

describe('the entry form tree', () => {
  it('opens headings and sub-headings and keeps categories closed at first', () => {
    const rows = visibleRows(tree, initialOpen(tree)).map((row) => `${row.depth}:${row.node.code}`);
    expect(rows).toContain('2:CX');
    expect(rows).not.toContain('3:CAIXA');
    expect(rows.slice(0, 4)).toEqual(['0:AT', '1:ANC', '2:AFT', '1:AC']);
    const opened = new Set([...initialOpen(tree), 'CX']);
    expect(visibleRows(tree, opened).map((row) => row.node.code)).toContain('CAIXA');
  });

  it('formats typed numbers and keeps the cost lines minus outside the input', () => {
    expect(inputText('1234567,1234', false)).toBe('1 234 567.123 4');
    expect(inputText('-1500', false)).toBe('-1 500');
    expect(inputText('-1500', true)).toBe('1 500');
  });

  it('says nothing while no balance-sheet amount is typed, then counts blanks as 0, rolls totals up and checks', () => {
    expect(evaluateEntry(tree, {}).check).toEqual({ status: 'empty' });
    expect(evaluateEntry(tree, { VENDAS: '100' }).check).toEqual({ status: 'empty' });
    // A blank amount is 0: Assets 1 000 against nothing else.
    const one = evaluateEntry(tree, { AFT: '1 000' }).check;
    expect(one.status === 'mismatch' && one.difference.toString()).toBe('1000');
    const ok = evaluateEntry(tree, filled);
    expect(ok.totals.get('AT')?.toString()).toBe('1300');
    expect(ok.totals.get('AC')?.toString()).toBe('300');
    expect(ok.totals.get('GAST')?.toString()).toBe('1500');
    expect(ok.check).toEqual({ status: 'ok' });
    const wrong = evaluateEntry(tree, { ...filled, FORN: '400' });
    expect(wrong.check.status === 'mismatch' && wrong.check.difference.toString()).toBe('100');
    // A period result not yet closed (income − costs) counts in Capital próprio, in its period-result leaf.
    const profit = evaluateEntry(tree, { ...filled, VENDAS: '1 600' });
    expect(profit.check.status === 'mismatch' && profit.check.difference.toString()).toBe('-100');
    expect(['RLPER', 'CPR', 'CP'].map((code) => profit.totals.get(code)?.toString())).toEqual([
      '100',
      '100',
      '900',
    ]);
  });

  it('computes the net result for the period from the income statement: typing it changes nothing', () => {
    // Assets 1 300 = capital 900 + suppliers 500 + a loss of 100 (sales 1 400 − external supplies 1 500).
    const loss = { ...filled, CS: '900', VENDAS: '1 400' };
    const evaluation = evaluateEntry(tree, loss);
    expect(evaluation.check).toEqual({ status: 'ok' });
    expect(evaluation.periodResult).toEqual({ code: 'RLPER', besides: expect.anything() });
    expect(evaluation.totals.get('RLPER')?.toString()).toBe('-100');
    // A text for RLPER (an old form state, a pasted value) is not read: the result is never counted twice.
    expect(evaluateEntry(tree, { ...loss, RLPER: '-100' }).check).toEqual({ status: 'ok' });
    const body = entryBody(evaluateEntry(tree, { ...loss, RLPER: '-100' }));
    expect(body.ok && body.values.RLPER).toBe('0.00');
    // An uploaded sheet being corrected keeps what its 818 held besides the result (last year's 50 here).
    const kept = evaluateEntry(tree, { ...loss, CS: '850' }, { besides: Decimal.fromString('50') });
    expect(kept.check).toEqual({ status: 'ok' });
    expect(kept.totals.get('RLPER')?.toString()).toBe('-50');
    const keptBody = entryBody(kept);
    expect(keptBody.ok && keptBody.values.RLPER).toBe('50.00');
  });

  it('reads what a stored sheet holds on 818 besides the period result from its values as read', () => {
    // As read: RLPER 350 = 400 on 818 (not this period's) − a period loss of 50 (VENDAS 100 − FSE 150).
    expect(besidesFromValues(tree, { RLPER: '350.00', REND: '100.00', GAST: '150.00' }).toString()).toBe(
      '400',
    );
    // Only the period's result: nothing besides it.
    expect(besidesFromValues(tree, { RLPER: '-50.00', REND: '100.00', GAST: '150.00' }).toString()).toBe('0');
  });

  it('lets Ativo −1 with Capital próprio and Passivo at 0 pass only with the option', () => {
    const minusOne = { ...filled, AFT: '-1', CLI: '0', CAIXA: '0', CS: '0', FORN: '0' };
    expect(evaluateEntry(tree, minusOne).check.status).toBe('mismatch');
    expect(
      evaluateEntry(tree, minusOne, { allowAssetsMinusOneWithZeroEquityAndLiabilities: true }).check,
    ).toEqual({ status: 'ok' });
  });

  it('sends every leaf (a blank one as 0), cost lines positive, or refuses with its message', () => {
    expect(entryBody(evaluateEntry(tree, { AFT: '0' }))).toEqual({
      ok: true,
      values: {
        AFT: '0.00',
        CLI: '0.00',
        CAIXA: '0.00',
        CS: '0.00',
        RLPER: '0.00',
        FORN: '0.00',
        VENDAS: '0.00',
        FSE: '0.00',
      },
    });
    const tooPrecise = entryBody(evaluateEntry(tree, { ...filled, CLI: '250,505' }));
    expect(tooPrecise).toEqual({ ok: false, messageKey: 'balanceSheets:checkData', codes: ['CLI'] });
    const mismatch = entryBody(evaluateEntry(tree, { ...filled, FORN: '1' }));
    expect(mismatch).toMatchObject({ ok: false, messageKey: 'balanceSheets:checkData' });
    const saved = entryBody(evaluateEntry(tree, { ...filled, CLI: '250', CAIXA: '50' }));
    expect(saved).toEqual({
      ok: true,
      values: {
        AFT: '1000.00',
        CLI: '250.00',
        CAIXA: '50.00',
        CS: '800.00',
        RLPER: '0.00',
        FORN: '500.00',
        VENDAS: '1500.00',
        FSE: '1500.00',
      },
    });
  });

  it('shows a stored sheet in the form: blanks as 0, cost lines without their sign', () => {
    const texts = textsFromValues(tree, { AFT: '1234567.50', FSE: '1500.00', CLI: '' });
    expect(texts).toMatchObject({ AFT: '1 234 567.5', FSE: '1 500', CLI: '0', CAIXA: '0' });
    expect(Object.keys(texts)).not.toContain('AT');
  });
});
