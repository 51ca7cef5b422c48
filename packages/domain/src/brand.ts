/**
 * The portal's emblem, as apps/web/public/favicon.svg draws it (a test keeps the two equal): a gold star on a
 * Cabo Verde blue tile over a white and a red bar, in a 64-unit box. The server's pages, its /favicon.ico and the
 * built-in identity provider's pages draw it from here.
 */
export const EMBLEM_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="Excelência Empresarial">
  <rect width="64" height="64" rx="14" fill="#0032ad"/>
  <path d="M32 10l5.6 11.9 13 1.6-9.6 9 2.5 12.9L32 39l-11.5 6.4 2.5-12.9-9.6-9 13-1.6z" fill="#f7d116"/>
  <rect x="14" y="50" width="36" height="4" rx="2" fill="#ffffff"/>
  <rect x="14" y="56" width="36" height="2" rx="1" fill="#cf2027"/>
</svg>
`;

/** The emblem as a data: address, for a page served from another origin (the identity provider's). */
export const EMBLEM_DATA_URL = `data:image/svg+xml,${encodeURIComponent(EMBLEM_SVG)}`;
