/**
 * Where the focus goes once a modal or drawer has closed, when the control that opened it is gone (a Submit that
 * the submission replaced, a Remove whose document went): the page's main region, so that the keyboard goes on
 * from the page and not from the document's start, and a screen reader is not left on nothing. Nothing changes
 * while the focus is on an element (the opener it was returned to, or wherever the user moved it).
 */
export function keepFocusOnPage(opener: Element | null): void {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  if (opener instanceof HTMLElement && opener.isConnected) {
    opener.focus({ preventScroll: true });
    return;
  }
  const main = document.getElementById('main');
  if (!main) return;
  // Focusable by script only: the region does not join the Tab order.
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus({ preventScroll: true });
}
