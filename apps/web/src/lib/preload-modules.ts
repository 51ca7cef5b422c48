import { nextTask } from './next-task.ts';

/** Links appended per task: each starts a request, about a quarter of a millisecond of the phone's main thread. */
const PER_TASK = 8;

/** The files the server listed for the page's routes on the script that started the app (`data-preload`). */
export function listedPreloads(): string[] {
  const listed = document.querySelector<HTMLScriptElement>('script[data-entry]')?.dataset.preload;
  return listed ? listed.split(' ').filter((file) => file !== '') : [];
}

/**
 * Asks for the files a few per task, each as a `<link rel="modulepreload">` (docs/adr/0039). Loading a route asks
 * for the same files through the bundler's helper, which skips those already linked; all at once, the links are
 * one long task per route.
 */
export async function preloadModules(files: readonly string[]): Promise<void> {
  for (let start = 0; start < files.length; start += PER_TASK) {
    for (const href of files.slice(start, start + PER_TASK)) {
      if (document.head.querySelector(`link[href="${CSS.escape(href)}"]`)) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    await nextTask();
  }
}
