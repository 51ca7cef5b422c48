import { buildBalanceTree, type SelfDiagnosisTree } from '@excelencia/domain';
import { describe, expect, it } from 'vitest';
import {
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

/** A small tree with the SNCRF shape: Ativo / Capital próprio / Passivo / Rendimentos / Gastos. */
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
    ...leaf('CP', ['51']),
    nature: 'credit',
    subHeadings: [{ ...leaf('CAP', ['51']), categories: [{ ...leaf('CS', ['51']), subCategories: [] }] }],
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
    expect(inputText('1234567,1234', false)).toBe('1 234 567,123 4');
    expect(inputText('-1500', false)).toBe('-1 500');
    expect(inputText('-1500', true)).toBe('1 500');
  });

  it('says nothing while fields are empty, then rolls totals up and checks the balance', () => {
    expect(evaluateEntry(tree, {}).check).toEqual({ status: 'empty' });
    expect(evaluateEntry(tree, { AFT: '1 000' }).check).toEqual({ status: 'empty' });
    const ok = evaluateEntry(tree, filled);
    expect(ok.totals.get('AT')?.toString()).toBe('1300');
    expect(ok.totals.get('AC')?.toString()).toBe('300');
    expect(ok.totals.get('GAST')?.toString()).toBe('1500');
    expect(ok.check).toEqual({ status: 'ok' });
    const wrong = evaluateEntry(tree, { ...filled, FORN: '400' });
    expect(wrong.check.status === 'mismatch' && wrong.check.difference.toString()).toBe('100');
    // A period result not yet closed (income − costs) counts in Capital próprio.
    const profit = evaluateEntry(tree, { ...filled, VENDAS: '1 600' });
    expect(profit.check.status === 'mismatch' && profit.check.difference.toString()).toBe('-100');
  });

  it('lets Ativo −1 with Capital próprio and Passivo at 0 pass only with the option', () => {
    const minusOne = { ...filled, AFT: '-1', CLI: '0', CAIXA: '0', CS: '0', FORN: '0' };
    expect(evaluateEntry(tree, minusOne).check.status).toBe('mismatch');
    expect(
      evaluateEntry(tree, minusOne, { allowAssetsMinusOneWithZeroEquityAndLiabilities: true }).check,
    ).toEqual({ status: 'ok' });
  });

  it('sends leaf values only, cost lines positive, or refuses with the SPEC message', () => {
    const missing = entryBody(evaluateEntry(tree, { AFT: '1' }));
    expect(missing).toMatchObject({ ok: false, messageKey: 'balanceSheets:fillAllFields' });
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
