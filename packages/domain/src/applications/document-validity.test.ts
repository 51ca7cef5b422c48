import { describe, expect, it } from 'vitest';
import {
  DocumentValidityDays,
  documentValidUntil,
  expiresBeforeEvaluationEnds,
  isDocumentExpired,
  isIsoDay,
  issueDateProblem,
  portalDay,
  validityDaysFromStored,
  validityDaysToStored,
} from './document-validity.ts';
import { nextYearEdition } from './editions.ts';

describe('the validity of a document (the issue day is the first valid day)', () => {
  it('issued 2026-01-01 with 90 days: valid through 2026-03-31, run out on 2026-04-01', () => {
    expect(documentValidUntil('2026-01-01', 90)).toBe('2026-03-31');
    expect(isDocumentExpired('2026-03-31', '2026-03-31')).toBe(false);
    expect(isDocumentExpired('2026-03-31', '2026-04-01')).toBe(true);
    // One day of validity: the issue day only. No limit: no last day, never expired.
    expect(documentValidUntil('2026-02-28', 1)).toBe('2026-02-28');
    expect(documentValidUntil('2028-02-28', 2)).toBe('2028-02-29');
    expect(documentValidUntil('2026-01-01', null)).toBeNull();
    expect(isDocumentExpired(null, '2999-01-01')).toBe(false);
  });

  it('flags a document whose last valid day comes before the Cabo Verde day the evaluation ends', () => {
    // 00:30 UTC on 1 April is still 31 March in Cabo Verde (UTC−1): valid through that day, not flagged.
    expect(expiresBeforeEvaluationEnds('2026-03-31', '2026-04-01T00:30:00Z')).toBe(false);
    expect(expiresBeforeEvaluationEnds('2026-03-31', '2026-04-01T01:30:00Z')).toBe(true);
    expect(expiresBeforeEvaluationEnds(null, '2026-04-01T01:30:00Z')).toBe(false);
    expect(portalDay(new Date('2026-04-01T00:30:00Z'))).toBe('2026-03-31');
  });

  it('reads and writes the stored validities (a type without a key has no limit), and checks real days', () => {
    expect(validityDaysFromStored({ '0': 90, '1': 90, '2': 365 })).toEqual([
      90,
      90,
      365,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(validityDaysToStored([30, null, null, null, null, null, null, 7])).toEqual({ '0': 30, '7': 7 });
    expect(DocumentValidityDays.safeParse([1, 3650, null, null, null, null, null, null]).success).toBe(true);
    expect(DocumentValidityDays.safeParse([0, null, null, null, null, null, null, null]).success).toBe(false);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2028-02-29')).toBe(true);
  });

  it("next year's edition keeps the appeal period and the validities", () => {
    const edition = {
      number: 2,
      year: 2026,
      indicatorYear: 2025,
      registrationOpensAt: '2026-01-10T09:00:00.000Z',
      registrationClosesAt: '2026-02-20T18:00:00.000Z',
      applicationOpensAt: '2026-02-01T09:00:00.000Z',
      applicationClosesAt: '2026-02-28T23:59:00.000Z',
      evaluationStartsAt: '2026-03-01T00:00:00.000Z',
      evaluationEndsAt: '2026-03-31T18:00:00.000Z',
      resultsAt: '2026-04-15T12:00:00.000Z',
      appealDays: 20,
      documentValidityDays: [30, null, 365, null, null, null, null, null],
    };
    expect(nextYearEdition(edition, 3)).toMatchObject({
      appealDays: 20,
      documentValidityDays: [30, null, 365, null, null, null, null, null],
    });
  });
});

describe("an upload's issue date (the rule the server refuses with and the web page says first)", () => {
  it('required only for a type with a validity, a real day, not after today, not already run out', () => {
    expect(issueDateProblem('', null, '2026-02-01')).toBeNull();
    expect(issueDateProblem('', 90, '2026-02-01')).toEqual({ key: 'documentValidity:issuedAtRequired' });
    expect(issueDateProblem('2026-02-30', 90, '2026-03-10')).toEqual({
      key: 'documentValidity:issuedAtInvalid',
    });
    expect(issueDateProblem('2026-02-02', null, '2026-02-01')).toEqual({
      key: 'documentValidity:issuedAtFuture',
    });
    // Issued 2025-10-03 with 90 days: valid through 2025-12-31, so run out on 2026-01-01, fine on 2025-12-31.
    expect(issueDateProblem('2025-10-03', 90, '2026-01-01')).toEqual({
      key: 'documentValidity:expired',
      validUntil: '2025-12-31',
    });
    expect(issueDateProblem('2025-10-03', 90, '2025-12-31')).toBeNull();
    expect(issueDateProblem('2020-01-01', null, '2026-02-01')).toBeNull();
  });
});
