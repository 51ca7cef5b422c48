import { indicatorValueText, targetText } from '../diagnosis/display.ts';
import type { Language } from '../languages.ts';
import { localized } from '../schemas/reference.ts';
import type { ApplicationIndicator } from './schemas.ts';

/** A failed criterion as the company reads it: its name, its value, the threshold and the recommendation. */
export interface FailedCriterionText {
  code: string;
  name: string;
  /** The company's value as the site writes it ('-20 000', '0.3'); '—' when it could not be computed. */
  value: string;
  /** The threshold with its comparison ('> 0', '≥ 0.375'). */
  threshold: string;
  /** The criterion's recommendation in the language ('' when it has none). */
  recommendation: string;
}

/**
 * The criteria an application failed (passed false, in their fixed order), written in `language` with the
 * domain's display rule for numbers (docs/adr/0023): the refusal mail and the company's application page both
 * read this, so the two never disagree.
 */
export function failedCriteriaTexts(
  indicators: readonly ApplicationIndicator[],
  language: Language,
): FailedCriterionText[] {
  return indicators
    .filter((row) => row.passed === false)
    .map((row) => ({
      code: row.criterionRatioDetails.code,
      name: localized(row.criterionRatioDetails.ratioDescription, language),
      value: indicatorValueText(row.value, row.target) || '—',
      threshold: targetText(row.target),
      recommendation: localized(row.criterionRatioDetails.recommendation, language),
    }));
}
