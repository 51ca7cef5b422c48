import { isLanguage, type VisitsQuery, type VisitsReport } from '@excelencia/domain';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import type { PageViewCounter } from '../../platform/page-views.ts';
import { viewsBetween } from './visits.repository.ts';

const DAY = 86_400_000;
/** The days shown when none are asked for: the last 30, today included. */
const DEFAULT_DAYS = 30;
/** The longest span one report covers. */
const MAX_DAYS = 366;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The page views counted on the server (docs/adr/0034), for admins. */
export function createVisitsService(deps: { db: Database; counter: PageViewCounter; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    async report(query: VisitsQuery): Promise<VisitsReport> {
      const to =
        query.to ??
        (query.from ? dayOf(new Date(Date.parse(query.from) + (DEFAULT_DAYS - 1) * DAY)) : dayOf(now()));
      const from = query.from ?? dayOf(new Date(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY));
      if ((Date.parse(to) - Date.parse(from)) / DAY + 1 > MAX_DAYS) {
        throw badRequest('errors:badRequest', [{ path: 'to', message: 'validation:invalid' }]);
      }
      // What this instance counted in the last seconds is written first, so the report includes it.
      await deps.counter.flush();
      const rows = await viewsBetween(deps.db, from, to);
      return {
        from,
        to,
        rows: rows.flatMap((row) => (isLanguage(row.language) ? [{ ...row, language: row.language }] : [])),
      };
    },
  };
}

export type VisitsService = ReturnType<typeof createVisitsService>;
