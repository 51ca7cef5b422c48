import type { MessageTree, NamespaceName } from '@excelencia/domain';

/** The id of the `<script type="application/json">` block a server-rendered page carries its data in. */
export const SSR_DATA_ELEMENT_ID = 'ssr-data';

/**
 * What the server hands the browser with a page it rendered for a visitor: its clock (a countdown starts from
 * it) and the texts the page's islands use, in the page's language (lib/island.tsx).
 */
export interface SsrData {
  renderedAt: string;
  messages: Partial<Record<NamespaceName, MessageTree>>;
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
