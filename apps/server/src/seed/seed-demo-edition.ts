import type { EditionInput } from '@excelencia/domain';
import type { AuthContext } from '../auth/types.ts';
import type { Database } from '../db/client.ts';
import { createEditionsService } from '../modules/applications/index.ts';
import type { FileStore } from '../platform/files/file-store.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * The demo edition: its application window is open on the first `npm start`, so the countdown, the banner and
 * the whole application flow can be tried at once. It evaluates 2025, the year of the demo company's latest
 * uploaded annual trial balance (2024 is there too, for 'EBITDA > 0 in both years').
 */
export const DEMO_INDICATOR_YEAR = 2025;

export function demoEditionInput(now: Date): EditionInput {
  // Whole hours: the windows read '9 janeiro 2027, 08:00', not a start-up's milliseconds.
  const hour = Math.floor(now.getTime() / HOUR) * HOUR;
  const at = (days: number) => new Date(hour + days * DAY).toISOString();
  return {
    number: 2,
    year: DEMO_INDICATOR_YEAR + 1,
    indicatorYear: DEMO_INDICATOR_YEAR,
    registrationOpensAt: at(-30),
    registrationClosesAt: at(30),
    applicationOpensAt: at(-7),
    applicationClosesAt: at(45),
    evaluationStartsAt: at(46),
    evaluationEndsAt: at(75),
    resultsAt: at(90),
  };
}

export async function seedDemoEdition(
  db: Database,
  fileStore: FileStore,
  admin: AuthContext,
  now = new Date(),
): Promise<void> {
  const editions = createEditionsService({ db, fileStore });
  await editions.create({ accountId: admin.accountId, requestId: 'demo-data' }, demoEditionInput(now));
}
