import type { MessageTree, NamespaceName } from '@excelencia/domain';
import type { DehydratedState } from '@tanstack/react-query';

/** The id of the `<script type="application/json">` block a server-rendered page carries its data in. */
export const SSR_DATA_ELEMENT_ID = 'ssr-data';

/**
 * What the server hands the browser with a page it rendered: its clock (a countdown starts from it); for a
 * visitor's page, the texts the page's islands use, in the page's language (lib/island.tsx); for a signed-in
 * page, the answers it was rendered with, which the app hydrates with (docs/adr/0037).
 */
export interface SsrData {
  renderedAt: string;
  messages: Partial<Record<NamespaceName, MessageTree>>;
  queries?: DehydratedState;
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
