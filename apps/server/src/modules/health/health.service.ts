import type { HealthResponse, ReadinessResponse } from '@excelencia/domain';

/** Reports whether the portal can serve: today that means the database answers. */
export async function checkHealth(ping: () => Promise<boolean>): Promise<HealthResponse> {
  const up = await ping().catch(() => false);
  return up ? { status: 'ok', database: 'up' } : { status: 'error', database: 'down' };
}

/**
 * Whether this instance should receive traffic: the database answers and the process is not shutting down. The
 * migrations run before the server listens, so while they run the port refuses connections, which a load balancer
 * reads as not ready too.
 */
export async function checkReadiness(
  ping: () => Promise<boolean>,
  isStopping: () => boolean,
): Promise<ReadinessResponse> {
  const stopping = isStopping();
  const up = await ping().catch(() => false);
  return { status: up && !stopping ? 'ready' : 'not_ready', database: up ? 'up' : 'down', stopping };
}

/**
 * The ping with concurrent callers sharing the one in flight: every caller still gets the answer of a ping that
 * ends after it asked, but a load balancer's (or a load test's) burst of health checks costs one query, not one
 * each.
 */
export function sharedPing(ping: () => Promise<boolean>): () => Promise<boolean> {
  let inFlight: Promise<boolean> | undefined;
  return () => {
    if (!inFlight) {
      inFlight = ping()
        .catch(() => false)
        .finally(() => {
          inFlight = undefined;
        });
    }
    return inFlight;
  };
}
