import { countdown, type Edition, formatDisplayDate, nextMilestone } from '@excelencia/domain';
import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { island } from '../../../lib/island.tsx';
import { useLanguage } from '../../../lib/language-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { editionLabel } from '../edition-label.ts';
import { useNow } from './public-clock.ts';

const UNITS = [
  ['days', 'day', 'days'],
  ['hours', 'hour', 'hours'],
  ['minutes', 'minute', 'minutes'],
  ['seconds', 'second', 'seconds'],
] as const;

/**
 * Days, hours, minutes and seconds to the next milestone, ticking each second. The whole is one named timer;
 * screen readers are not told every tick (aria-live off), they read the current figures when they reach it.
 */
function Countdown({ edition, now }: { edition: Edition; now: Date }) {
  const t = useTranslate();
  const language = useLanguage();
  const next = nextMilestone(edition, now);
  // Results published ahead of their date: nothing left to count down to.
  if (!next || (next.milestone === 'resultsAt' && edition.resultsPublishedAt !== null)) return null;
  const left = countdown(next.at, now);
  const milestone = t(`applications:milestones.${next.milestone}`);
  const when = formatDisplayDate(next.at, language, { time: true });
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="home-countdown-title"
      data-testid="home-countdown"
      data-milestone={next.milestone}
    >
      <Stack gap="sm">
        <div>
          <Text fw={700} size="lg" id="home-countdown-title">
            {milestone}
          </Text>
          <Text size="sm" c="gray.7">
            {editionLabel(edition, t)} · {t('applicationsWeb:countdown.on', { date: when })}
          </Text>
        </div>
        <Group
          role="timer"
          aria-live="off"
          aria-label={t('applicationsWeb:countdown.label', { milestone, date: when })}
          gap="sm"
          wrap="nowrap"
          grow
        >
          {UNITS.map(([key, one, many]) => {
            const value = left[key];
            return (
              <Box
                key={key}
                ta="center"
                py="xs"
                style={{
                  borderRadius: 'var(--mantine-radius-md)',
                  background: 'var(--mantine-color-brand-0)',
                  minWidth: 0,
                }}
                data-testid={`home-countdown-${key}`}
              >
                <Text
                  fw={700}
                  fz={{ base: 26, sm: 36 }}
                  lh={1.1}
                  c="brand.8"
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {key === 'days' ? value : String(value).padStart(2, '0')}
                </Text>
                <Text size="xs" c="gray.8" tt="uppercase">
                  {t(`applicationsWeb:countdown.${value === 1 ? one : many}`)}
                </Text>
              </Box>
            );
          })}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The countdown ticking each second from the page's clock: an island on a page rendered for a visitor. */
export function TickingCountdown({ edition }: { edition: Edition }) {
  const now = useNow(1000);
  return <Countdown edition={edition} now={now} />;
}

export const CountdownIsland = island('countdown', TickingCountdown);
