import type { SealStatus } from '@excelencia/domain';
import { Badge } from '@mantine/core';
import { SUCCESS_GREEN, WARNING_ORANGE } from '../../../ui/colors.ts';
import { useTranslate } from '../../../ui/use-translate.ts';

/** Filled colours dark enough for white text (axe): green valid, gray expired, orange suspended, red withdrawn. */
export const SEAL_STATUS_COLORS: Record<SealStatus, string> = {
  valid: SUCCESS_GREEN,
  expired: 'gray.7',
  suspended: WARNING_ORANGE,
  withdrawn: 'red.9',
};

/** The status colour as a CSS value (a border, a rule), from the same table as the badge. */
export function sealStatusCss(status: SealStatus): string {
  const color = SEAL_STATUS_COLORS[status];
  return color.startsWith('#') ? color : `var(--mantine-color-${color.replace('.', '-')})`;
}

export function SealStatusBadge({ status }: { status: SealStatus }) {
  const t = useTranslate();
  return (
    <Badge color={SEAL_STATUS_COLORS[status]} variant="filled" data-testid="seal-status" data-status={status}>
      {t(`applications:sealStatuses.${status}`)}
    </Badge>
  );
}
