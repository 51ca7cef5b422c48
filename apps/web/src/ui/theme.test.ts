import { DEFAULT_THEME, mergeMantineTheme, toRgba } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, DANGER_RED, laidOver, overWhite, ROW_GRAY, WARNING_ORANGE } from './colors.ts';
import { theme, variantColorResolver } from './theme.ts';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const light = (color: string) => variantColorResolver({ color, theme: full, variant: 'light' });

describe('the light variant (every Alert by default)', () => {
  it('writes an error alert in red.9 on a 10 % red tint, not on solid red', () => {
    const colors = light('red.9');
    expect(colors.background).toBe('rgba(201, 42, 42, 0.1)');
    // red.9 (#c92a2a) itself, or darkened just enough to read on a striped row.
    expect(toRgba(colors.color).r).toBeLessThanOrEqual(201);
    expect(toRgba(colors.color).g).toBeLessThanOrEqual(42);
  });

  it.each([
    'red.9',
    'green.9',
    'green.8',
    'orange.9',
    'blue.9',
    'gray.7',
    'brand.7',
    DANGER_RED,
    WARNING_ORANGE,
  ])(
    '%s: the text reaches 4.5:1 on its own tint over the white page and over a striped table row',
    (color) => {
      const colors = light(color);
      expect(contrastRatio(colors.color, overWhite(colors.background))).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colors.color, laidOver(colors.background, ROW_GRAY))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('computes the WCAG ratio: black on white is 21, red.9 on white about 5.4', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#c92a2a', '#ffffff')).toBeCloseTo(5.45, 1);
  });
});

const filled = (color: string) => variantColorResolver({ color, theme: full, variant: 'filled' });

describe('the filled variant (every Badge by default)', () => {
  it.each(['green.9', 'green.8', 'red.9', 'gray.7', 'orange.9', 'blue.9', '#2b8a3e'])(
    '%s: white text reaches 4.5:1 on the fill and on its hover',
    (color) => {
      const colors = filled(color);
      const fill = colors.background.startsWith('var(')
        ? full.colors[color.split('.')[0] ?? '']?.[Number(color.split('.')[1])]
        : colors.background;
      expect(contrastRatio('#ffffff', fill ?? '')).toBeGreaterThanOrEqual(4.5);
      if (!colors.hover.startsWith('var('))
        expect(contrastRatio('#ffffff', colors.hover)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps a shade that already reads (red.9) as Mantine draws it', () => {
    expect(filled('red.9').background).toBe('var(--mantine-color-red-9)');
  });
});
