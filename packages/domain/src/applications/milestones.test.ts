import { describe, expect, it } from 'vitest';
import {
  applicationsCloseAt,
  editionPhase,
  isApplicationOpen,
  isClosedEarly,
  isRegistrationOpen,
} from './milestones.ts';

const edition = {
  registrationOpensAt: '2026-01-01T00:00:00Z',
  registrationClosesAt: '2026-02-28T23:59:59Z',
  applicationOpensAt: '2026-03-01T00:00:00Z',
  applicationClosesAt: '2026-04-30T23:59:59Z',
  evaluationStartsAt: '2026-05-01T00:00:00Z',
  evaluationEndsAt: '2026-05-31T23:59:59Z',
  resultsAt: '2026-06-15T12:00:00Z',
  resultsPublishedAt: null,
};

describe('the application window', () => {
  it('is open from its first to its last instant, both included', () => {
    expect(isApplicationOpen(edition, new Date('2026-02-28T23:59:59Z'))).toBe(false);
    expect(isApplicationOpen(edition, new Date('2026-03-01T00:00:00Z'))).toBe(true);
    expect(isApplicationOpen(edition, new Date('2026-04-30T23:59:59Z'))).toBe(true);
    expect(isApplicationOpen(edition, new Date('2026-05-01T00:00:00Z'))).toBe(false);
  });

  it('is closed once the results are published, even before its last day', () => {
    const published = { ...edition, resultsPublishedAt: '2026-04-10T09:00:00Z' };
    expect(isApplicationOpen(published, new Date('2026-04-20T00:00:00Z'))).toBe(false);
    expect(editionPhase(published, new Date('2026-04-20T00:00:00Z'))).toBe('published');
  });

  it('closed on the day of the publication when that came first, and registration with it', () => {
    const published = {
      ...edition,
      registrationClosesAt: '2026-04-30T23:59:59Z',
      resultsPublishedAt: '2026-04-10T09:00:00Z',
      applicationsClosedAt: '2026-04-10T09:00:00Z',
    };
    expect(applicationsCloseAt(published)).toBe('2026-04-10T09:00:00Z');
    expect(isClosedEarly(published)).toBe(true);
    expect(isRegistrationOpen(published, new Date('2026-04-20T00:00:00Z'))).toBe(false);
    expect(applicationsCloseAt(edition)).toBe(edition.applicationClosesAt);
    expect(isClosedEarly(edition)).toBe(false);
  });
});
