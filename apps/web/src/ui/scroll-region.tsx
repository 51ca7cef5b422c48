import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A horizontally scrollable region for a wide table on a phone: the page itself never scrolls sideways. It is
 * focusable and named, so a keyboard user can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto', maxWidth: '100%' }}>
      {children}
    </Box>
  );
}
