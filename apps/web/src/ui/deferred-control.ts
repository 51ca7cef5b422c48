import { type KeyboardEvent, useState } from 'react';

/** The keys that open a menu or a select from the keyboard. */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A control drawn at first as a look-alike whose code (a menu, a select: their popovers and positioning) loads only
 * when someone reaches for it: pointing at it or focusing it fetches the code, and a click, Enter, Space or an
 * arrow key asks for the real control, which then takes the focus and opens (`openOnMount`).
 */
export function useDeferredControl(load: () => Promise<unknown>) {
  const [wanted, setWanted] = useState(false);
  const preload = () => {
    void load().catch(() => {
      // The real control's lazy() tries again and shows the route error if it still fails.
    });
  };
  return {
    wanted,
    triggers: {
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => setWanted(true),
      onKeyDown: (event: KeyboardEvent) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        setWanted(true);
      },
    },
  };
}
