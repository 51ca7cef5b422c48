import { createContext, useContext } from 'react';

/**
 * When the server rendered the page (an island starts from the same clock, so the countdown matches the HTML);
 * null on pages the browser renders alone.
 */
export const RenderTimeContext = createContext<Date | null>(null);

export function useRenderTime(): Date | null {
  return useContext(RenderTimeContext);
}
