import { type Edition, isRegistrationOpen } from '@excelencia/domain';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useSession } from '../../session/queries.ts';
import { useCurrentEditionQuery } from '../queries.ts';
import { dateText } from './company-application-format.ts';
import { CountdownIsland } from './edition-countdown-timer.tsx';
import { useNow } from './public-clock.ts';

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
  const now = useNow(60_000);
  if (!edition.data) return null;
  return (
    <Stack gap="md">
      {isRegistrationOpen(edition.data, now) ? <RegistrationBanner edition={edition.data} /> : null}
      <CountdownIsland edition={edition.data} />
      {edition.data.resultsPublishedAt !== null ? <ResultsLink /> : null}
    </Stack>
  );
}
