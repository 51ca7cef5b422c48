import type { AssistedState } from '@excelencia/domain';
import { Badge } from '@mantine/core';
import { NEUTRAL_GRAY, SUCCESS_GREEN } from '../../../ui/colors.ts';
import { useTranslate } from '../../../ui/use-translate.ts';

/** Filled dark shades, so the white text passes contrast. */
const COLORS: Record<AssistedState, string> = {
  invited: NEUTRAL_GRAY,
  registered: 'blue.9',
  sheets: 'indigo.9',
  draft: 'violet.9',
  submitted: 'brand.9',
  result: SUCCESS_GREEN,
};

export function AssistedStateBadge({ state }: { state: AssistedState }) {
  const t = useTranslate();
  return (
    <Badge color={COLORS[state]} variant="filled" data-testid="assisted-state" data-state={state}>
      {t(`partners:states.${state}`)}
    </Badge>
  );
}
