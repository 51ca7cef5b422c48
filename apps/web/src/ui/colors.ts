import { luminance, toRgba } from '@mantine/core';

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

/** `color` laid at `alpha` (else its own) over an opaque `base`, as the eye sees it (rgb()). */
export function laidOver(color: string, base: string, alpha?: number): string {
  const { r, g, b, a } = toRgba(color);
  const under = toRgba(base);
  alpha ??= a;
  const mix = (channel: number, below: number) => Math.round(below * (1 - alpha) + channel * alpha);
  return `rgb(${mix(r, under.r)}, ${mix(g, under.g)}, ${mix(b, under.b)})`;
}

/** `color` laid at `alpha` (else its own) over a white page. */
export function overWhite(color: string, alpha?: number): string {
  return laidOver(color, '#ffffff', alpha);
}

/** The darkest surface a tinted badge or alert sits on: a striped or hovered table row (Mantine gray.1). */
export const ROW_GRAY = '#f1f3f5';

/** WCAG contrast ratio of two opaque colours (1 to 21); axe asks 4.5 for normal text. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
