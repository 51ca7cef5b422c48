/**
 * A button whose label is long in some language ("Demander la fermeture du compte") wraps on a phone instead of
 * being cut: spread on the Button.
 */
export const WRAPPING_LABEL = {
  h: 'auto',
  mih: 36,
  py: 6,
  styles: { label: { whiteSpace: 'normal', textAlign: 'start', lineHeight: 1.35 } },
} as const;
