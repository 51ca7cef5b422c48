import type { EditionInput } from '@excelencia/domain';

const DAY = 24 * 60 * 60 * 1000;

/**
 * An edition whose application window is open now (opened yesterday, closes in 10 days; registration closed two days
 * ago), numbered `number` (the 2nd edition is 2025's, evaluating 2024), every date moved by `offsetDays`.
 */
export function openEditionInput(number = 2, offsetDays = 0): EditionInput {
  const at = (days: number) => new Date(Date.now() + (offsetDays + days) * DAY).toISOString();
  return {
    number,
    year: 2025 + number - 2,
    indicatorYear: 2024 + number - 2,
    registrationOpensAt: at(-30),
    registrationClosesAt: at(-2),
    applicationOpensAt: at(-1),
    applicationClosesAt: at(10),
    evaluationStartsAt: at(11),
    evaluationEndsAt: at(20),
    resultsAt: at(25),
  };
}
