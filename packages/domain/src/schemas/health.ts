import { z } from 'zod';

/** GET health: 200 when the database answers, 503 otherwise. */
export const HealthResponse = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['up', 'down']),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** Readiness (GET health/ready): whether this instance should get traffic from a load balancer now. */
export const ReadinessResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['up', 'down']),
  /** True once the process has been asked to stop: it finishes what it has and takes nothing new. */
  stopping: z.boolean(),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponse>;
