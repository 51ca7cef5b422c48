import { type Edition, type EditionPhase, editionPhase } from '@excelencia/domain';
import {
  Alert,
  Box,
  Button,
  Drawer,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCopy, IconExternalLink, IconPencil, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { Whole, WholeRange } from '../../../ui/whole-range.tsx';
import { EditionAutomations } from '../../automations/index.ts';
import { regulationPath } from '../api.ts';
import { editionLabel } from '../edition-label.ts';
import { useCopyEditionMutation, useEditionsQuery } from '../queries.ts';
import { EditionPhaseBadge } from './admin-badges.tsx';
import { EditionForm } from './admin-edition-form.tsx';
import { shortDateTime } from './results-format.ts';

/** The drawer's subject: a new edition, or the one with this id. */
type Editing = { kind: 'new' } | { kind: 'edit'; id: string; fallback: Edition; created?: boolean };

/** The window of the phase an edition is in, so the eye finds "where are we" at once. */
const ACTIVE_WINDOW: Partial<Record<EditionPhase, string>> = {
  registration: 'registration',
  application: 'application',
  evaluation: 'evaluation',
  awaitingResults: 'results',
};

function Milestone({
  label,
  value,
  active,
  testId,
}: {
  label: string;
  value: ReactNode;
  active: boolean;
  testId: string;
}) {
  return (
    <Box
      pl="sm"
      style={{
        borderInlineStart: `3px solid var(--mantine-color-${active ? 'brand-7' : 'gray-3'})`,
      }}
      data-testid={testId}
      data-active={active}
    >
      <Text size="xs" c="gray.7" fw={active ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Box>
  );
}

/** One edition: name, phase, indicator year, its four windows, publication, regulation and Edit. */
function EditionCard({
  edition,
  now,
  onEdit,
  onCopy,
  copying,
}: {
  edition: Edition;
  now: Date;
  onEdit: () => void;
  onCopy: () => void;
  copying: boolean;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const name = editionLabel(edition, t);
  const phase = editionPhase(edition, now);
  // Each end kept whole: the four columns break between the two dates, never inside one.
  const range = (from: string, to: string) => (
    <WholeRange
      format={(start, end) => t('applicationsAdmin:windowRange', { from: start, to: end })}
      from={shortDateTime(from, language)}
      to={shortDateTime(to, language)}
    />
  );
  const windowLabel = (key: string) => t(`applicationsAdmin:editions.windows.${key}`);
  return (
    <Paper withBorder p="md" component="li" data-testid="edition-row" data-number={edition.number}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Group gap="sm" align="center">
              <Title order={2} size="h4">
                {name}
              </Title>
              <EditionPhaseBadge phase={phase} />
            </Group>
            <Text size="sm" c="gray.7">
              {t('applicationsAdmin:editions.indicators', { year: edition.indicatorYear })}
            </Text>
          </Stack>
          <Group gap="sm">
            {edition.regulationFileName ? (
              <Button
                component="a"
                href={regulationPath(edition.id)}
                target="_blank"
                rel="noopener"
                variant="default"
                leftSection={<IconExternalLink size={16} aria-hidden="true" />}
                aria-label={t('applicationsAdmin:editions.openRegulationAria', { edition: name })}
                data-testid="edition-regulation"
              >
                {t('applicationsAdmin:editions.regulation')}
              </Button>
            ) : (
              <Text size="sm" c="gray.7" data-testid="edition-no-regulation">
                {t('applicationsAdmin:editions.noRegulation')}
              </Text>
            )}
            <Button
              variant="light"
              leftSection={<IconPencil size={16} aria-hidden="true" />}
              onClick={onEdit}
              aria-label={t('applicationsAdmin:editions.editAria', { edition: name })}
              data-testid="edition-edit"
            >
              {t('applicationsAdmin:editions.edit')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconCopy size={16} aria-hidden="true" />}
              onClick={onCopy}
              loading={copying}
              aria-label={t('applicationsAdmin:editions.copyAria', { edition: name })}
              title={t('applicationsAdmin:editions.copyHint')}
              data-testid="edition-copy"
            >
              {t('applicationsAdmin:editions.copy')}
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="sm">
          <Milestone
            label={windowLabel('registration')}
            value={range(edition.registrationOpensAt, edition.registrationClosesAt)}
            active={ACTIVE_WINDOW[phase] === 'registration'}
            testId="edition-registration"
          />
          <Milestone
            label={windowLabel('application')}
            value={range(edition.applicationOpensAt, edition.applicationClosesAt)}
            active={ACTIVE_WINDOW[phase] === 'application'}
            testId="edition-application"
          />
          <Milestone
            label={windowLabel('evaluation')}
            value={range(edition.evaluationStartsAt, edition.evaluationEndsAt)}
            active={ACTIVE_WINDOW[phase] === 'evaluation'}
            testId="edition-evaluation"
          />
          <Milestone
            label={windowLabel('results')}
            value={<Whole>{shortDateTime(edition.resultsAt, language)}</Whole>}
            active={ACTIVE_WINDOW[phase] === 'results'}
            testId="edition-results"
          />
        </SimpleGrid>
        <Text size="sm" c={edition.resultsPublishedAt ? undefined : 'gray.7'} data-testid="edition-published">
          {edition.resultsPublishedAt
            ? t('applicationsAdmin:editions.publishedOn', {
                date: shortDateTime(edition.resultsPublishedAt, language),
              })
            : t('applicationsAdmin:editions.notPublished')}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * /admin/diagnosis-config (application launch): every edition with its windows, phase, publication and
 * regulation, newest first; a drawer creates or edits one, uploads its regulation and shows its automatic mail.
 */
export function EditionsPanel() {
  const t = useTranslate();
  const editions = useEditionsQuery();
  const [editing, setEditing] = useState<Editing | null>(null);
  const copy = useCopyEditionMutation();
  const now = new Date();

  const editingEdition =
    editing?.kind === 'edit'
      ? (editions.data?.find((edition) => edition.id === editing.id) ?? editing.fallback)
      : null;
  const newButton = (
    <Button
      leftSection={<IconPlus size={16} aria-hidden="true" />}
      onClick={() => setEditing({ kind: 'new' })}
      disabled={!editions.data}
      data-testid="edition-new"
    >
      {t('applicationsAdmin:editions.new')}
    </Button>
  );

  let body: React.ReactNode;
  if (editions.isError && !editions.data) {
    body = (
      <Alert color="red.9" variant="light" role="alert" title={t('applicationsAdmin:loadFailed')}>
        <Button size="compact-sm" variant="light" color="red.9" onClick={() => void editions.refetch()}>
          {t('applicationsAdmin:retry')}
        </Button>
      </Alert>
    );
  } else if (!editions.data) {
    body = (
      <Stack gap="xs" data-testid="editions-loading">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={28} radius="sm" />
        ))}
      </Stack>
    );
  } else if (editions.data.length === 0) {
    body = (
      <Paper withBorder p="lg" data-testid="editions-empty">
        <Stack gap="sm" align="flex-start">
          <Text>{t('applicationsAdmin:editions.empty')}</Text>
          {newButton}
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="editions">
        {editions.data.map((edition) => (
          <EditionCard
            key={edition.id}
            edition={edition}
            now={now}
            onEdit={() => setEditing({ kind: 'edit', id: edition.id, fallback: edition })}
            copying={copy.isPending && copy.variables === edition.id}
            onCopy={() =>
              copy.mutate(edition.id, {
                // The copy opens at once, for the admin to check its dates and upload its regulation.
                onSuccess: (saved) =>
                  setEditing({ kind: 'edit', id: saved.id, fallback: saved, created: true }),
                onError: (error) => notifyApiError(error),
              })
            }
          />
        ))}
      </Stack>
    );
  }

  const close = () => setEditing(null);
  return (
    <Stack gap="md">
      {editions.data && editions.data.length > 0 ? (
        <Group justify="space-between" gap="sm">
          <Text c="gray.7" size="sm" data-testid="editions-count">
            {editions.data.length === 1
              ? t('applicationsAdmin:editions.countOne')
              : t('applicationsAdmin:editions.count', { count: editions.data.length })}
          </Text>
          {newButton}
        </Group>
      ) : null}
      {body}
      <Drawer.Root opened={editing !== null} onClose={close} position="right" size="lg">
        <Drawer.Overlay />
        <Drawer.Content>
          <Drawer.Header {...{ component: 'div' }}>
            <Drawer.Title fw={700}>
              {editingEdition
                ? t('applicationsAdmin:editions.editTitle', { edition: editionLabel(editingEdition, t) })
                : t('applicationsAdmin:editions.createTitle')}
            </Drawer.Title>
            <Drawer.CloseButton aria-label={t('common:close')} />
          </Drawer.Header>
          <Drawer.Body>
            {editing ? (
              <Stack gap="xl">
                <EditionForm
                  key={editing.kind === 'edit' ? editing.id : 'new'}
                  edition={editingEdition}
                  justCreated={editing.kind === 'edit' && editing.created === true}
                  onSaved={(saved, created) =>
                    created
                      ? setEditing({ kind: 'edit', id: saved.id, fallback: saved, created: true })
                      : close()
                  }
                  onClose={close}
                />
                {/* An edition's automatic mail once it exists: dates, audience, state, a switch per reminder. */}
                {editing.kind === 'edit' ? <EditionAutomations editionId={editing.id} /> : null}
              </Stack>
            ) : null}
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </Stack>
  );
}
