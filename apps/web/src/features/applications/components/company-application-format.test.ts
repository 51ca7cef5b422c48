import type { ApplicationFile, ApplicationIndicator } from '@excelencia/domain';
import { describe, expect, it } from 'vitest';
import {
  canSubmit,
  filesBySlot,
  gapDisplay,
  missingDocumentCount,
  slotEditable,
  submitBlockers,
  yearsText,
} from './company-application-format.ts';

const file = (fileName: string, fileType: number, dateInsert = '2026-03-01T10:00:00Z'): ApplicationFile => ({
  id: crypto.randomUUID(),
  fileName,
  fileType,
  dateInsert,
  size: 1000,
});

const indicator = (code: string, passed: boolean | null): ApplicationIndicator => ({
  criterionRatioDetails: { code, ratioDescription: { pt: code, en: code, fr: code }, ratio: 'a/b' },
  result: passed === null ? null : 1,
  value: passed === null ? null : '1',
  target: { comparison: '>', value: '0' },
  passed,
  gap: passed === null ? null : '1',
});

describe('gapDisplay', () => {
  it('says the margin of a minimum as above and its shortfall as short, without the sign', () => {
    expect(gapDisplay('0.05', '>=')).toEqual({ kind: 'above', amount: '0.05' });
    expect(gapDisplay('-0.12', '>')).toEqual({ kind: 'short', amount: '0.12' });
    expect(gapDisplay('-1234567.891', '>=')).toEqual({ kind: 'short', amount: '1\u00a0234\u00a0567.89' });
  });

  it('says the margin of a maximum as below and its excess as over', () => {
    // At most 2 decimals, the no-break space between groups.
    expect(gapDisplay('3.529', '<=')).toEqual({ kind: 'below', amount: '3.53' });
    expect(gapDisplay('-0.5', '<')).toEqual({ kind: 'over', amount: '0.5' });
  });

  it('says any difference from an exact target as off', () => {
    expect(gapDisplay('-2', '=')).toEqual({ kind: 'off', amount: '2' });
  });

  it('never writes a non-zero distance as 0', () => {
    expect(gapDisplay('-0.00003', '>=')).toEqual({ kind: 'short', amount: '0.00003' });
  });

  it('knows the threshold itself and the not computable', () => {
    expect(gapDisplay('0', '>=')).toEqual({ kind: 'at', amount: '' });
    expect(gapDisplay('-0.000', '=')).toEqual({ kind: 'at', amount: '' });
    expect(gapDisplay(null, '>')).toBeNull();
    expect(gapDisplay('abc', '>')).toBeNull();
  });
});

describe('slots', () => {
  it('reads the slot from the name, else from the stored type', () => {
    const slots = filesBySlot([file('123456789_5_daicf.pdf', 0), file('odd-name.pdf', 2)]);
    expect([...slots.keys()].sort()).toEqual([2, 5]);
  });

  it('counts the empty slots', () => {
    expect(missingDocumentCount([])).toBe(8);
    expect(missingDocumentCount([file('1_0_a.pdf', 0), file('1_7_b.pdf', 7)])).toBe(6);
  });

  it('lets a draft change every slot, a returned one only the reopened slot, a submitted one none', () => {
    expect(slotEditable({ status: 'draft', reopenedFileType: null }, 3)).toBe(true);
    expect(slotEditable({ status: 'draft', reopenedFileType: 4 }, 3)).toBe(false);
    expect(slotEditable({ status: 'draft', reopenedFileType: 4 }, 4)).toBe(true);
    expect(slotEditable({ status: 'pending', reopenedFileType: null }, 3)).toBe(false);
  });
});

describe('submitBlockers', () => {
  const all = Array.from({ length: 8 }, (_, type) => file(`1_${type}_doc.pdf`, type));

  it('is clear for a complete, eligible draft with no upload in flight', () => {
    const blockers = submitBlockers(
      { files: all, applicationFinancialIndicators: [indicator('RLP', true)], missingYears: [] },
      false,
    );
    expect(canSubmit(blockers)).toBe(true);
    expect(canSubmit({ ...blockers, uploading: true })).toBe(false);
  });

  it('names what is missing: documents, criteria not met or not computable, sheets', () => {
    const blockers = submitBlockers(
      {
        files: all.slice(0, 5),
        applicationFinancialIndicators: [
          indicator('RLP', true),
          indicator('EBITDA', false),
          indicator('X', null),
        ],
        missingYears: [2024],
      },
      false,
    );
    expect(blockers.missingDocuments).toBe(3);
    expect(blockers.failedCriteria.map((row) => row.criterionRatioDetails.code)).toEqual(['EBITDA', 'X']);
    expect(blockers.missingYears).toEqual([2024]);
    expect(canSubmit(blockers)).toBe(false);
  });
});

describe('yearsText', () => {
  it('lists years in order in the language', () => {
    expect(yearsText([2024, 2023], 'en')).toBe('2023 and 2024');
    expect(yearsText([2024, 2023], 'pt')).toBe('2023 e 2024');
    expect(yearsText([2024], 'fr')).toBe('2024');
  });
});
