/**
 * A per-address limit counted in the database, so it holds across instances and restarts: the row of the
 * address keeps how many requests it made since its window started. The newsletter's subscriptions and the
 * registration mails count with it.
 */
interface RequestWindow {
  requestCount: number;
  requestWindowStartedAt: Date;
}

export interface WindowLimit {
  /** Requests allowed in one window. */
  max: number;
  minutes: number;
}

/**
 * The window after one more request at `at`: a new one when the previous window is over, else the same one
 * counting one more. Null when the window already holds `limit.max` requests (the request is over the limit).
 */
export function countRequest(existing: RequestWindow, at: Date, limit: WindowLimit): RequestWindow | null {
  const windowOver = at.getTime() - existing.requestWindowStartedAt.getTime() >= limit.minutes * 60_000;
  if (windowOver) return { requestCount: 1, requestWindowStartedAt: at };
  if (existing.requestCount >= limit.max) return null;
  return {
    requestCount: existing.requestCount + 1,
    requestWindowStartedAt: existing.requestWindowStartedAt,
  };
}
