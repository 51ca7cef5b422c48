import { applicationsCloseAt, type Edition, isApplicationOpen } from '@excelencia/domain';
import { Anchor, Box, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconClipboardCheck, IconFileTypePdf } from '@tabler/icons-react';
import { useLanguage } from '../../../lib/language-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { Whole, WholeRange } from '../../../ui/whole-range.tsx';
import { regulationPath } from '../api.ts';
import { editionLabel } from '../edition-label.ts';
import { dateText } from './company-application-format.ts';

/** '2.ª edição (2026)' in the reader's language. */
export function useEditionName(): (edition: Pick<Edition, 'number' | 'year'>) => string {
  const t = useTranslate();
  return (edition) => editionLabel(edition, t);
}

/** Where the application window stands at `now`, in words. */
export function applicationWindowText(
  edition: Edition,
  now: Date,
  t: ReturnType<typeof useTranslate>,
  language: ReturnType<typeof useLanguage>,
): string {
  if (isApplicationOpen(edition, now)) {
    return t('applicationsWeb:edition.openUntil', { date: dateText(edition.applicationClosesAt, language) });
  }
  if (edition.resultsPublishedAt) {
    return t('applicationsWeb:edition.closedByResults', {
      date: dateText(edition.resultsPublishedAt, language),
    });
  }
  if (now.getTime() < Date.parse(edition.applicationOpensAt)) {
    return t('applicationsWeb:edition.opensOn', { date: dateText(edition.applicationOpensAt, language) });
  }
  return t('applicationsWeb:edition.closedOn', {
    date: dateText(String(applicationsCloseAt(edition)), language),
  });
}

function Window({ label, from, to }: { label: string; from: string; to?: string }) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <Box>
      <Text size="xs" c="gray.7" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">
        {to ? (
          <WholeRange
            format={(start, end) => t('applicationsWeb:edition.range', { from: start, to: end })}
            from={dateText(from, language)}
            to={dateText(to, language)}
          />
        ) : (
          <Whole>{dateText(from, language)}</Whole>
        )}
      </Text>
    </Box>
  );
}

/** The current edition: its windows, where applications stand, the regulation, and Apply when the company may. */
export function EditionPanel({
  edition,
  now,
  canApply,
  applying,
  onApply,
}: {
  edition: Edition;
  now: Date;
  canApply: boolean;
  applying: boolean;
  onApply: () => void;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const editionName = useEditionName();
  return (
    <Stack gap="sm" data-testid="app-edition">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={0}>
          <Text fw={700} size="lg">
            {editionName(edition)}
          </Text>
          <Text size="sm" c="gray.7">
            {t('applicationsWeb:edition.indicatorYear', { year: edition.indicatorYear })}
          </Text>
        </Stack>
        {edition.regulationFileName ? (
          <Anchor href={regulationPath(edition.id)} target="_blank" rel="noopener" size="sm">
            <IconFileTypePdf
              size={16}
              aria-hidden="true"
              style={{ verticalAlign: 'text-bottom', marginInlineEnd: 4 }}
            />
            {t('applicationsWeb:edition.regulation')}
          </Anchor>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
        <Window
          label={t('applicationsWeb:edition.registration')}
          from={edition.registrationOpensAt}
          to={edition.registrationClosesAt}
        />
        <Window
          label={t('applicationsWeb:edition.application')}
          from={edition.applicationOpensAt}
          to={edition.applicationClosesAt}
        />
        <Window
          label={t('applicationsWeb:edition.evaluation')}
          from={edition.evaluationStartsAt}
          to={edition.evaluationEndsAt}
        />
        <Window label={t('applicationsWeb:edition.results')} from={edition.resultsAt} />
      </SimpleGrid>
      <Text fw={600} data-testid="app-window">
        {applicationWindowText(edition, now, t, language)}
      </Text>
      {canApply ? (
        <Group>
          <Button
            size="md"
            leftSection={<IconClipboardCheck size={18} aria-hidden="true" />}
            loading={applying}
            onClick={onApply}
            data-testid="app-apply"
          >
            {t('applicationsWeb:edition.apply')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
