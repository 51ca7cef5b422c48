import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import { DANGER_RED } from './colors.ts';

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

export const theme = createTheme({
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
  },
});

/**
 * Field error texts and red borders in a red that reaches 4.5:1 on white: Mantine's default error colour (red.6)
 * fails axe's contrast check under every invalid field.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': DANGER_RED },
  dark: {},
});
