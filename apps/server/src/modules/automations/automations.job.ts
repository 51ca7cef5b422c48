import type { JobHandler, RecurringJob } from '../../platform/jobs/jobs.ts';
import type { AutomationsService } from './automations.service.ts';

/** The job that sends the editions' reminders that are due. */
export const AUTOMATIONS_JOB = 'automations.send-due';
/** How often it runs: a reminder goes out at most this long after its moment. */
export const AUTOMATIONS_EVERY_MS = 5 * 60 * 1000;

export function automationsJob(automations: AutomationsService): {
  handlers: Record<string, JobHandler>;
  recurring: RecurringJob;
} {
  return {
    handlers: {
      [AUTOMATIONS_JOB]: async (_payload, context) => {
        await automations.sendDue(context.now, context.logger);
      },
    },
    recurring: { kind: AUTOMATIONS_JOB, everyMs: AUTOMATIONS_EVERY_MS },
  };
}
