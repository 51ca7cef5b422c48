import {
  type BarometerPosition,
  DISCLOSURE_TEXT_PARAMS,
  type DisplayTarget,
  formatNumber,
  indicatorValueText,
} from '@excelencia/domain';
import { Box, Stack, Text } from '@mantine/core';
import type { Translate } from '../../../ui/form/zod-resolver.ts';

const QUARTILES = [1, 2, 3, 4] as const;

/**
 * Four equal boxes, one per quartile, the value's filled: where a value stands in its group at a glance. Its
 * meaning is in the text beside it, so the drawing is hidden from screen readers.
 */
function QuartileBoxes({ quartile, small = false }: { quartile: number | null; small?: boolean }) {
  return (
    <svg
      viewBox="0 0 164 14"
      width={small ? 84 : 164}
      height={small ? 10 : 14}
      preserveAspectRatio="none"
      aria-hidden="true"
      style={{ flex: 'none' }}
    >
      {QUARTILES.map((q, index) => (
        <rect
          key={q}
          x={index * 41 + 0.5}
          y={0.5}
          width={40}
          height={13}
          rx={2}
          fill={q === quartile ? 'var(--mantine-color-brand-7, #1c4f8c)' : 'var(--mantine-color-gray-1)'}
          stroke="var(--mantine-color-gray-5)"
        />
      ))}
    </svg>
  );
}

/**
 * A value's position in one group (its CAE section `section`, or all companies when null): the quartile it falls
 * in, named with its group as a sentence reads it ('3.º quartil da secção G', '1er quartile de toutes les
 * entreprises'), four boxes with that quartile filled, and the three cut points; a suppressed group says only that.
 * `compact` (the dashboard's one line per indicator): smaller boxes and no cut points; without `withGroup` the
 * group is left to the list's title ('3.º quartil').
 */
export function PositionBar({
  position,
  section,
  target,
  compact = false,
  withGroup = true,
  t,
}: {
  position: BarometerPosition;
  section: string | null;
  target: DisplayTarget | null;
  compact?: boolean;
  withGroup?: boolean;
  t: Translate;
}) {
  const groupName =
    section === null ? t('barometer:all') : t('barometerWeb:position.section', { code: section });
  if (position.suppressed) {
    return (
      <Text size="sm" c="gray.7" data-testid="position" data-suppressed={position.suppressed}>
        {withGroup ? `${groupName}${t('common:colon')} ` : null}
        {t(
          position.suppressed === 'fewCompanies'
            ? 'barometerWeb:position.suppressed'
            : 'barometerWeb:position.suppressedOther',
          DISCLOSURE_TEXT_PARAMS,
        )}
      </Text>
    );
  }
  const cuts = t('barometerWeb:position.cuts', {
    q1: indicatorValueText(position.q1, target),
    median: indicatorValueText(position.median, target),
    q3: indicatorValueText(position.q3, target),
  });
  return (
    <Stack gap={2} data-testid="position" data-quartile={position.quartile ?? 'none'}>
      <Box style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 8, rowGap: 2 }}>
        <QuartileBoxes quartile={position.quartile} small={compact} />
        <Text size="sm" fw={600}>
          {position.quartile === null
            ? withGroup
              ? `${groupName}${t('common:colon')} ${t('barometerWeb:position.notComputable')}`
              : t('barometerWeb:position.notComputable')
            : !withGroup
              ? t(`barometerWeb:position.quartiles.q${position.quartile}`)
              : t(
                  section === null
                    ? 'barometerWeb:position.quartileOfAll'
                    : 'barometerWeb:position.quartileOfSection',
                  {
                    quartile: t(`barometerWeb:position.quartiles.q${position.quartile}`),
                    code: section ?? '',
                  },
                )}
        </Text>
      </Box>
      {compact ? null : (
        <Text size="xs" c="gray.7">
          {cuts}
          {position.count === null
            ? ''
            : ` · ${t('barometerWeb:position.companies', {
                count: position.count,
                figure: formatNumber(position.count),
              })}`}
        </Text>
      )}
    </Stack>
  );
}
