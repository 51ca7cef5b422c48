import { translate } from '@excelencia/domain';
import { describe, expect, it } from 'vitest';
import type { Translate } from '../../../ui/form/zod-resolver.ts';
import { editionLabel } from '../edition-label.ts';
import { resultGroups, sealActions, shortDate, signedGapText } from './results-format.ts';

const en: Translate = (key, params) => translate('en', key, params);
const pt: Translate = (key, params) => translate('pt', key, params);

describe('signedGapText', () => {
  const target = { comparison: '>=' as const, value: '0.3' };

  it('signs a margin with + and a shortfall with -', () => {
    expect(signedGapText({ gap: '0.05', value: '0.35', target })).toBe('+0.05');
    expect(signedGapText({ gap: '-0.1234', value: '0.1766', target })).toBe('-0.12');
  });

  it('never writes a small shortfall as zero', () => {
    expect(signedGapText({ gap: '-0.00003', value: '0.29997', target })).toBe('-0.00003');
  });

  it('says 0 at the threshold and nothing when not computable', () => {
    expect(signedGapText({ gap: '0', value: '0.3', target })).toBe('0');
    expect(signedGapText({ gap: null, value: null, target })).toBe('');
  });

  it('computes the gap from value and target when the server sent none', () => {
    expect(signedGapText({ gap: null, value: '2', target: { comparison: '<', value: '3' } })).toBe('+1');
  });
});

describe('resultGroups', () => {
  it('names each group in the language, says "Not stated" for none, and totals them', () => {
    const groups = resultGroups(
      [
        { label: { pt: 'Santiago', en: 'Santiago', fr: 'Santiago' }, applicants: 5, distinguished: 3 },
        { label: null, applicants: 1, distinguished: 0 },
      ],
      en,
      'en',
    );
    expect(groups.rows.map((row) => row.label)).toEqual(['Santiago', 'Not stated']);
    expect(groups.total).toEqual({ label: 'Total', applicants: 6, distinguished: 3 });
  });
});

describe('sealActions', () => {
  it('offers suspend and withdraw on a valid seal, reinstate on a suspended one, nothing once withdrawn', () => {
    expect(sealActions('valid')).toEqual(['suspend', 'withdraw']);
    expect(sealActions('suspended')).toEqual(['reinstate', 'withdraw']);
    expect(sealActions('expired')).toEqual(['withdraw']);
    expect(sealActions('withdrawn')).toEqual([]);
  });
});

describe('labels and dates', () => {
  it('names an edition with the shared catalog text', () => {
    expect(editionLabel({ number: 2, year: 2025 }, pt)).toBe('2.ª edição (2025)');
  });

  it('writes a date as the site does, in the language, and nothing for an absent one', () => {
    expect(shortDate('2026-03-12T12:00:00Z', 'en')).toBe('12 March 2026');
    expect(shortDate('2026-03-12T12:00:00Z', 'pt')).toBe('12 - março - 2026');
    expect(shortDate(null, 'pt')).toBe('');
  });
});
