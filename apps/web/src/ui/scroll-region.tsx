import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A horizontally scrollable region for a wide table on a phone: the page itself never scrolls sideways. It is
 * focusable and named, so a keyboard user can scroll it too (axe: scrollable-region-focusable). It is the
 * containing block of what is positioned inside it (a visually hidden column name is `position: absolute`):
 * otherwise such an element is laid out beyond the region's right edge, unclipped, and the whole page scrolls
 * sideways (the admin ESG list was 606 px wide at 390 px).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      style={{ overflowX: 'auto', maxWidth: '100%', position: 'relative' }}
    >
      {children}
    </Box>
  );
}
