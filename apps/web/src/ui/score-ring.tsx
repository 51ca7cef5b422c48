import { Box, Center, getThemeColor, type MantineColor, useMantineTheme } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A share (0–100) as a ring with a label in its middle, drawn in SVG: what Mantine's RingProgress draws, without
 * its tooltip code (every section of a RingProgress mounts a floating tooltip, which positions itself once
 * mounted and draws the page again in the same task: a long task on a phone, docs/adr/0038). Decorative: the
 * figure it shows is in the text beside it.
 */
export function ScoreRing({
  size,
  thickness,
  value,
  color,
  label,
}: {
  size: number;
  thickness: number;
  value: number;
  /** A theme colour, 'green.8'. */
  color: MantineColor;
  label: ReactNode;
}) {
  const radius = (size - thickness) / 2;
  const circumference = 2 * Math.PI * radius;
  const share = Math.min(100, Math.max(0, value)) / 100;
  const theme = useMantineTheme();
  return (
    <Box
      pos="relative"
      w={size}
      h={size}
      style={{ flexShrink: 0 }}
      aria-hidden="true"
      data-testid="score-ring"
    >
      <svg
        aria-hidden="true"
        width={size}
        height={size}
        viewBox={`0 0 ${size} ${size}`}
        style={{ transform: 'rotate(-90deg)' }}
      >
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke={getThemeColor('gray.2', theme)}
          strokeWidth={thickness}
        />
        {share > 0 ? (
          <circle
            cx={size / 2}
            cy={size / 2}
            r={radius}
            fill="none"
            stroke={getThemeColor(color, theme)}
            strokeWidth={thickness}
            strokeLinecap="round"
            strokeDasharray={`${share * circumference} ${circumference}`}
          />
        ) : null}
      </svg>
      <Center pos="absolute" inset={0}>
        {label}
      </Center>
    </Box>
  );
}
