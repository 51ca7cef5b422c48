import {
  Decimal,
  type DisplayTarget,
  formatNumber,
  indicatorValueText,
  type WhatIfFigure,
  type WhatIfLever,
} from '@excelencia/domain';
import { Box, Button, Text } from '@mantine/core';
import { useTranslate } from '../../../ui/use-translate.ts';

type Translate = ReturnType<typeof useTranslate>;

/** A figure's change to try in the simulator (the lever's signed amount). */
export type WhatIfTrial = { figure: WhatIfFigure; amount: string };

/**
 * A lever in the user's words: 'a capital increase of 236 000 CVE' (the amount without its sign, which the
 * wording carries: 'higher', 'lower'), through the portal's number display.
 */
export function leverPhrase(lever: Pick<WhatIfLever, 'figure' | 'change'>, t: Translate): string {
  const amount = formatNumber(Decimal.fromString(lever.change).abs());
  return t(`diagnosisWeb:whatIf.lever.${lever.figure}`, { amount });
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Beside a failed criterion: what would make it pass, each lever in words with the value it gives, and a button
 * to try its amount in the simulator (when there is one). None: a line saying no single change does it.
 */
export function WhatIfLevers({
  levers,
  target,
  annualisedMonths,
  onTry,
}: {
  levers: readonly WhatIfLever[];
  target: DisplayTarget;
  /** The months of a sub-annual sheet (the levers are that period's amounts), else null. */
  annualisedMonths: number | null;
  onTry?: ((trial: WhatIfTrial) => void) | undefined;
}) {
  const t = useTranslate();
  return (
    <Box data-testid="wi-levers">
      <Text size="sm" fw={600}>
        {t('diagnosisWeb:whatIf.leversTitle')}
      </Text>
      {levers.length === 0 ? (
        <Text size="sm" c="gray.7" data-testid="wi-none">
          {t('diagnosisWeb:whatIf.none')}
        </Text>
      ) : (
        <Box component="ul" m={0} pl="md">
          {levers.map((lever) => {
            const phrase = leverPhrase(lever, t);
            return (
              <Text
                component="li"
                size="sm"
                key={lever.figure}
                data-testid="wi-lever"
                data-figure={lever.figure}
              >
                {sentence(phrase)}
                {t('common:colon')}{' '}
                {t('diagnosisWeb:whatIf.resulting', {
                  value: indicatorValueText(lever.resultingValue, target),
                })}
                {onTry ? (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    ml={4}
                    aria-label={t('diagnosisWeb:whatIf.tryLeverNamed', { lever: phrase })}
                    onClick={() => onTry({ figure: lever.figure, amount: lever.change })}
                    data-testid="wi-try"
                  >
                    {t('diagnosisWeb:whatIf.tryLever')}
                  </Button>
                ) : null}
              </Text>
            );
          })}
        </Box>
      )}
      {annualisedMonths !== null && levers.length > 0 ? (
        <Text size="xs" c="gray.7">
          {t('diagnosisWeb:whatIf.periodAmounts', { months: annualisedMonths })}
        </Text>
      ) : null}
    </Box>
  );
}
