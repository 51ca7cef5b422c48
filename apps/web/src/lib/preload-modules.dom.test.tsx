import { afterEach, describe, expect, it } from 'vitest';
import { listedPreloads, preloadModules } from './preload-modules.ts';

const linked = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => [
    link.getAttribute('href'),
    link.crossOrigin,
  ]);

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('preloadModules', () => {
  it('reads the files the server listed on the script that started the app', () => {
    expect(listedPreloads()).toEqual([]);
    document.body.innerHTML =
      '<script data-entry="/assets/index-1.js" data-preload="/assets/a-1.js /assets/b-2.js"></script>';
    expect(listedPreloads()).toEqual(['/assets/a-1.js', '/assets/b-2.js']);
  });

  it('links each file once, as a module preload, eight per task', async () => {
    document.head.innerHTML = '<link rel="modulepreload" crossorigin href="/assets/f-3.js">';
    const files = Array.from({ length: 20 }, (_, index) => `/assets/f-${index}.js`);
    const done = preloadModules(files);
    // The first eight (one of them linked already) before the function gives the task back.
    expect(linked()).toHaveLength(8);
    await done;
    const all = linked();
    expect(all).toHaveLength(20);
    expect(new Set(all.map(([href]) => href))).toEqual(new Set(files));
    expect(all.every(([, crossOrigin]) => crossOrigin === '')).toBe(true);
  });
});
