import { type Edition, isRegistrationOpen } from '@excelencia/domain';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAward, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useSession } from '../../session/queries.ts';
import { editionLabel } from '../edition-label.ts';
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
            edition: editionLabel(edition, t),
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

/** The edition's results are out: when, and the way to the distinguished companies. */
function ResultsPublished({ edition, publishedAt }: { edition: Edition; publishedAt: string }) {
  const t = useTranslate();
  const language = useLanguage();
  const localePath = useLocalePath();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="home-results-published">
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 16rem' }}>
          <IconAward size={28} aria-hidden="true" style={{ flexShrink: 0 }} />
          <Text fw={600} size="lg">
            {t('applicationsWeb:published.text', {
              edition: editionLabel(edition, t),
              date: dateText(publishedAt, language),
            })}
          </Text>
        </Group>
        <Anchor
          component={Link}
          to={localePath('/public/distinguidas')}
          fw={600}
          data-testid="home-results-link"
        >
          {t('applicationsWeb:distinguished.link')}
        </Anchor>
      </Group>
    </Paper>
  );
}

/**
 * The home page's edition block: the registration banner while it is open and the countdown; once the results are
 * published (even before their date), only that, with the link to the distinguished companies. Nothing without an
 * edition.
 */
export function EditionCountdown() {
  const edition = useCurrentEditionQuery();
  const now = useNow(60_000);
  if (!edition.data) return null;
  const publishedAt = edition.data.resultsPublishedAt;
  if (publishedAt !== null) return <ResultsPublished edition={edition.data} publishedAt={publishedAt} />;
  return (
    <Stack gap="md">
      {isRegistrationOpen(edition.data, now) ? <RegistrationBanner edition={edition.data} /> : null}
      <CountdownIsland edition={edition.data} />
    </Stack>
  );
}
