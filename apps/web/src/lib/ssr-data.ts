import type { DehydratedState } from '@tanstack/react-query';

/** The id of the `<script type="application/json">` block a server-rendered page carries its data in. */
export const SSR_DATA_ELEMENT_ID = 'ssr-data';

/** What the server hands the browser with a rendered page: its clock and the query cache it rendered from. */
export interface SsrData {
  renderedAt: string;
  queries: DehydratedState;
}

/** The data block of a server-rendered page, or null when the page came as the bare app shell. */
export function readSsrData(): SsrData | null {
  const element = document.getElementById(SSR_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrData;
  } catch {
    return null;
  }
}
