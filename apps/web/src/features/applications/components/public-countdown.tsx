import { countdown, type Edition, isRegistrationOpen, nextMilestone } from '@excelencia/domain';
import { Anchor, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useSession } from '../../session/queries.ts';
import { useCurrentEditionQuery } from '../queries.ts';
import { dateText, dateTimeText } from './company-application-format.ts';
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
  const when = dateTimeText(next.at, language);
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
            {t('applications:editionName', { number: edition.number, year: edition.year })} ·{' '}
            {t('applicationsWeb:countdown.on', { date: when })}
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

function RegistrationBanner({ edition }: { edition: Edition }) {
  const t = useTranslate();
  const language = useLanguage();
  const localePath = useLocalePath();
  const session = useSession();
  return (
    <Paper
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      bg="brand.7"
      c="white"
      data-testid="home-registration-banner"
    >
      <Group justify="space-between" gap="sm">
        <Text fw={600} size="lg" style={{ flex: '1 1 16rem' }}>
          {t('applicationsWeb:banner.text', {
            edition: t('applications:editionName', { number: edition.number, year: edition.year }),
            date: dateText(edition.registrationClosesAt, language),
          })}
        </Text>
        {session.status === 'unauthenticated' ? (
          <Button
            component={Link}
            to={localePath('/register')}
            variant="white"
            leftSection={<IconUserPlus size={18} aria-hidden="true" />}
            data-testid="home-banner-register"
          >
            {t('applicationsWeb:banner.register')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

function ResultsLink() {
  const t = useTranslate();
  const localePath = useLocalePath();
  return (
    <Anchor component={Link} to={localePath('/public/distinguidas')} fw={600} data-testid="home-results-link">
      {t('applicationsWeb:distinguished.link')}
    </Anchor>
  );
}

/** The home page's edition block: the registration banner while it is open, and the countdown. Nothing without an edition. */
export function EditionCountdown() {
  const edition = useCurrentEditionQuery();
  const now = useNow(1000);
  if (!edition.data) return null;
  return (
    <Stack gap="md">
      {isRegistrationOpen(edition.data, now) ? <RegistrationBanner edition={edition.data} /> : null}
      <Countdown edition={edition.data} now={now} />
      {edition.data.resultsPublishedAt !== null ? <ResultsLink /> : null}
    </Stack>
  );
}
