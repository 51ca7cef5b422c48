import { type Edition, editionPhase } from '@excelencia/domain';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Drawer,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useLanguage } from '../../../app/language-context.ts';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { regulationPath } from '../api.ts';
import { useEditionsQuery } from '../queries.ts';
import { EditionPhaseBadge } from './admin-badges.tsx';
import { EditionForm } from './admin-edition-form.tsx';
import { editionLabel, shortDate, shortDateTime } from './results-format.ts';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The drawer's subject: a new edition, or the one with this id. */
type Editing = { kind: 'new' } | { kind: 'edit'; id: string; fallback: Edition };

/**
 * /admin/diagnosis-config (application launch): every edition with its windows, phase, publication and
 * regulation, newest first; a drawer creates or edits one and uploads its regulation.
 */
export function EditionsPanel() {
  const t = useTranslate();
  const language = useLanguage();
  const editions = useEditionsQuery();
  const [editing, setEditing] = useState<Editing | null>(null);
  const isPhone = useMediaQuery('(max-width: 48em)');
  const now = new Date();
  const range = (from: string, to: string) =>
    t('applicationsAdmin:windowRange', {
      from: shortDateTime(from, language),
      to: shortDateTime(to, language),
    });

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
    const label = t('applicationsAdmin:editionsTitle');
    body = (
      <ScrollRegion label={label}>
        <Table
          miw={1100}
          striped
          highlightOnHover
          verticalSpacing="xs"
          aria-label={label}
          data-testid="editions"
        >
          <Table.Thead>
            <Table.Tr>
              {(
                [
                  'edition',
                  'indicatorYear',
                  'registration',
                  'application',
                  'evaluation',
                  'results',
                  'phase',
                  'published',
                  'regulation',
                ] as const
              ).map((column) => (
                <Table.Th key={column} style={NOWRAP}>
                  {t(`applicationsAdmin:editions.columns.${column}`)}
                </Table.Th>
              ))}
              <Table.Th style={{ textAlign: 'end' }}>{t('reference:table.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {editions.data.map((edition) => {
              const name = editionLabel(edition, t);
              return (
                <Table.Tr key={edition.id} data-testid="edition-row" data-number={edition.number}>
                  <Table.Th scope="row" style={NOWRAP}>
                    {name}
                  </Table.Th>
                  <Table.Td>{edition.indicatorYear}</Table.Td>
                  <Table.Td style={NOWRAP}>
                    {range(edition.registrationOpensAt, edition.registrationClosesAt)}
                  </Table.Td>
                  <Table.Td style={NOWRAP}>
                    {range(edition.applicationOpensAt, edition.applicationClosesAt)}
                  </Table.Td>
                  <Table.Td style={NOWRAP}>
                    {range(edition.evaluationStartsAt, edition.evaluationEndsAt)}
                  </Table.Td>
                  <Table.Td style={NOWRAP}>{shortDateTime(edition.resultsAt, language)}</Table.Td>
                  <Table.Td>
                    <EditionPhaseBadge phase={editionPhase(edition, now)} />
                  </Table.Td>
                  <Table.Td style={NOWRAP}>
                    {edition.resultsPublishedAt ? (
                      shortDate(edition.resultsPublishedAt, language)
                    ) : (
                      <Text span size="sm" c="gray.7">
                        {t('applicationsAdmin:editions.notPublished')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={NOWRAP}>
                    {edition.regulationFileName ? (
                      <Anchor
                        href={regulationPath(edition.id)}
                        target="_blank"
                        rel="noopener"
                        size="sm"
                        aria-label={t('applicationsAdmin:editions.openRegulationAria', { edition: name })}
                        data-testid="edition-regulation"
                      >
                        <Group gap={4} wrap="nowrap" component="span">
                          {t('applicationsAdmin:editions.openRegulation')}
                          <IconExternalLink size={14} aria-hidden="true" />
                        </Group>
                      </Anchor>
                    ) : (
                      <Text span size="sm" c="gray.7">
                        {t('applicationsAdmin:editions.noRegulation')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'end' }}>
                    <Tooltip label={t('applicationsAdmin:editions.edit')}>
                      <ActionIcon
                        variant="subtle"
                        onClick={() => setEditing({ kind: 'edit', id: edition.id, fallback: edition })}
                        aria-label={t('applicationsAdmin:editions.editAria', { edition: name })}
                        data-testid="edition-edit"
                      >
                        <IconPencil size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    );
  }

  const close = () => setEditing(null);
  return (
    <Stack gap="md">
      {editions.data && editions.data.length > 0 ? (
        <Group justify="space-between" gap="sm">
          <Text c="gray.7" size="sm" data-testid="editions-count">
            {t('applicationsAdmin:editions.count', { count: editions.data.length })}
          </Text>
          {newButton}
        </Group>
      ) : null}
      {body}
      <Drawer.Root opened={editing !== null} onClose={close} position="right" size={isPhone ? '100%' : 'lg'}>
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
              <EditionForm
                key={editing.kind === 'edit' ? editing.id : 'new'}
                edition={editingEdition}
                onSaved={(saved, created) =>
                  created ? setEditing({ kind: 'edit', id: saved.id, fallback: saved }) : close()
                }
                onClose={close}
              />
            ) : null}
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </Stack>
  );
}
