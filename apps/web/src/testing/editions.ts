import type { Edition } from '@excelencia/domain';

/** The demo's 2nd edition as the API gives it: 2026, evaluating the accounts of 2025, with fixed dates. */
export const DEMO_EDITION: Edition = {
  id: '00000000-0000-4000-8000-0000000000e1',
  number: 2,
  year: 2026,
  indicatorYear: 2025,
  registrationOpensAt: '2026-09-01T00:00:00.000Z',
  registrationClosesAt: '2026-12-25T16:00:00.000Z',
  applicationOpensAt: '2026-09-01T00:00:00.000Z',
  applicationClosesAt: '2026-12-31T00:00:00.000Z',
  evaluationStartsAt: '2027-01-05T00:00:00.000Z',
  evaluationEndsAt: '2027-01-31T00:00:00.000Z',
  resultsAt: '2027-02-08T00:00:00.000Z',
  resultsPublishedAt: null,
  applicationsClosedAt: null,
  regulationFileName: null,
  version: 1,
};

const DAY = 24 * 60 * 60 * 1000;

/** `days` from now, as an ISO date. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/**
 * The same edition taking applications now (opened yesterday, closing in 10 days, results in 25); registration
 * closed 2 days ago unless `overrides` say otherwise.
 */
export function editionTakingApplications(overrides: Partial<Edition> = {}): Edition {
  return {
    ...DEMO_EDITION,
    registrationOpensAt: daysFromNow(-30),
    registrationClosesAt: daysFromNow(-2),
    applicationOpensAt: daysFromNow(-1),
    applicationClosesAt: daysFromNow(10),
    evaluationStartsAt: daysFromNow(11),
    evaluationEndsAt: daysFromNow(20),
    resultsAt: daysFromNow(25),
    ...overrides,
  };
}
