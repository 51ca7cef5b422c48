import { lazy, Suspense, useEffect, useState } from 'react';
import type { AuthenticatedSession } from '../../../lib/signed-in-context.ts';

/** How long before the session ends the person is warned. */
export const SESSION_WARNING_MS = 2 * 60_000;

/** The warning's code is asked for this long before it may show, so that it is there in time. */
const LOAD_AHEAD_MS = 30_000;

const SessionEndingWarning = lazy(() =>
  import('./session-ending-warning.tsx').then((module) => ({ default: module.SessionEndingWarning })),
);

/**
 * The warning before the session ends (session-ending-warning.tsx), in a chunk of its own: the signed-in layout
 * keeps one timer, and the dialog's code loads half a minute before it may show, not with every page. Once
 * loaded it stays (closed until its time), so that its dialog opens and closes as one and returns the focus.
 */
export function SessionEndingSoon({
  session,
  now = Date.now,
}: {
  session: AuthenticatedSession;
  now?: () => number;
}) {
  const expires = Date.parse(session.expires);
  const [due, setDue] = useState(() => expires - now() <= SESSION_WARNING_MS + LOAD_AHEAD_MS);

  useEffect(() => {
    if (due) return;
    const wait = expires - now() - SESSION_WARNING_MS - LOAD_AHEAD_MS;
    const timer = window.setTimeout(() => setDue(true), Math.max(0, Math.min(wait, 2 ** 31 - 1)));
    return () => window.clearTimeout(timer);
  }, [due, expires, now]);

  if (!due) return null;
  return (
    <Suspense fallback={null}>
      <SessionEndingWarning session={session} now={now} />
    </Suspense>
  );
}
