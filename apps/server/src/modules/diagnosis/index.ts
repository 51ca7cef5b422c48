/** What other areas (and the seed) use of the diagnosis area: the indicator values kept per sheet. */
export { refreshSheetIndicators } from './indicators.ts';
