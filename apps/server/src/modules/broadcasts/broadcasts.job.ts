import type { JobHandler } from '../../platform/jobs/jobs.ts';
import { BROADCAST_JOB, type BroadcastsService } from './broadcasts.service.ts';

/** The job that puts a broadcast in the outbox (enqueued with the broadcast, one per broadcast). */
export function broadcastsJob(broadcasts: BroadcastsService): { handlers: Record<string, JobHandler> } {
  return {
    handlers: {
      async [BROADCAST_JOB](payload, { now, logger, job }) {
        if (typeof payload.broadcastId !== 'string') return;
        await broadcasts.sendBatches(payload.broadcastId, now, logger, job.attempts + 1 >= job.maxAttempts);
      },
    },
  };
}
