/**
 * The portal's own address (scheme, host, port), for links a user copies out of the portal (a seal's public check
 * and badge): the browser's, or, while the server renders a signed-in page (docs/adr/0037), its public address.
 */
let serverOrigin = '';

export function setServerOrigin(publicUrl: string): void {
  serverOrigin = new URL(publicUrl).origin;
}

export function portalOrigin(): string {
  return typeof window === 'undefined' ? serverOrigin : window.location.origin;
}
