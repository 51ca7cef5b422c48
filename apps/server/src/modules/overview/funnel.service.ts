import {
  type EditionFunnel,
  FUNNEL_STEPS,
  type FunnelGrouping,
  type FunnelStepCount,
} from '@excelencia/domain';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import {
  type FunnelRow,
  funnelByGroup,
  funnelEdition,
  mailCounts,
  optedOutMembers,
} from './funnel.repository.ts';

const DAY = 86_400_000;

/** A row's counts as steps, each with its share of the previous step (null for the first, or after a 0). */
function funnelSteps(counts: Omit<FunnelRow, 'code' | 'label'>): FunnelStepCount[] {
  return FUNNEL_STEPS.map((step, index) => {
    const previous = index === 0 ? null : counts[FUNNEL_STEPS[index - 1] as keyof typeof counts];
    const count = counts[step];
    return { step, count, conversion: previous ? count / previous : null };
  });
}

/** The edition's funnel for admins: registered → … → distinguished, overall and per island or CAE section. */
export function createFunnelService(deps: { db: Database }) {
  const { db } = deps;
  return {
    async funnel(editionId: string, by: FunnelGrouping): Promise<EditionFunnel> {
      const edition = await funnelEdition(db, editionId);
      if (!edition) throw notFound();
      // The edition's mail: from its registration opening to the end of its appeal period after the results.
      const resultsAt = edition.resultsPublishedAt ?? edition.resultsAt;
      const mailUntil = new Date(resultsAt.getTime() + (edition.appealDays + 1) * DAY);
      const [rows, mail, optedOut] = await Promise.all([
        funnelByGroup(db, edition, by),
        mailCounts(db, edition.registrationOpensAt, mailUntil),
        optedOutMembers(db, edition),
      ]);
      const totals = rows.reduce(
        (sum, row) => {
          for (const step of FUNNEL_STEPS) sum[step] += row[step];
          return sum;
        },
        Object.fromEntries(FUNNEL_STEPS.map((step) => [step, 0])) as Record<
          (typeof FUNNEL_STEPS)[number],
          number
        >,
      );
      return {
        edition: {
          id: edition.id,
          number: edition.number,
          year: edition.year,
          indicatorYear: edition.indicatorYear,
        },
        by,
        steps: funnelSteps(totals),
        groups: rows.map((row) => ({ code: row.code, label: row.label, steps: funnelSteps(row) })),
        mail: { ...mail, optedOut },
      };
    },
  };
}

export type FunnelService = ReturnType<typeof createFunnelService>;
