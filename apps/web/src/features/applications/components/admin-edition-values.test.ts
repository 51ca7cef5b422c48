import { type Edition, translate } from '@excelencia/domain';
import { afterEach, describe, expect, it } from 'vitest';
import type { Translate } from '../../../ui/form/zod-resolver.ts';
import {
  editionFormValidator,
  editionPayload,
  editionToValues,
  followIndicatorYear,
  newEditionValues,
} from './admin-edition-values.ts';

const en: Translate = (key, params) => translate('en', key, params);

const OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

function edition(overrides: Partial<Edition> = {}): Edition {
  return {
    id: '5b0ad8a4-5f4a-4a8e-9a55-4d4b1e2f6c11',
    number: 2,
    year: 2025,
    indicatorYear: 2024,
    registrationOpensAt: '2025-01-10T09:00:00-01:00',
    registrationClosesAt: '2025-02-10T18:00:00-01:00',
    applicationOpensAt: '2025-02-15T09:00:00-01:00',
    applicationClosesAt: '2025-04-30T18:00:00-01:00',
    evaluationStartsAt: '2025-05-02T09:00:00-01:00',
    evaluationEndsAt: '2025-06-15T18:00:00-01:00',
    resultsAt: '2025-06-30T12:00:00-01:00',
    resultsPublishedAt: null,
    applicationsClosedAt: null,
    regulationFileName: null,
    version: 1,
    ...overrides,
  };
}

describe("the milestones on Cabo Verde's clock, whatever the browser's time zone", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each(['Asia/Tokyo', 'America/New_York', 'Atlantic/Cape_Verde'])(
    'in %s: 25/12/2026 15:00 entered is sent as 16:00 UTC, and a stored 16:00 UTC shows 15:00',
    (browserZone) => {
      process.env.TZ = browserZone;
      const values = editionToValues(edition({ registrationOpensAt: '2026-12-25T16:00:00.000Z' }));
      expect(values.registrationOpensAt).toBe('2026-12-25 15:00:00');
      const body = editionPayload({ ...values, registrationOpensAt: '2026-12-25 15:00:00' });
      expect(body.registrationOpensAt).toMatch(OFFSET);
      expect(new Date(String(body.registrationOpensAt)).toISOString()).toBe('2026-12-25T16:00:00.000Z');
    },
  );

  it('keeps the instant of a stored edition through the form and back', () => {
    const stored = edition();
    const body = editionPayload(editionToValues(stored));
    expect(Date.parse(String(body.resultsAt))).toBe(Date.parse(stored.resultsAt));
  });

  it('sends an empty, malformed or impossible date-time as empty', () => {
    const values = editionToValues(edition());
    expect(editionPayload({ ...values, resultsAt: '' }).resultsAt).toBe('');
    expect(editionPayload({ ...values, resultsAt: '2026-02-31 10:00:00' }).resultsAt).toBe('');
    expect(editionToValues(edition({ resultsAt: 'not a date' })).resultsAt).toBe('');
  });
});

describe('new edition', () => {
  it('numbers it after the highest edition and evaluates the year before its own', () => {
    const values = newEditionValues([edition({ number: 1, year: 2024 }), edition()], new Date(2025, 8, 1));
    expect(values).toMatchObject({ number: 3, year: 2026, indicatorYear: 2025, resultsAt: '' });
  });

  it('starts at 1 this year when there is none', () => {
    expect(newEditionValues([], new Date(2027, 0, 5))).toMatchObject({
      number: 1,
      year: 2027,
      indicatorYear: 2026,
    });
  });

  it('moves the indicator year with the year unless the admin chose another', () => {
    expect(followIndicatorYear(2025, 2026, 2024)).toBe(2025);
    expect(followIndicatorYear(2025, 2026, 2022)).toBe(2022);
    expect(followIndicatorYear(2025, '', 2024)).toBe(2024);
    expect(followIndicatorYear('', 2026, '')).toBe(2025);
  });
});

describe('edition form check (shared EditionInput rules)', () => {
  const validate = editionFormValidator(en);

  it('accepts a stored edition as it is', () => {
    expect(validate(editionToValues(edition()))).toEqual({});
    expect(editionPayload(editionToValues(edition()))).toMatchObject({ number: 2, year: 2025 });
  });

  it('says its message under an end before its start, and the order rules under the later field', () => {
    const values = editionToValues(edition());
    values.registrationClosesAt = '2025-01-01T10:00';
    values.resultsAt = '2025-06-01T10:00';
    const errors = validate(values);
    expect(errors.registrationClosesAt).toBe('End date cannot be before the Start Date!');
    expect(errors.resultsAt).toBe('Results cannot be announced before the evaluation ends');
  });

  it('asks for each missing date and for the numbers', () => {
    const values = { ...editionToValues(edition()), number: '' as const, applicationOpensAt: '' };
    const errors = validate(values);
    expect(errors.applicationOpensAt).toBe('Please enter a date!');
    expect(errors.number).toBe('Mandatory Field');
  });

  it('refuses an indicator year that is not before the edition year', () => {
    const errors = validate({ ...editionToValues(edition()), indicatorYear: 2025 });
    expect(errors.indicatorYear).toBe("The indicator year must come before the edition's year");
  });
});

describe('the appeal period and the document validities in the form', () => {
  it('shows the stored ones (defaults for an edition answered without them) and sends an empty validity as no limit', () => {
    const values = editionToValues(
      edition({ appealDays: 15, documentValidityDays: [30, 60, null, 1, null, null, null, 3650] }),
    );
    expect(values.appealDays).toBe(15);
    expect(values.documentValidityDays).toEqual([30, 60, '', 1, '', '', '', 3650]);
    expect(editionToValues(edition()).documentValidityDays).toEqual([90, 90, 365, '', '', '', '', '']);
    expect(newEditionValues([], new Date('2026-06-01T00:00:00Z'))).toMatchObject({
      appealDays: 10,
      documentValidityDays: [90, 90, 365, '', '', '', '', ''],
    });
    const body = editionPayload({ ...values, documentValidityDays: ['', 45, '', '', '', '', '', ''] });
    expect(body).toMatchObject({
      appealDays: 15,
      documentValidityDays: [null, 45, null, null, null, null, null, null],
    });
  });

  it('refuses a validity of 0 days under its field, with the shared message', () => {
    const values = editionToValues(
      edition({ documentValidityDays: [0, 90, 365, null, null, null, null, null] }),
    );
    expect(editionFormValidator(en)(values)['documentValidityDays.0']).toBe(
      'Enter a whole number of days from 1 to 3650, or leave it empty (no limit).',
    );
  });
});
