/**
 * The thresholds of the barometer's disclosure control (docs/adr/0033-barometer-disclosure-control.md), apart
 * from the rule itself (disclosure.ts) so that the pages which only state them do not load the decimal arithmetic.
 */

/** A cell of fewer companies than this shows no figure. */
export const BAROMETER_MIN_COMPANIES = 5;

/** A cell where one company holds more than this percentage of the cell's turnover shows no figure. */
export const BAROMETER_DOMINANCE_PERCENT = 75;

/**
 * The thresholds as the texts that state the rule name them ({{min}} companies, {{share}} % of the turnover): the
 * parameters of barometer:suppressed.*, barometerWeb:rules, barometerWeb:position.suppressed and
 * barometerWeb:privacy.text, so those texts follow the rule.
 */
export const DISCLOSURE_TEXT_PARAMS = { min: BAROMETER_MIN_COMPANIES, share: BAROMETER_DOMINANCE_PERCENT };
