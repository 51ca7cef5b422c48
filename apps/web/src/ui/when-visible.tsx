import { Box } from '@mantine/core';
import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';

/**
 * Its children once its box comes near the viewport (within `margin`), kept from then on; until then an empty
 * box of the given height, so that nothing moves when they arrive. A screen of many charts draws the ones in view
 * first and the others as they are scrolled to, instead of all of them before it answers.
 * Without IntersectionObserver the children show once it has mounted: a page the server rendered has the empty box
 * too, so that it hydrates as it was drawn (docs/adr/0037).
 */
export function WhenVisible({
  height,
  margin = '200px',
  children,
}: {
  height: number;
  margin?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (visible || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          // A transition: a chart's first render is done in slices, the phone answering in between.
          startTransition(() => setVisible(true));
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, margin]);
  return (
    <Box ref={box} mih={height} data-visible={visible ? 'true' : 'false'}>
      {visible ? children : null}
    </Box>
  );
}
