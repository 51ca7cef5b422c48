// Starts the app of a server-rendered page once the page has loaded: the page's HTML and styles get the
// connection first, so a visitor on a phone reads the page before its JavaScript downloads and hydrates it.
// The entry's address is written by the server (apps/server/src/modules/site/page-renderer.ts).
// Marks that scripts run here (end-to-end tests then wait for hydration; a browser without JavaScript never has it).
document.documentElement.dataset.boot = 'true';
const entry = document.querySelector('script[data-entry]')?.getAttribute('data-entry');
const start = () => {
  if (entry) void import(entry);
};
if (document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });
