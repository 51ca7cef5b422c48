import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  parseThemeColor,
  rem,
  rgba,
  type VariantColorsResolver,
} from '@mantine/core';
import { contrastRatio, DANGER_RED, laidOver, ROW_GRAY } from './colors.ts';

/** A dark Cabo Verde blue: white text on shade 7 reaches about 9:1, so axe's contrast check passes. */
const brand: MantineColorsTuple = [
  '#e8efff',
  '#cfdbfa',
  '#9db4f0',
  '#688be7',
  '#3e68df',
  '#2452db',
  '#1446da',
  '#0538c2',
  '#0032ad',
  '#002a99',
];

/**
 * The light variant of a theme shade ('red.9', as every error Alert uses) drawn like a hex colour: a 10 % tint of
 * the shade with the text in the shade. Mantine's own resolver fills the box with the shade itself and writes the
 * title in the colour's pale "light-color", dark red on red that nobody can read (and axe fails). The text
 * reaches 4.5:1 on the tint.
 */
const TINT = 0.1;

export const variantColorResolver: VariantColorsResolver = (input) => {
  if (input.variant === 'light') {
    const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
    if (!parsed.isThemeColor || parsed.shade !== undefined) {
      // A shade too light for text on its tint (green.9 reaches 4.4:1) is darkened until it reads at 4.5:1, on the
      // tint over the darkest surface it sits on (a striped table row), so over white too.
      const page = laidOver(parsed.value, ROW_GRAY, TINT);
      let text = parsed.value;
      for (let step = 0.05; contrastRatio(text, page) < 4.5 && step < 1; step += 0.05) {
        text = darken(parsed.value, step);
      }
      return {
        background: rgba(parsed.value, TINT),
        hover: rgba(parsed.value, 0.12),
        color: text,
        border: `${rem(1)} solid transparent`,
      };
    }
  }
  const colors = defaultVariantColorsResolver(input);
  if (input.variant === 'filled' && colors.color === 'var(--mantine-color-white)') {
    // White text on a filled shade ('green.9', an open form's badge) reads at 4.5:1: a shade that stays under it
    // (green.9 is 4.4:1) is darkened until it does; the hover goes darker still, never back to a lighter shade.
    const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
    if (!parsed.isThemeColor || parsed.shade !== undefined) {
      let background = parsed.value;
      for (let step = 0.05; contrastRatio('#ffffff', background) < 4.5 && step < 1; step += 0.05) {
        background = darken(parsed.value, step);
      }
      if (background !== parsed.value) return { ...colors, background, hover: darken(background, 0.1) };
    }
  }
  return colors;
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // Input descriptions in gray.7 like the rest of the secondary text: Mantine's dimmed fails axe's contrast.
    InputWrapper: { styles: { description: { color: 'var(--mantine-color-gray-7)' } } },
    // A badge is a short word (a status, a period tag): it keeps its whole width in a narrow table column
    // instead of being cut to 'PUBLICA…' or 'Y.' at a phone's width.
    Badge: { styles: { root: { minWidth: 'max-content' } } },
  },
});

/**
 * Field error texts and red borders in a red that reaches 4.5:1 on white: Mantine's default error colour (red.6)
 * fails axe's contrast check under every invalid field.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Mantine's defaults fail axe's contrast on white: placeholders in gray.5 (2.07:1) and chart ticks and labels in
  // the dimmed gray.6 (3.32:1). Both take gray.7 (8.6:1), the colour of the rest of the secondary text.
  light: {
    '--mantine-color-error': DANGER_RED,
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--chart-text-color': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});
