/** A green dark enough for small text on white and for white text on it (about 6.6:1); green.9 stays under 4.5:1. */
export const SUCCESS_GREEN = '#1e6b30';

/**
 * Notice colours as plain hex: Mantine's light variant tints a hex colour (10 %) and writes the title in it,
 * while a theme shade ('orange.9') would fill the box solid. Each reaches at least 4.5:1 as text on white, on
 * its own tint, and under white text (axe).
 */
export const WARNING_ORANGE = '#8a3b00';
export const NEUTRAL_GRAY = '#495057';
/** A subtle button's text: Mantine draws a shade above 6 as shade 6 there, which is too light on white. */
export const DANGER_RED = '#c92a2a';
