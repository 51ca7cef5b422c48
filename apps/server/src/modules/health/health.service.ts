import type { HealthResponse } from '@excelencia/domain';

/** Reports whether the portal can serve: today that means the database answers. */
export async function checkHealth(ping: () => Promise<boolean>): Promise<HealthResponse> {
  const up = await ping().catch(() => false);
  return up ? { status: 'ok', database: 'up' } : { status: 'error', database: 'down' };
}
