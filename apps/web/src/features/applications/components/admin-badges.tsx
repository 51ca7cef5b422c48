import { type ApplicationStatus, type EditionPhase, yesNoKey } from '@excelencia/domain';
import { Badge } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { SUCCESS_GREEN, WARNING_ORANGE } from '../../../ui/colors.ts';
import { useTranslate } from '../../../ui/use-translate.ts';

/** Filled colours dark enough for white text (axe). */
const STATUS_COLORS: Record<ApplicationStatus, string> = {
  draft: 'gray.7',
  pending: 'brand.8',
  evaluated: SUCCESS_GREEN,
  unqualified: 'red.9',
  closed: 'dark.7',
};

const PHASE_COLORS: Record<EditionPhase, string> = {
  upcoming: 'gray.7',
  registration: 'cyan.9',
  application: 'brand.8',
  evaluation: WARNING_ORANGE,
  awaitingResults: 'grape.9',
  published: SUCCESS_GREEN,
};

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const t = useTranslate();
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="filled"
      miw="max-content"
      data-testid="application-status"
      data-status={status}
    >
      {t(`applications:statuses.${status}`)}
    </Badge>
  );
}

export function EditionPhaseBadge({ phase }: { phase: EditionPhase }) {
  const t = useTranslate();
  return (
    <Badge
      color={PHASE_COLORS[phase]}
      variant="filled"
      miw="max-content"
      data-testid="edition-phase"
      data-phase={phase}
    >
      {t(`applicationsAdmin:phases.${phase}`)}
    </Badge>
  );
}

/** Yes or no in a table cell: an icon for the eye, the word for everyone (and screen readers). */
export function YesNo({ value, testId }: { value: boolean; testId?: string }) {
  const t = useTranslate();
  const Icon = value ? IconCheck : IconX;
  return (
    <span
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 4,
        color: value ? SUCCESS_GREEN : 'var(--mantine-color-red-9)',
        whiteSpace: 'nowrap',
      }}
      data-testid={testId}
      data-value={value}
    >
      <Icon size={16} aria-hidden="true" />
      {t(yesNoKey(value))}
    </span>
  );
}
