/**
 * Where an edition stands in time: its milestones, the next one, the countdown to it and the phase. Pure and
 * without schemas (editions.ts has those), so the countdown of a visitor's page carries no validation library.
 */

/** The milestones of an edition, in the order they must follow. */
export const EDITION_MILESTONES = [
  'registrationOpensAt',
  'registrationClosesAt',
  'applicationOpensAt',
  'applicationClosesAt',
  'evaluationStartsAt',
  'evaluationEndsAt',
  'resultsAt',
] as const;
export type EditionMilestone = (typeof EDITION_MILESTONES)[number];

/** Where an edition stands at an instant. */
export type EditionPhase =
  | 'upcoming'
  | 'registration'
  | 'application'
  | 'evaluation'
  | 'awaitingResults'
  | 'published';

/** An edition's milestones as the API carries them (ISO text) or as the server stores them (Date). */
type Milestones = { [K in EditionMilestone]: string | Date } & {
  resultsPublishedAt: string | Date | null;
  /** When applications actually closed, set at publication (absent or null before). */
  applicationsClosedAt?: string | Date | null;
};

const ms = (value: string | Date) => (typeof value === 'string' ? Date.parse(value) : value.getTime());

/** Inside the registration window, and before the results are published (the edition is over then). */
export function isRegistrationOpen(edition: Milestones, now: Date): boolean {
  const t = now.getTime();
  return (
    edition.resultsPublishedAt === null &&
    ms(edition.registrationOpensAt) <= t &&
    t <= ms(edition.registrationClosesAt)
  );
}

/**
 * When applications close, or closed: the day the results were published when that came first (publishing
 * closes the window early), else the scheduled applicationClosesAt.
 */
export function applicationsCloseAt(edition: Milestones): string | Date {
  return edition.applicationsClosedAt ?? edition.applicationClosesAt;
}

/** Whether publishing the results closed the applications before their scheduled date. */
export function isClosedEarly(edition: Milestones): boolean {
  const closed = edition.applicationsClosedAt;
  return closed !== undefined && closed !== null && ms(closed) < ms(edition.applicationClosesAt);
}

/** Inside the application window, and before the results are published (publishing closes the window early). */
export function isApplicationOpen(edition: Milestones, now: Date): boolean {
  const t = now.getTime();
  return (
    edition.resultsPublishedAt === null &&
    ms(edition.applicationOpensAt) <= t &&
    t <= ms(applicationsCloseAt(edition))
  );
}

/** The next milestone after `now` (for the public countdown), or null when all have passed. */
export function nextMilestone(
  edition: { [K in EditionMilestone]: string },
  now: Date,
): { milestone: EditionMilestone; at: string } | null {
  const t = now.getTime();
  for (const milestone of EDITION_MILESTONES) {
    if (milestone === 'evaluationStartsAt' || milestone === 'evaluationEndsAt') continue;
    if (ms(edition[milestone]) > t) return { milestone, at: edition[milestone] };
  }
  return null;
}

/** Days, hours, minutes and seconds from `now` to `at` (all 0 once it has passed). */
export function countdown(
  at: string,
  now: Date,
): { days: number; hours: number; minutes: number; seconds: number } {
  let rest = Math.max(0, Math.floor((ms(at) - now.getTime()) / 1000));
  const days = Math.floor(rest / 86_400);
  rest -= days * 86_400;
  const hours = Math.floor(rest / 3600);
  rest -= hours * 3600;
  const minutes = Math.floor(rest / 60);
  return { days, hours, minutes, seconds: rest - minutes * 60 };
}

export function editionPhase(edition: Milestones, now: Date): EditionPhase {
  const t = now.getTime();
  if (edition.resultsPublishedAt !== null) return 'published';
  if (t < ms(edition.registrationOpensAt)) return 'upcoming';
  if (t < ms(edition.applicationOpensAt)) return 'registration';
  if (t <= ms(edition.applicationClosesAt)) return 'application';
  if (t <= ms(edition.evaluationEndsAt)) return 'evaluation';
  return 'awaitingResults';
}
