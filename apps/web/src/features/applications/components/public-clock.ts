import { useEffect, useState } from 'react';
import { useRenderTime } from '../../../lib/render-time.ts';

/**
 * The current time, renewed every `intervalMs` (the countdown ticks each second, the pages each minute). A
 * server-rendered page starts from the server's clock, so its first render matches the HTML.
 */
export function useNow(intervalMs: number): Date {
  const renderedAt = useRenderTime();
  const [now, setNow] = useState(() => renderedAt ?? new Date());
  useEffect(() => {
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
