import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/language-context.ts';
import type { AuthenticatedSession } from '../../../lib/signed-in-context.ts';
import { extendSession } from '../api.ts';
import { sessionKeys } from '../queries.ts';
import { logout } from '../session-actions.ts';
import { SESSION_WARNING_MS } from './session-ending-soon.tsx';

/** '1:05' for 65 seconds. */
function minutesAndSeconds(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Two minutes before the session ends, a dialog says so with a countdown and offers to stay signed in: the page
 * underneath is left as it is, so a half-filled form keeps what was typed. Staying gives the session a new full
 * lifetime (POST /auth/session/extend, after the identity provider refreshed it); when that fails the person is
 * told to keep a copy, and the session ends at its time as before. Closing the dialog (Escape) keeps the page and
 * lets the session run out; the focus returns to where it was. The signed-in layout loads it when it is nearly
 * due (session-ending-soon.tsx).
 */
export function SessionEndingWarning({
  session,
  now = Date.now,
}: {
  session: AuthenticatedSession;
  now?: () => number;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const expires = Date.parse(session.expires);
  const [left, setLeft] = useState(() => expires - now());
  const [dismissedFor, setDismissedFor] = useState<number | null>(null);
  const [state, setState] = useState<'idle' | 'extending' | 'failed'>('idle');

  useEffect(() => {
    setState('idle');
    const tick = () => setLeft(expires - now());
    tick();
    // Once a second in the last two minutes; until then, one wake-up when they start.
    const untilWarning = expires - now() - SESSION_WARNING_MS;
    let interval: number | undefined;
    const start = window.setTimeout(
      () => {
        tick();
        interval = window.setInterval(tick, 1000);
      },
      Math.max(0, Math.min(untilWarning, 2 ** 31 - 1)),
    );
    return () => {
      window.clearTimeout(start);
      if (interval !== undefined) window.clearInterval(interval);
    };
  }, [expires, now]);

  const opened = left <= SESSION_WARNING_MS && left > 0 && dismissedFor !== expires;

  async function stay() {
    setState('extending');
    try {
      const next = await extendSession();
      queryClient.setQueryData(sessionKeys.current(), next);
      setState('idle');
    } catch {
      setState('failed');
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={() => setDismissedFor(expires)}
      title={t('shell:sessionEnding.title')}
      centered
      closeOnClickOutside={false}
      returnFocus
    >
      <Text role="timer" aria-live="off" mb="md">
        {t('shell:sessionEnding.body', { time: minutesAndSeconds(left) })}
      </Text>
      {state === 'failed' ? (
        <Alert color="red" role="alert" mb="md">
          {t('shell:sessionEnding.failed')}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void logout(queryClient, language)}>
          {t('shell:sessionEnding.signOut')}
        </Button>
        {state === 'failed' ? null : (
          <Button data-autofocus loading={state === 'extending'} onClick={() => void stay()}>
            {t('shell:sessionEnding.stay')}
          </Button>
        )}
      </Group>
    </Modal>
  );
}
