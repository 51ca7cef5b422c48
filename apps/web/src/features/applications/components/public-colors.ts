/**
 * Notice colours of the applications screens as plain hex: Mantine's light variant tints a hex colour (10 %) and
 * writes the title in it, while a theme shade ('orange.9') would fill the box solid. Both reach at least 4.5:1
 * on their tint (axe).
 */
export const WARNING_ORANGE = '#8a3b00';
export const NEUTRAL_GRAY = '#495057';
/** A subtle button's text: Mantine draws a shade above 6 as shade 6 there, which is too light on white. */
export const DANGER_RED = '#c92a2a';
