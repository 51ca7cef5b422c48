import { Box } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import classes from './scroll-region.module.css';

/** The sides of a sideways-scrolling box that hide some of its content. */
interface HiddenSides {
  start: boolean;
  end: boolean;
}

const NONE: HiddenSides = { start: false, end: false };

/** Which sides hide content, from the box's scroll position and sizes (a pixel of slack for fractional widths). */
function hiddenSides(box: Pick<Element, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>): HiddenSides {
  const hidden = box.scrollWidth - box.clientWidth;
  if (hidden <= 1) return NONE;
  const scrolled = Math.abs(box.scrollLeft);
  return { start: scrolled > 1, end: scrolled < hidden - 1 };
}

/**
 * A horizontally scrollable region for a wide table on a phone: the page itself never scrolls sideways. It is
 * focusable and named, so a keyboard user can scroll it too (axe: scrollable-region-focusable). It is the
 * containing block of what is positioned inside it (a visually hidden column name is `position: absolute`):
 * otherwise such an element is laid out beyond the region's right edge, unclipped, and the whole page scrolls
 * sideways (the admin ESG list was 606 px wide at 390 px). When the content is wider than the region, the side
 * that has more to show carries a shadow, so the columns cut off at a phone's width (a status, the actions) are
 * seen to be there.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [sides, setSides] = useState<HiddenSides>(NONE);
  const measure = useCallback(() => {
    const region = ref.current;
    if (!region) return;
    const next = hiddenSides(region);
    setSides((previous) => (previous.start === next.start && previous.end === next.end ? previous : next));
  }, []);

  useEffect(() => {
    const region = ref.current;
    if (!region) return;
    region.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(region);
    for (const child of region.children) observer?.observe(child);
    return () => {
      region.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [measure]);

  // New rows or columns change the content's width without resizing the region: measure after each render, in
  // the next frame (reading the sizes lays the page out: not inside the task that rendered it, docs/adr/0038).
  useEffect(() => {
    const frame = requestAnimationFrame(measure);
    return () => cancelAnimationFrame(frame);
  });

  return (
    <div className={classes.frame} data-testid="scroll-frame">
      <Box
        ref={ref}
        role="region"
        aria-label={label}
        tabIndex={0}
        className={classes.region}
        style={{ overflowX: 'auto', maxWidth: '100%', position: 'relative' }}
      >
        {children}
      </Box>
      {sides.start ? (
        <span
          aria-hidden="true"
          className={`${classes.shadow} ${classes.start}`}
          data-testid="scroll-more-start"
        />
      ) : null}
      {sides.end ? (
        <span
          aria-hidden="true"
          className={`${classes.shadow} ${classes.end}`}
          data-testid="scroll-more-end"
        />
      ) : null}
    </div>
  );
}
