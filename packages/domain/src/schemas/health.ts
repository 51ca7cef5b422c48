import { z } from 'zod';

/** GET health: 200 when the database answers, 503 otherwise. */
export const HealthResponse = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['up', 'down']),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
